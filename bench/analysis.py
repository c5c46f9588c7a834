#!/usr/bin/env python3
"""Analysis speed: wall time of `nestor optimize` per file, and legality checks per
second, for the current release binary and optionally a baseline binary, interleaved
in one run so that the ratio is fair. Not a test: the figures depend on the machine.

    bench/analysis.py [--baseline PATH] [--runs N] [--polybench DIR] [FILES...]

Default files: samples/*.c and bench/corpus/*.c (edge_filter.c is a 33-statement
filter chain, the shape whose analysis is slowest). `--polybench DIR` times the 30
kernels of a PolyBench/C 4.2.1 tree instead (fetched outside the repository, see
../shared/notes/measuring.md), with `-I DIR/utilities`. The checks are the candidates
the search checked, as `nestor explain` reports them. Per file the median of the runs
(`--min`: the least, steadier on a noisy machine).
"""
import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CURRENT = ROOT / "target" / "release" / "nestor"


INCLUDES = []


def timed(binary, path):
    start = time.perf_counter()
    p = subprocess.run([str(binary), "optimize", "-q", *INCLUDES, str(path)], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if p.returncode not in (0, 4):
        raise RuntimeError(f"{binary} optimize {path} exited {p.returncode}: {p.stderr[-500:]}")
    return elapsed


def checks(binary, path):
    p = subprocess.run([str(binary), "explain", *INCLUDES, str(path)], capture_output=True, text=True)
    return sum(int(n) for n in re.findall(r"\((\d+) candidates? checked", p.stdout))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--baseline", type=Path, help="an earlier nestor binary to compare with")
    ap.add_argument("--runs", type=int, default=3, help="runs per file and binary (default 3)")
    ap.add_argument("--polybench", type=Path, help="a PolyBench/C 4.2.1 tree: time its 30 kernels")
    ap.add_argument("--min", action="store_true", help="per file the least time of the runs, not the median")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if args.polybench:
        INCLUDES.extend(["-I", str(args.polybench / "utilities")])
        files = sorted(f for f in args.polybench.glob("*/**/*.c")
                       if f.parent.name != "utilities" and not f.name.endswith(".orig.c"))
    else:
        files = args.files or sorted((ROOT / "samples").glob("*.c")) + sorted((ROOT / "bench" / "corpus").glob("*.c"))
    pick = min if args.min else statistics.median
    binaries = {"current": CURRENT}
    if args.baseline:
        binaries["baseline"] = args.baseline
    header = "| file | checks | current s | checks/s |" + (" baseline s | ratio |" if args.baseline else "")
    print(header)
    print("|---|---:|---:|---:|" + ("---:|---:|" if args.baseline else ""))
    totals = {k: 0.0 for k in binaries}
    medians = {k: [] for k in binaries}
    for path in files:
        times = {k: [] for k in binaries}
        for _ in range(args.runs):
            for name, binary in binaries.items():
                times[name].append(timed(binary, path))
        med = {k: pick(v) for k, v in times.items()}
        for k in binaries:
            totals[k] += med[k]
            medians[k].append(med[k])
        n = checks(CURRENT, path)
        row = f"| {path.name} | {n} | {med['current']:.3f} | {n / med['current']:.1f} |"
        if args.baseline:
            row += f" {med['baseline']:.3f} | {med['baseline'] / med['current']:.2f}x |"
        print(row, flush=True)
    print()
    for k in binaries:
        print(f"{k}: total {totals[k]:.2f} s, median {statistics.median(medians[k]):.3f} s,"
              f" max {max(medians[k]):.2f} s over {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
