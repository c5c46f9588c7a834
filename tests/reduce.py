#!/usr/bin/env python3
"""Shrink a C program on which nestor misbehaves, keeping the misbehaviour.

A line- and token-level delta reducer (python3, no dependencies) for the failures of
the fuzzers (`tests/fuzz_semantics.rs`, `tests/fuzz.rs`):

    python3 tests/reduce.py /tmp/nestor-semfuzz-<seed>-<i>/original.c -o small.c
    python3 tests/reduce.py prog.c --args=--fuse              # nestor's options
    python3 tests/reduce.py prog.c --mode compile             # rewritten does not compile
    python3 tests/reduce.py prog.c --mode crash               # nestor exits with neither 0 nor 4
    python3 tests/reduce.py prog.c --predicate ./interesting.sh   # your own test

The built-in predicate (`--mode differs`, the default) holds when the candidate

1. compiles with `cc -O2 -Wall` without warnings about uninitialised values, implicit
   declarations or conversions that would make it meaningless, prints something, and
   runs cleanly under `-fsanitize=undefined,address`;
2. is rewritten by `nestor optimize ARGS` (exit 0 or 4);
3. and the rewritten program, compiled with the same flags (`-O0` and `-O2
   -ffp-contract=off`, plus `-fopenmp` with `--omp`, then run with 1 and 4 threads),
   prints something different or exits differently (`--mode differs`), or does not
   compile (`--mode compile`, or also with `--mode differs`).

`--mode crash` holds when nestor exits with anything but 0 or 4 (a panic, a signal, a
time-out) on a candidate that compiles. `--grep REGEX` additionally requires REGEX to
match the `#` summary lines of `nestor diff` (the decisions), so that a reduction
keeps the same transformation, e.g. `--grep 'fused'` or `--grep 'contracted'`.

A custom predicate is an executable run as `PRED candidate.c` in a scratch directory;
exit status 0 means "still interesting".

With cvise (Debian: `apt-get install cvise`), the same predicate drives it:

    python3 tests/reduce.py prog.c --cvise-script interesting.sh   # writes the script
    cvise interesting.sh prog.c                                    # reduces prog.c in place

(`--check FILE` evaluates the built-in predicate once: exit 0 when interesting.)

Environment: `NESTOR_BIN` (default: target/release/nestor, else target/debug/nestor),
`CC` (default cc).
"""

import argparse
import hashlib
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SANITIZE = [
    "-O0",
    "-g",
    "-fsanitize=undefined,address",
    "-fno-sanitize-recover=all",
    "-ffp-contract=off",
]
# warnings that make a reduced candidate meaningless (its behaviour is not defined by
# its text, or it is not the C we started from)
STRICT = [
    "-Werror=uninitialized",
    "-Werror=maybe-uninitialized",
    "-Werror=implicit-function-declaration",
    "-Werror=implicit-int",
    "-Werror=return-type",
    "-Werror=int-conversion",
    "-Werror=incompatible-pointer-types",
    "-Werror=builtin-declaration-mismatch",
    "-Werror=div-by-zero",
    "-Werror=format",
    "-Werror=array-bounds",
    "-Werror=aggressive-loop-optimizations",
]


