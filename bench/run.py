#!/usr/bin/env python3
"""Benchmark: how much faster do the samples run after `nestor optimize`?

For each sample (all of samples/*.c, or the names given as arguments) this

  * rewrites it with `target/release/nestor optimize -D NAME=VALUE ...`, using the
    benchmark sizes of bench/sizes.txt (a sample nestor fails on is reported, not fatal),
  * compiles the original and the optimized file with `cc -O3 -march=native`,
  * runs them interleaved (original, optimized, original, ...), --runs times each,
    reading the `kernel_seconds S` line each program prints on stderr (with
    NESTOR_BENCH_TIME set),
  * with --threads N (N > 1), also compiles the optimized file with -fopenmp and runs it
    with OMP_NUM_THREADS=N in the same interleaving (nestor's parallel loops),
  * checks that every run of every program printed the same stdout,
  * records peak memory (max RSS) through /usr/bin/time when it is installed,

then prints a Markdown table with the median kernel times, the speedup
(original / optimized) and the geometric-mean speedup, and writes it to
bench/latest.md (history: bench/results.md). Not part of `cargo test`.

Usage: bench/run.py [--runs N] [--threads N] [--cc CC] [--cflags FLAGS] [--timeout S]
                    [--keep] [--no-build] [--output FILE] [SAMPLE ...]
"""

import argparse
import datetime
import math
import os
import resource
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SIZES = ROOT / "bench" / "sizes.txt"
NESTOR = ROOT / "target" / "release" / "nestor"
GNU_TIME = "/usr/bin/time"
SLOW = 0.95  # speedups below this are called out as slowdowns
SHORT = 0.05  # kernels faster than this (seconds) are too short to time reliably
STACK = 4 << 30  # stack limit for the programs (samples may keep big VLAs on the stack)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def read_sizes(path):
    """`sample: -DN=1 -DM=2` lines -> {sample: ["-DN=1", "-DM=2"]}."""
    sizes = {}
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, flags = line.partition(":")
        flags = shlex.split(flags)
        if not sep or not all(f.startswith("-D") and "=" in f for f in flags):
            sys.exit(f"{path}:{lineno}: expected `sample: -DNAME=VALUE ...`, got {line!r}")
        sizes[name.strip()] = flags
    return sizes


def run(cmd, timeout=None, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)


