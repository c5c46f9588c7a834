#!/usr/bin/env python3
"""Differential fuzzing of loops run on threads in parts around a pivot (Floyd-Warshall's
shape), a campaign to run by hand after a change to `parallel::Finder::in_parts`,
`splitting::band_split` or the isolate option that emits the parts.

    tests/fuzz_pivots.py NESTOR FIRST_SEED LAST_SEED [WORKDIR]

Each seed gives a program of our own: a loop `k` around rows `i` (upward, downward or
from `k`) whose cells read the pivot row and column (`k`, `k + 1` or `k - 1`), by a
minimum, a product or a difference, directly or through a scalar, with or without a
statement that sums the pivot column into a vector, over a 2-D or a 3-D array, int
(wrapping: the sums overflow, built with -fwrapv) or double. The original and nestor's
rewrite are compared at 1, 2 and 4 OpenMP threads; every fifth program's rewrite also
runs under ASan and UBSan. Prints each difference and how many programs ran a loop in
parts. Exit status 1 if any output differed or a rewrite did not compile.
"""
import os
import random
import subprocess
import sys


def prog(seed):
    """The C program of `seed`: a kernel(n) of pivot-row updates and a main that runs it
    and prints every value (hex floats for doubles)."""
    r = random.Random(seed)
    ty = r.choice(['int', 'double'])
    N = r.randint(6, 24)
    piv = r.choice(['k', 'k', 'k', 'k + 1', 'k - 1'])
    three = r.random() < 0.25
    cell = 'd[p][i][j]' if three else 'd[i][j]'
    row = (lambda a, b: f'd[p][{a}][{b}]') if three else (lambda a, b: f'd[{a}][{b}]')
    op = r.choice(['min', 'add', 'sub'])
    if op == 'min':
        s = f'{row("i", piv)} + {row(piv, "j")}'
        e = f'({s} < {cell} ? {s} : {cell})'
    elif op == 'add':
        e = f'{cell} + {row("i", piv)} * {row(piv, "j")} / 7'
    else:
        e = f'{cell} - {row(piv, "j")}'
    body = [f't = {e};', f'{cell} = t;'] if r.random() < 0.4 else [f'{cell} = {e};']
    k_lo = '1' if piv == 'k - 1' else '0'
    k_hi = 'n - 1' if piv == 'k + 1' else 'n'
    i_loop = r.choice(['for (i = 0; i < n; i++)', 'for (i = 0; i < n; i++)',
                       'for (i = n - 1; i >= 0; i--)', 'for (i = k; i < n; i++)'])
    j_lo = r.choice(['0', '0', 'k'])
    extra = f'      e[i] = e[i] + {row("i", "k")};\n' if r.random() < 0.3 else ''
    inner = '\n'.join(f'        {b}' for b in body)
    nest = (f'  for (k = {k_lo}; k < {k_hi}; k++)\n'
            f'    {i_loop} {{\n{extra}'
            f'      for (j = {j_lo}; j < n; j++) {{\n{inner}\n      }}\n    }}\n')
    if three:
        nest = '  for (p = 0; p < 3; p++)\n' + nest.replace('\n  ', '\n    ').replace('  for (k', '    for (k', 1)
    dims = f'[3][{N}][{N}]' if three else f'[{N}][{N}]'
    fmt = '"%a\\n"' if ty == 'double' else '"%d\\n"'
    init = ('for (int p = 0; p < 3; p++) for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) '
            'd[p][i][j] = ((p * 5 + i * 7 + j * 13) % 17) + (i != j);' if three else
            'for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) d[i][j] = ((i * 7 + j * 13) % 17) + (i != j);')
    out = ('for (int p = 0; p < 3; p++) for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) '
           f'printf({fmt}, d[p][i][j]);' if three else
           f'for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) printf({fmt}, d[i][j]);')
    return f"""#include <stdio.h>

static void kernel(int n, {ty} d{dims}, {ty} e[{N}])
{{
  int i, j, k, p;
  {ty} t;
#pragma scop
{nest}#pragma endscop
}}

int main(void)
{{
  static {ty} d{dims}, e[{N}];
  int n = {N};
  for (int i = 0; i < n; i++) e[i] = (i * 3) % 5;
  {init}
  kernel(n, d, e);
  for (int i = 0; i < n; i++) printf({fmt}, e[i]);
  {out}
  return 0;
}}
"""


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)


def main():
    nestor, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    work = sys.argv[4] if len(sys.argv) > 4 else '/tmp/fuzz_pivots'
    os.makedirs(work, exist_ok=True)
    cc = ['gcc', '-O2', '-fopenmp', '-ffp-contract=off', '-fwrapv', '-w']
    failed, in_parts, n = False, 0, 0
    for seed in range(first, last + 1):
        src = os.path.join(work, f'p{seed}.c')
        opt = os.path.join(work, f'p{seed}.opt.c')
        with open(src, 'w') as f:
            f.write(prog(seed))
        n += 1
        p = run([nestor, 'optimize', '-q', src, '-o', opt])
        if p.returncode not in (0, 4):
            print(f'seed {seed}: nestor exited {p.returncode}: {p.stderr[-300:]}')
            failed = True
            continue
        if 'in two parts' in run([nestor, 'explain', src]).stdout:
            in_parts += 1
        a, b = os.path.join(work, 'a'), os.path.join(work, 'b')
        if run(cc + [src, '-o', a]).returncode != 0:
            continue
        if run(cc + [opt, '-o', b]).returncode != 0:
            print(f'seed {seed}: the rewrite does not compile ({opt})')
            failed = True
            continue
        want = run([a]).stdout
        for threads in (1, 2, 4):
            env = dict(os.environ, OMP_NUM_THREADS=str(threads))
            if run([b], env).stdout != want:
                print(f'seed {seed}: differs at {threads} threads ({src})')
                failed = True
        if seed % 5 == 0 and run(cc + ['-fsanitize=address,undefined', opt, '-o', b]).returncode == 0:
            s = run([b], dict(os.environ, OMP_NUM_THREADS='2'))
            if s.returncode != 0 or s.stdout != want:
                print(f'seed {seed}: sanitized rewrite failed: {s.stderr[-300:]}')
                failed = True
    print(f'{n} programs, {in_parts} with a loop in parts')
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