def default_nestor():
    env = os.environ.get("NESTOR_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        p = os.path.join(REPO, "target", profile, "nestor")
        if os.path.exists(p):
            return p
    return "nestor"


def run(cmd, timeout, env=None, cwd=None):
    """(exit code or None on time-out, stdout bytes, stderr bytes)"""
    e = dict(os.environ)
    if env:
        e.update(env)
    try:
        p = subprocess.run(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=timeout,
            env=e,
            cwd=cwd,
        )
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, b"", b""


class Predicate:
    def __init__(self, opts):
        self.o = opts
        self.cc = os.environ.get("CC", "cc")
        self.cache = {}
        self.calls = 0

    def __call__(self, text):
        key = hashlib.sha1(text.encode()).hexdigest()
        if key not in self.cache:
            self.calls += 1
            with tempfile.TemporaryDirectory(prefix="nestor-reduce-") as d:
                self.cache[key] = self.check(text, d)
        return self.cache[key]

    def compile(self, src, exe, flags):
        code, _, _ = run([self.cc] + flags + ["-w", "-o", exe, src, "-lm"], 60)
        return code == 0

    def check(self, text, d):
        src = os.path.join(d, "prog.c")
        with open(src, "w") as f:
            f.write(text)
        o = self.o
        if o.predicate:
            code, _, _ = run([os.path.abspath(o.predicate), src], o.timeout * 10, cwd=d)
            return code == 0
        # the original must be plain, meaningful C
        code, _, _ = run(
            [self.cc, "-O2", "-Wall", "-c", "-o", os.path.join(d, "strict.o")] + STRICT + [src],
            60,
        )
        if code != 0:
            return False
        nargs = shlex.split(o.args or "")
        code, out, _ = run([o.nestor, "optimize"] + nargs + [src], o.nestor_timeout)
        if o.mode == "crash":
            return code not in (0, 4)
        if code not in (0, 4):
            return False
        rewritten = out.decode("utf-8", "replace")
        if rewritten == text:
            return False
        if o.grep:
            _, dout, _ = run([o.nestor, "diff"] + nargs + [src], o.nestor_timeout)
            heads = "\n".join(
                l for l in dout.decode("utf-8", "replace").splitlines() if l.startswith("#")
            )
            if not re.search(o.grep, heads):
                return False
        rsrc = os.path.join(d, "rewritten.c")
        with open(rsrc, "w") as f:
            f.write(rewritten)
        interesting = False
        threads = ["1", "4"] if o.omp else ["1"]
        for level in ("-O0", "-O2"):
            flags = [level, "-ffp-contract=off"] + (["-fopenmp"] if o.omp else [])
            oexe, rexe = os.path.join(d, "o" + level), os.path.join(d, "r" + level)
            if not self.compile(src, oexe, flags):
                return False
            rcomp = self.compile(rsrc, rexe, flags)
            if o.mode == "compile":
                return not rcomp
            if not rcomp:
                interesting = True
                break
            ref = None
            for t in threads:
                env = {"OMP_NUM_THREADS": t}
                a = run([oexe], o.timeout, env)
                if a[0] is None or a[0] < 0 or not a[1]:
                    return False
                if ref is None:
                    ref = a
                elif (a[0], a[1]) != (ref[0], ref[1]):
                    return False  # the original itself depends on the thread count
                b = run([rexe], o.timeout * 3, env)
                if (b[0], b[1]) != (ref[0], ref[1]):
                    interesting = True
            if interesting:
                break
        if not interesting or o.mode == "compile":
            return False
        # last (slowest): the original has no undefined behaviour
        san = os.path.join(d, "san")
        if not self.compile(src, san, SANITIZE):
            return False
        code, _, _ = run(
            [san],
            o.timeout * 3,
            {"ASAN_OPTIONS": "detect_leaks=0", "OMP_NUM_THREADS": "1"},
        )
        return code == 0


# ---------------------------------------------------------------------------------
# Reduction passes
# ---------------------------------------------------------------------------------

TOKEN = re.compile(
    r"\s+|//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'"
    r"|[A-Za-z_]\w*|\d[\w.]*|->|\+\+|--|<<=|>>=|[-+*/%&|^<>=!]=|&&|\|\||<<|>>|.",
    re.S,
)


def tokens(line):
    return [m.group(0) for m in TOKEN.finditer(line)]


class Reducer:
    def __init__(self, pred, text, verbose, out_path):
        self.pred = pred
        self.lines = text.splitlines(keepends=True)
        self.verbose = verbose
        self.out_path = out_path
        self.t0 = time.time()

    def text(self, lines=None):
        return "".join(self.lines if lines is None else lines)

    def accept(self, lines):
        if self.pred(self.text(lines)):
            self.lines = lines
            if self.out_path:
                with open(self.out_path, "w") as f:
                    f.write(self.text())
            return True
        return False

    def log(self, what):
        if self.verbose:
            print(
                f"[{time.time() - self.t0:6.0f}s] {what}: {len(self.lines)} lines, "
                f"{len(self.text())} bytes, {self.pred.calls} tests",
                file=sys.stderr,
            )

    def ddmin_lines(self):
        """Removes chunks of lines, from the end, halving the chunk size down to one."""
        changed = False
        n = max(1, len(self.lines) // 2)
        while n >= 1:
            i = len(self.lines)
            while i > 0:
                s = max(0, i - n)
                cand = self.lines[:s] + self.lines[i:]
                if cand and self.accept(cand):
                    changed = True
                i = s
            if n == 1:
                break
            n //= 2
        return changed

    def blocks(self):
        """Removes brace-balanced blocks: a line opening `{` up to its closing line,
        with the header line before it when the brace is alone."""
        changed = False
        i = len(self.lines) - 1
        while i >= 0:
            if i < len(self.lines) and "{" in self.lines[i]:
                depth = 0
                j = i
                while j < len(self.lines):
                    depth += self.lines[j].count("{") - self.lines[j].count("}")
                    if depth <= 0:
                        break
                    j += 1
                if j < len(self.lines):
                    starts = [i]
                    if self.lines[i].strip() == "{" and i > 0:
                        starts.append(i - 1)
                    for s in starts:
                        cand = self.lines[:s] + self.lines[j + 1 :]
                        if cand and self.accept(cand):
                            changed = True
                            break
                    else:
                        # keep the block, drop only its braces
                        if self.lines[i].strip() == "{" and self.lines[j].strip() == "}":
                            cand = self.lines[:i] + self.lines[i + 1 : j] + self.lines[j + 1 :]
                            if self.accept(cand):
                                changed = True
            i -= 1
        return changed

    def conditionals(self):
        """`#if`/`#ifdef`/`#ifndef` ... `#endif`: removes the whole conditional, or only
        its directive lines keeping one branch."""
        changed = False
        i = len(self.lines) - 1
        while i >= 0:
            if i < len(self.lines) and re.match(r"\s*#\s*if", self.lines[i]):
                depth, j, elses = 0, i, []
                while j < len(self.lines):
                    l = self.lines[j].strip()
                    if re.match(r"#\s*if", l):
                        depth += 1
                    elif re.match(r"#\s*endif", l):
                        depth -= 1
                        if depth == 0:
                            break
                    elif depth == 1 and re.match(r"#\s*(else|elif)", l):
                        elses.append(j)
                    j += 1
                if j < len(self.lines):
                    bounds = [i] + elses + [j]
                    cands = [self.lines[:i] + self.lines[j + 1 :]]
                    for a, b in zip(bounds, bounds[1:]):
                        cands.append(self.lines[:i] + self.lines[a + 1 : b] + self.lines[j + 1 :])
                    for cand in cands:
                        if self.accept(cand):
                            changed = True
                            break
            i -= 1
        return changed

    def tokens_pass(self):
        """Per line: removes runs of tokens, then balanced parenthesized groups, and
        replaces numbers by 0 or 1."""
        changed = False
        for li in range(len(self.lines) - 1, -1, -1):
            if li >= len(self.lines):
                continue
            line = self.lines[li]
            if line.lstrip().startswith("#include"):
                continue
            toks = tokens(line)
            n = max(1, len(toks) // 2)
            while n >= 1:
                k = len(toks)
                while k > 0:
                    s = max(0, k - n)
                    if all(t.isspace() for t in toks[s:k]) or toks[s:k] == ["\n"]:
                        k = s
                        continue
                    cand_toks = toks[:s] + toks[k:]
                    new = "".join(cand_toks)
                    if line.endswith("\n") and not new.endswith("\n"):
                        new += "\n"
                    cand = self.lines[:li] + [new] + self.lines[li + 1 :]
                    if self.accept(cand):
                        toks = tokens(new)
                        line = new
                        changed = True
                    k = s
                if n == 1:
                    break
                n //= 2
            # numbers -> 0 / 1
            for k, t in enumerate(toks):
                if re.fullmatch(r"\d[\w.]*", t) and t not in ("0", "1"):
                    for r in ("0", "1"):
                        cand_toks = toks[:k] + [r] + toks[k + 1 :]
                        cand = self.lines[:li] + ["".join(cand_toks)] + self.lines[li + 1 :]
                        if self.accept(cand):
                            toks = cand_toks
                            changed = True
                            break
        return changed

    def reduce(self):
        if not self.pred(self.text()):
            sys.exit(
                "reduce.py: the input does not satisfy the predicate "
                "(wrong --mode or --args? see --check)"
            )
        self.log("start")
        while True:
            changed = self.conditionals()
            changed |= self.blocks()
            self.log("blocks")
            changed |= self.ddmin_lines()
            self.log("lines")
            changed |= self.tokens_pass()
            self.log("tokens")
            if not changed:
                break
        return self.text()


def cvise_script(path, opts):
    me = os.path.abspath(__file__)
    args = [
        "python3",
        me,
        "--check",
        os.path.basename(opts.file),
        "--mode",
        opts.mode,
        "--nestor",
        os.path.abspath(opts.nestor) if os.path.exists(opts.nestor) else opts.nestor,
        "--timeout",
        str(opts.timeout),
    ]
    if opts.args:
        args.append("--args=" + opts.args)
    if opts.omp:
        args.append("--omp")
    if opts.grep:
        args += ["--grep", opts.grep]
    if opts.predicate:
        args += ["--predicate", os.path.abspath(opts.predicate)]
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# interestingness test for cvise, written by tests/reduce.py\n")
        f.write("exec " + " ".join(shlex.quote(a) for a in args) + "\n")
    os.chmod(path, 0o755)


def main():
    ap = argparse.ArgumentParser(
        description="Shrink a C file while nestor still misbehaves on it.",
        epilog="See the module docstring (head of this file) for the predicate.",
    )
    ap.add_argument("file", help="the C file to reduce (left as is unless -o names it)")
    ap.add_argument("-o", "--out", help="where to write the reduced file (default FILE.reduced.c)")
    ap.add_argument("--mode", choices=["differs", "compile", "crash"], default="differs")
    ap.add_argument("--args", default=None, help="options for `nestor optimize`, e.g. --args=--fuse")
    ap.add_argument("--omp", action="store_true", help="compile with -fopenmp, run with 1 and 4 threads")
    ap.add_argument("--grep", help="regex that nestor diff's summary lines must match")
    ap.add_argument("--predicate", help="an executable: PRED candidate.c exits 0 when interesting")
    ap.add_argument("--nestor", default=default_nestor())
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds per program run")
    ap.add_argument("--nestor-timeout", type=float, default=60.0)
    ap.add_argument("--check", action="store_true", help="evaluate the predicate once (exit 0: interesting)")
    ap.add_argument("--cvise-script", metavar="PATH", help="write an interestingness script for cvise and exit")
    ap.add_argument("-q", "--quiet", action="store_true")
    opts = ap.parse_args()
    if not opts.omp and not opts.predicate:
        # programs with OpenMP pragmas outside #if 0 are compared with threads
        with open(opts.file) as f:
            # drop the inactive branches of `#if 0` (up to its `#else` or `#endif`)
            body = re.sub(r"#\s*if\s+0\b.*?(?=#\s*(else|endif))", "", f.read(), flags=re.S)
        opts.omp = "#pragma omp" in body
    if opts.cvise_script:
        cvise_script(opts.cvise_script, opts)
        print(f"wrote {opts.cvise_script}; run: cvise {opts.cvise_script} {opts.file}")
        return
    pred = Predicate(opts)
    with open(opts.file) as f:
        text = f.read()
    if opts.check:
        sys.exit(0 if pred(text) else 1)
    out = opts.out or re.sub(r"\.c$", "", opts.file) + ".reduced.c"
    r = Reducer(pred, text, not opts.quiet, out)
    small = r.reduce()
    with open(out, "w") as f:
        f.write(small)
    print(
        f"{opts.file}: {len(text)} -> {len(small)} bytes ({pred.calls} tests, "
        f"{time.time() - r.t0:.0f} s): {out}"
    )


if __name__ == "__main__":
    main()