def raise_stack_limit():
    """Runs in the child before exec: a stack of up to STACK bytes (same for both)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    want = STACK if hard == resource.RLIM_INFINITY else min(STACK, hard)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_STACK, (want, hard))


def tail(text, lines=15):
    return "\n".join(text.strip().splitlines()[-lines:])


def compile_c(cc, cflags, src, exe, defines):
    cmd = [cc, *cflags, "-w", "-I", str(SAMPLES), *defines, "-o", str(exe), str(src), "-lm"]
    p = run(cmd)
    if p.returncode != 0:
        raise RuntimeError(f"`{' '.join(cmd)}` failed:\n{tail(p.stderr)}")


def same_machine_code(args, src, opt_src, defines, d):
    """Whether both versions compile to the same assembly (directives aside)."""
    def asm(path):
        out = d / (path.name + ".s")
        cmd = [args.cc, *args.cflags, "-w", "-I", str(SAMPLES), *defines, "-S", "-o", str(out), str(path)]
        if run(cmd).returncode != 0:
            return None
        return [l for l in out.read_text().splitlines()
                if not l.lstrip().startswith((".file", ".ident", ".loc"))]
    a = asm(src)
    return a is not None and a == asm(opt_src)


def run_timed(exe, workdir, timeout, threads=None):
    """One run (with `threads` OpenMP threads): (stdout, kernel seconds, max RSS in KB or None)."""
    rss_file = workdir / "rss.txt"
    use_time = os.access(GNU_TIME, os.X_OK)
    cmd = [GNU_TIME, "-f", "%M", "-o", str(rss_file), str(exe)] if use_time else [str(exe)]
    # The samples print their kernel time only when asked (stderr is compared by verify).
    env = dict(os.environ, NESTOR_BENCH_TIME="1")
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    try:
        p = run(cmd, timeout=timeout, preexec_fn=raise_stack_limit, env=env)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{exe.name} ran longer than {timeout} s")
    if p.returncode != 0:
        raise RuntimeError(f"{exe.name} exited with {p.returncode}:\n{tail(p.stderr)}")
    secs = [float(l.split()[1]) for l in p.stderr.splitlines() if l.startswith("kernel_seconds ")]
    if len(secs) != 1:
        raise RuntimeError(f"{exe.name} printed {len(secs)} `kernel_seconds` lines on stderr, expected 1")
    rss = None
    if use_time:
        try:
            rss = int(rss_file.read_text().split()[-1])
        except (OSError, ValueError, IndexError):
            pass
    return p.stdout, secs[0], rss


def decisions(defines, src):
    nestor_d = [a for d in defines for a in ("-D", d[2:])]
    p = run([str(NESTOR), "explain", *nestor_d, str(src)])
    return [l.strip() for l in p.stdout.splitlines() if "decision" in l]


def bench_sample(name, defines, args, workdir):
    """Returns a result dict; `status` is "ok" or a short failure label."""
    res = {"name": name, "defines": defines, "status": "ok", "note": "", "notes": [], "decisions": []}
    if not defines:
        res["notes"].append("no entry in bench/sizes.txt: default (test) sizes")
    src = SAMPLES / f"{name}.c"
    d = workdir / name
    d.mkdir()
    opt_src = d / f"{name}.opt.c"
    nestor_d = [a for x in defines for a in ("-D", x[2:])]
    p = run([str(NESTOR), "optimize", *nestor_d, str(src)])
    if p.returncode != 0:
        res.update(status="nestor failed", note=f"exit {p.returncode}: {tail(p.stderr, 5)}")
        return res
    opt_src.write_text(p.stdout)
    res["decisions"] = decisions(defines, src)

    exes = {"orig": d / "orig", "opt": d / "opt"}
    parallel = args.threads > 1 and "#pragma omp" in p.stdout
    if parallel:
        exes["par"] = d / "par"
        exes["par1"] = exes["par"]  # the same OpenMP build on one thread
    try:
        compile_c(args.cc, args.cflags, src, exes["orig"], defines)
        compile_c(args.cc, args.cflags, opt_src, exes["opt"], defines)
        if parallel:
            compile_c(args.cc, [*args.cflags, "-fopenmp"], opt_src, exes["par"], defines)
    except RuntimeError as e:
        res.update(status="compile failed", note=str(e))
        return res

    res["same_code"] = same_machine_code(args, src, opt_src, defines, d)
    if res["same_code"]:
        res["notes"].append("identical machine code for both versions: any difference is noise")

    times = {k: [] for k in exes}
    rss = {k: [] for k in exes}
    outputs = {k: set() for k in exes}
    try:
        for i in range(args.runs):
            for which in exes:
                threads = {"par": args.threads, "par1": 1}.get(which)
                out, secs, kb = run_timed(exes[which], d, args.timeout, threads)
                outputs[which].add(out)
                times[which].append(secs)
                if kb is not None:
                    rss[which].append(kb)
            log(f"  run {i + 1}/{args.runs}: orig {times['orig'][-1]:.4f} s, opt {times['opt'][-1]:.4f} s")
    except RuntimeError as e:
        res.update(status="run failed", note=str(e))
        return res

    res["orig"] = statistics.median(times["orig"])
    res["opt"] = statistics.median(times["opt"])
    res["speedup"] = res["orig"] / res["opt"] if res["opt"] > 0 else float("inf")
    if parallel:
        res["par"] = statistics.median(times["par"])
        res["par_speedup"] = res["orig"] / res["par"] if res["par"] > 0 else float("inf")
        res["par1"] = statistics.median(times["par1"])
        res["scaling"] = res["par1"] / res["par"] if res["par"] > 0 else float("inf")
    res["rss_orig"] = max(rss["orig"]) if rss["orig"] else None
    res["rss_opt"] = max(rss["opt"]) if rss["opt"] else None
    res["spread"] = {k: (min(v), max(v)) for k, v in times.items()}
    if res["orig"] < SHORT:
        res["notes"].append(f"original kernel runs under {SHORT} s: the ratio is mostly noise")

    if any(len(o) != 1 for o in outputs.values()):
        res.update(status="OUTPUT UNSTABLE", note="a program printed different stdout on different runs")
    elif parallel and any(outputs[k] != outputs["orig"] for k in ("par1", "par")):
        threads = [t for k, t in (("par1", 1), ("par", args.threads)) if outputs[k] != outputs["orig"]]
        if all(same_without_fma(args, src, opt_src, defines, d, t) for t in threads):
            res.update(status="ok (FMA)", note=f"stdout of the OpenMP build on {' and '.join(map(str, threads))}"
                       " thread(s) differs only with FP contraction: identical with -ffp-contract=off")
        else:
            res.update(status="OUTPUT MISMATCH",
                       note=f"the OpenMP build on {' or '.join(map(str, threads))} thread(s) printed other output")
    elif outputs["orig"] != outputs["opt"]:
        if same_without_fma(args, src, opt_src, defines, d):
            res.update(status="ok (FMA)", note="stdout differs only with FP contraction: identical with -ffp-contract=off")
        else:
            res.update(status="OUTPUT MISMATCH",
                       note=f"original printed {next(iter(outputs['orig']))!r}, optimized printed {next(iter(outputs['opt']))!r}")
    return res


def same_without_fma(args, src, opt_src, defines, d, threads=None):
    """Whether the original and the optimized program (with `threads`: built with
    -fopenmp and run with that many threads) print the same without FP contraction.
    Tells a real miscompile from rounding: -O3 contracts a*b+c into an FMA where it can,
    and where it can depends on the loop order and on the code OpenMP outlines."""
    nofma = [*args.cflags, "-ffp-contract=off"]
    opt_flags = [*nofma, "-fopenmp"] if threads else nofma
    try:
        compile_c(args.cc, nofma, src, d / "orig_nofma", defines)
        compile_c(args.cc, opt_flags, opt_src, d / "opt_nofma", defines)
        a = run_timed(d / "orig_nofma", d, args.timeout)[0]
        b = run_timed(d / "opt_nofma", d, args.timeout, threads)[0]
    except RuntimeError:
        return False
    return a == b


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_rss(kb):
    return "n/a" if kb is None else str(kb)


def report(results, args, started, load):
    lines = [
        "# nestor benchmark results",
        "",
        f"- date: {started:%Y-%m-%d %H:%M} (took {(datetime.datetime.now() - started).seconds} s)",
        f"- machine: {cpu_model()}, {os.cpu_count()} CPUs, load average {load[0]:.2f} at start, {os.getloadavg()[0]:.2f} at end",
        f"- compiler: `{args.cc} {' '.join(args.cflags)}` ({cc_version(args.cc)})",
        f"- nestor: {git_describe()}",
        f"- {args.runs} interleaved runs per program; times are medians of the kernel wall time"
        " (CLOCK_MONOTONIC around the kernel call); speedup = original / optimized;"
        " RSS = peak resident memory in KB (max over runs)",
        f"- sizes: bench/sizes.txt",
        "",
        f"- {args.threads} threads: the optimized program compiled with -fopenmp and run with"
        f" OMP_NUM_THREADS={args.threads} (samples with a parallel loop; the others run"
        " the same code on one thread); scaling = that build on one thread / on"
        f" {args.threads} threads" if args.threads > 1 else "- one thread",
        "",
        "| sample | original s | optimized s | speedup | "
        + (f"{args.threads} threads s | speedup | scaling | " if args.threads > 1 else "")
        + "RSS orig/opt KB | status |",
        "|---|---:|---:|---:|" + ("---:|---:|---:|" if args.threads > 1 else "") + "---:|---|",
    ]
    speedups, timed, par_speedups = [], [], []
    for r in results:
        if "speedup" in r:
            if r["status"].startswith("ok"):
                speedups.append(r["speedup"])
                if r["orig"] >= SHORT:
                    timed.append(r["speedup"])
            flag = ""
            if r["same_code"]:
                flag = " (same code)"
            elif r["speedup"] < SLOW:
                flag = " **(slower)**"
            par = ""
            if args.threads > 1:
                p, ps = r.get("par", r["opt"]), r.get("par_speedup", r["speedup"])
                if r["status"].startswith("ok"):
                    par_speedups.append(ps)
                scaling = f"{r['scaling']:.2f}x" if "scaling" in r else "-"
                par = f"| {p:.4f} | {ps:.2f}x | {scaling} "
            lines.append(
                f"| {r['name']} | {r['orig']:.4f} | {r['opt']:.4f} | {r['speedup']:.2f}x{flag} "
                f"{par}| {fmt_rss(r['rss_orig'])} / {fmt_rss(r['rss_opt'])} | {r['status']} |"
            )
        else:
            dashes = "- | - | - | " if args.threads > 1 else ""
            lines.append(f"| {r['name']} | - | - | - | {dashes}- | **{r['status']}** |")
    lines.append("")
    if speedups:
        lines.append(f"**Geometric-mean speedup: {geomean(speedups):.3f}x** over {len(speedups)} samples"
                     " (those whose outputs match).")
        if par_speedups:
            lines.append("")
            lines.append(f"**With {args.threads} threads: {geomean(par_speedups):.3f}x.**")
            scalings = [r["scaling"] for r in results if "scaling" in r and r["status"].startswith("ok")]
            if scalings:
                lines.append("")
                lines.append(f"Scaling of the OpenMP build from 1 to {args.threads} threads, geometric mean"
                             f" over the {len(scalings)} samples with a parallel loop: {geomean(scalings):.3f}x.")
        if timed and len(timed) < len(speedups):
            lines.append("")
            lines.append(f"Geometric-mean speedup over the {len(timed)} samples whose original kernel"
                         f" runs at least {SHORT} s: {geomean(timed):.3f}x.")
    else:
        lines.append("No sample completed.")
    lines.append("")

    problems = [r for r in results if not r["status"].startswith("ok") or r["note"] or r["notes"]]
    if problems:
        lines += ["## Notes", ""]
        for r in problems:
            note = "; ".join(n for n in [r["note"], *r["notes"]] if n).replace("\n", "\n    ")
            lines.append(f"- **{r['name']}** ({r['status']}): {note}")
        lines.append("")

    lines += ["## What nestor did (at the benchmark sizes)", ""]
    for r in results:
        flags = " ".join(r["defines"]) or "(default sizes)"
        dec = "; ".join(d.removeprefix("decision: ") for d in r["decisions"]) or "no transformation"
        lines.append(f"- **{r['name']}** `{flags}`: {dec}")
    lines.append("")
    return "\n".join(lines)


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def cc_version(cc):
    try:
        return run([cc, "--version"]).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "unknown version"


def git_describe():
    try:
        head = run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]).stdout.strip()
        dirty = run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src", "Cargo.toml"]).stdout.strip()
        return f"commit {head}" + (" with uncommitted changes under src/" if dirty else "")
    except OSError:
        return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("samples", nargs="*", help="sample names (matmul or samples/matmul.c); default: all")
    ap.add_argument("--runs", type=int, default=5, help="runs of each program (default 5)")
    ap.add_argument("--threads", type=int, default=1,
                    help="also run the optimized program with this many OpenMP threads (default 1: no)")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cflags", default="-O3 -march=native", help="default: -O3 -march=native")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per program run (default 300)")
    ap.add_argument("--output", default=str(ROOT / "bench" / "latest.md"))
    ap.add_argument("--no-build", action="store_true", help="use the existing target/release/nestor")
    ap.add_argument("--keep", action="store_true", help="keep the build directory and print its path")
    args = ap.parse_args()
    args.cflags = shlex.split(args.cflags)
    if args.runs < 1:
        sys.exit("--runs must be at least 1")

    sizes = read_sizes(SIZES)
    if args.samples:
        names = [Path(s).name.removesuffix(".c") for s in args.samples]
    else:
        names = sorted(p.stem for p in SAMPLES.glob("*.c"))
    missing = [n for n in names if not (SAMPLES / f"{n}.c").is_file()]
    if missing:
        sys.exit(f"no such sample: {', '.join(missing)}")

    if not args.no_build:
        log("building nestor (cargo build --release)")
        p = subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT)
        if p.returncode != 0:
            sys.exit("cargo build --release failed")
    if not NESTOR.is_file():
        sys.exit(f"{NESTOR} does not exist")
    if not os.access(GNU_TIME, os.X_OK):
        log(f"{GNU_TIME} not found: peak memory is not measured")

    started = datetime.datetime.now()
    load = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="nestor-bench-"))
    results = []
    try:
        for name in names:
            defines = sizes.get(name, [])
            log(f"{name} {' '.join(defines) or '(no entry in bench/sizes.txt: default sizes)'}")
            r = bench_sample(name, defines, args, workdir)
            if "speedup" in r:
                log(f"  -> {r['orig']:.4f} s / {r['opt']:.4f} s = {r['speedup']:.2f}x  [{r['status']}]")
            else:
                log(f"  -> {r['status']}: {r['note']}")
            if r["status"] in ("OUTPUT MISMATCH", "OUTPUT UNSTABLE"):
                log(f"  !!! {name}: {r['status']}: {r['note']}")
            results.append(r)
    finally:
        if args.keep:
            log(f"build directory kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)

    text = report(results, args, started, load)
    print(text)
    Path(args.output).write_text(text)
    log(f"written to {args.output}")
    bad = [r for r in results if not r["status"].startswith("ok")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
