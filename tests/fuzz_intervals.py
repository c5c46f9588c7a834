#!/usr/bin/env python3
"""Differential fuzzing of interval recurrences (nussinov's shape), a campaign to run by
hand after a change to row jams, diagonal jams or the isolation of register tiles.

    tests/fuzz_intervals.py NESTOR FIRST_SEED LAST_SEED [WORKDIR]

Each seed gives a program of our own: cells (i, j) of a triangle filled from the last
row up, each the best of sums over a split k (with or without a residue or data
condition, through a scalar or into a second array) and of zero to four neighbour
statements (the same diagonal, two rows down, the transposed cell, a second
recurrence), int / long / float / double, run at 13 sizes and hashed bit by bit. The
original and nestor's rewrite are built with ASan and UBSan and compared at 1, 2 and 4
OpenMP threads; a program whose original trips a sanitizer is skipped. Prints each
difference and how many programs ran a diagonal's cells side by side. Exit status 1
if any output differed or a rewrite did not compile.
"""
import os
import random
import subprocess
import sys


def prog(seed):
    """The C program of `seed`: a kernel(n) of interval recurrences and a main that
    runs it at 13 sizes and prints a hash of every bit of T, U and S after each."""
    r = random.Random(seed)
    ty = r.choice(['int','double','float','long'])
    N = r.choice([23, 37, 50])
    i_start = r.choice(['n - 1', 'n - 2'])
    j_lo = r.choice(['i + 1', 'i + 2', 'i'])
    j_hi = r.choice(['n', 'n - 1'])
    mx = r.choice(['((a) >= (b) ? (a) : (b))', '((a) < (b) ? (a) : (b))', '((a) > (b) ? (a) : (b))'])
    body = []
    # neighbour statements
    nbs = r.sample([
        'T[i][j] = M(T[i][j], T[i][j - 1]);',
        'T[i][j] = M(T[i][j], T[i + 1][j]);',
        'if (i + 1 < n) T[i][j] = M(T[i][j], T[i + 1][j - 1] + (w[i] + w[j] == 3));',
        'T[i][j] = M(T[i][j], T[i + 1][j - 1] + w[i]);',
        'T[i][j] = T[i][j] + w[j] % 3;',
        'U[i][j] = T[i][j - 1] + U[i + 1][j];',
        'T[j][i] = T[i][j - 1];',
        'T[i][j] = M(T[i][j], T[i + 1][j + 1]);',
        'T[i][j] = M(T[i][j], T[i + 2][j] + 1);',
        'U[i][j] = M(U[i][j - 1], T[i + 1][j]) + U[i + 1][j - 1] / 5;',
        'S[i][j] = S[i + 1][j - 1] + T[i][j];',
        'T[i][j] = T[i][j] - S[i][j - 1] / 4;',
    ], r.randint(0, 4))
    body += nbs
    cond = r.choice(['', '', '', 'if (k % 3 != 1) ', 'if ((i + k) % 2 == 0) ', 'if (k - i > 2) ', 'if ((j - k) % 3 == 0) ', 'if (w[k] > 1) '])
    k_lo = r.choice(['i + 1', 'i', 'i + 2'])
    k_hi = r.choice(['j', 'j - 1', 'j + 1'])
    term = r.choice(['T[i][k] + T[k + 1][j]', 'T[i][k] + T[k][j]', 'T[i][k] / 2 + T[k + 1][j] - w[k]', 'T[i][k - 1] + T[k + 1][j]', 'T[i + 1][k] + T[k][j]'])
    if k_hi == 'j + 1' and 'T[i][k]' in term: k_hi = 'j'
    ksum = f'for (int k = {k_lo}; k < {k_hi}; k++) {cond}T[i][j] = M(T[i][j], {term});'
    if r.random() < 0.15:
        ksum = f'{{ {ty} acc = T[i][j]; for (int k = {k_lo}; k < {k_hi}; k++) {cond}acc = M(acc, {term}); T[i][j] = acc; }}'
    elif r.random() < 0.15:
        ksum = f'for (int k = {k_lo}; k < {k_hi}; k++) {cond}U[i][j] = M(U[i][j], T[i][k] + U[k + 1][j]);'
    elif r.random() < 0.3:
        ksum = f'for (int k = {k_lo}; k < {k_hi}; k++) {cond}S[i][j] += T[i][k] * (k % 4 - 1);'
    pos = r.randint(0, len(body))
    body.insert(pos, ksum)
    if r.random() < 0.25:
        body.insert(0, r.choice(['T[i][j] = T[i][j] + 1;', 'S[i][j] = 0;']))
    lb = 1 if (j_lo == 'i' or k_lo == 'i' or r.random() < 0.3) else 0
    b = '\n      '.join(body)
    fmt = {'int':'%d','long':'%ld','double':'%a','float':'%a'}[ty]
    return f'''#include <stdio.h>
#define NP {N + 2}
#define M(a, b) {mx}
static {ty} T[NP][NP], U[NP][NP], S[NP][NP];
static int w[NP];
void kernel(int n) {{
  for (int i = {i_start}; i >= {lb}; i--)
    for (int j = {j_lo}; j < {j_hi}; j++) {{
      {b}
    }}
}}
int main(void) {{
  int sizes[] = {{0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 19, 24, {N}}};
  for (int c = 0; c < 13; c++) {{
    int n = sizes[c];
    for (int i = 0; i < NP; i++) {{
      w[i] = (i * 7 + 3) % 4;
      for (int j = 0; j < NP; j++) {{
        T[i][j] = ({ty})((i * 3 + j * 5) % 7) / 2;
        U[i][j] = ({ty})((i + j * 11) % 5);
        S[i][j] = ({ty})((i * 13 + j) % 3);
      }}
    }}
    kernel(n);
    unsigned long long h = 1469598103934665603ULL;
    for (int i = 0; i < NP; i++)
      for (int j = 0; j < NP; j++) {{
        {ty} v[3] = {{T[i][j], U[i][j], S[i][j]}};
        unsigned char *p = (unsigned char *)v;
        for (unsigned q = 0; q < sizeof v; q++) h = (h ^ p[q]) * 1099511628211ULL;
      }}
    printf("%d %llu\\n", n, h);
  }}
  return 0;
}}
'''


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    nestor, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    work = sys.argv[4] if len(sys.argv) > 4 else "/tmp/nestor_fuzz_intervals"
    os.makedirs(work, exist_ok=True)
    cc = ["gcc", "-O1", "-ffp-contract=off", "-fopenmp", "-fsanitize=address,undefined",
          "-fno-sanitize-recover"]
    failures, jammed = 0, 0
    for seed in range(first, last + 1):
        src, out = f"{work}/p{seed}.c", f"{work}/o{seed}.c"
        with open(src, "w") as f:
            f.write(prog(seed))
        rewritten = run([nestor, "optimize", src])
        if rewritten.returncode != 0:
            print(f"seed {seed}: nestor exited with {rewritten.returncode}")
            failures += 1
            continue
        with open(out, "w") as f:
            f.write(rewritten.stdout)
        explained = run([nestor, "explain", src]).stdout
        jammed += "- i`, whose iterations each wait" in explained
        if run(cc + [src, "-o", f"{work}/a{seed}"]).returncode != 0:
            continue
        if run(cc + [out, "-o", f"{work}/b{seed}"]).returncode != 0:
            print(f"seed {seed}: the rewrite does not compile ({out})")
            failures += 1
            continue
        original = run([f"{work}/a{seed}"], timeout=60)
        if original.returncode != 0:
            continue
        for threads in ["1", "2", "4"]:
            env = dict(os.environ, OMP_NUM_THREADS=threads)
            got = run([f"{work}/b{seed}"], timeout=60, env=env)
            if got.stdout != original.stdout or got.returncode != 0:
                print(f"seed {seed}: differs at {threads} threads ({src}, {out})")
                failures += 1
                break
        for exe in ["a", "b"]:
            if os.path.exists(f"{work}/{exe}{seed}"):
                os.remove(f"{work}/{exe}{seed}")
    print(f"seeds {first}..{last}: {failures} failures, {jammed} diagonal jams")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
