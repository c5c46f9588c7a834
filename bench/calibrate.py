#!/usr/bin/env python3
"""Calibration of the cost model: does it rank orders as the machine does?

For each sample (all of samples/*.c, or the names given) this runs

    nestor tune --candidates K --runs N --json FILE -D ... sample.c

with the benchmark sizes of bench/sizes.txt: every region's K legal orders that the
model ranks best (the search's choice first, the original order second) are compiled
with `-O3 -march=native -ffp-contract=off` and timed (whole program, fastest of N
runs), and their output compared with the original's. From the timings it reports,
over the regions whose candidates differ in time by more than --spread (others say
nothing about the model):

  * how often the search's choice is the fastest candidate (within --tolerance),
  * the geometric mean of time(search's choice) / time(fastest candidate): what
    trusting the model costs against timing the candidates (`nestor tune`),
  * Kendall's tau-b between model cost and measured time (1: same ranking),

and writes a Markdown table to bench/calibration.md. Not part of `cargo test`.

Usage: bench/calibrate.py [--candidates K] [--runs N] [--spread F] [--tolerance F]
                          [--nestor PATH] [--output FILE] [--no-tile] [SAMPLE ...]
"""

import argparse
import datetime
import json
import math
import os
import platform
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import ROOT, SAMPLES, SIZES, NESTOR, STACK, read_sizes, log  # noqa: E402


def kendall_tau_b(xs, ys):
    """Kendall's tau-b of two equally long sequences (ties in either count as such)."""
    concordant = discordant = ties_x = ties_y = 0
    n = len(xs)
    for a in range(n):
        for b in range(a + 1, n):
            dx = (xs[a] > xs[b]) - (xs[a] < xs[b])
            dy = (ys[a] > ys[b]) - (ys[a] < ys[b])
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif dx == dy:
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denominator if denominator else 0.0


def tune(nestor, sample, flags, args, workdir):
    out_json = workdir / f"{sample}.json"
    cmd = [str(nestor), "tune", "-q", "--candidates", str(args.candidates),
           "--runs", str(args.runs), "--timeout", str(args.timeout),
           "--json", str(out_json), "-o", str(workdir / f"{sample}.c")]
    if args.no_tile:
        cmd.append("--no-tile")
    cmd += flags + [str(SAMPLES / f"{sample}.c")]
    env = dict(os.environ, NESTOR_CACHE=os.environ.get("NESTOR_CACHE", "host"))
    # Samples may keep big arrays on the stack (run.py raises the limit the same way).
    done = subprocess.run(cmd, capture_output=True, text=True, env=env,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_STACK,
                                                                (STACK, STACK)))
    if done.returncode != 0:
        log(f"{sample}: nestor tune failed ({done.returncode}): {done.stderr.strip()[:300]}")
        return None
    return json.loads(out_json.read_text())


def region_rows(sample, tuning, args):
    rows = []
    for region in tuning["regions"]:
        timed = [c for c in region["candidates"] if c["measured"]["verdict"] == "identical"]
        wrong = [c for c in region["candidates"] if c["measured"]["verdict"] == "differs"]
        if wrong:
            log(f"{sample}: line {region['line']}: {len(wrong)} candidate(s) DIFFER")
        if len(timed) < 2:
            continue
        times = [c["measured"]["seconds"] for c in timed]
        costs = [c["cost"] for c in timed]
        fastest = min(times)
        by_index = {c["index"]: c for c in timed}
        chosen = by_index.get(0)
        if chosen is None:
            continue
        cheapest = min(timed, key=lambda c: (c["cost"], c["index"]))
        best = min(timed, key=lambda c: (c["measured"]["seconds"], c["index"]))
        rows.append({
            "sample": sample,
            "line": region["line"],
            "candidates": len(timed),
            "spread": max(times) / fastest,
            "tau": kendall_tau_b(costs, times),
            "miss": chosen["measured"]["seconds"] / fastest,
            "cheapest_miss": cheapest["measured"]["seconds"] / fastest,
            "fastest": best["index"],
            "fastest_order": "; ".join(best["decisions"]) or "original order",
            "original": tuning["original_seconds"],
        })
    return rows


def summary(rows, args):
    decisive = [r for r in rows if r["spread"] > args.spread]
    if not decisive:
        return decisive, None
    hits = sum(r["miss"] <= 1 + args.tolerance for r in decisive)
    geo = math.exp(sum(math.log(r["miss"]) for r in decisive) / len(decisive))
    geo_cheapest = math.exp(sum(math.log(r["cheapest_miss"]) for r in decisive) / len(decisive))
    tau = sum(r["tau"] for r in decisive) / len(decisive)
    return decisive, (hits, geo, geo_cheapest, tau)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--candidates", type=int, default=8)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--spread", type=float, default=1.10,
                   help="regions whose slowest candidate is at most this much slower than "
                        "the fastest are left out (default 1.10)")
    p.add_argument("--tolerance", type=float, default=0.03,
                   help="the search's choice counts as fastest within this fraction (0.03)")
    p.add_argument("--nestor", type=Path, default=NESTOR)
    p.add_argument("--no-tile", action="store_true", help="time the orders untiled")
    p.add_argument("--output", type=Path, default=ROOT / "bench" / "calibration.md")
    p.add_argument("samples", nargs="*")
    args = p.parse_args()
    sizes = read_sizes(SIZES)
    names = args.samples or sorted(f.stem for f in SAMPLES.glob("*.c"))
    rows = []
    with tempfile.TemporaryDirectory(prefix="nestor-calibrate") as tmp:
        for name in names:
            log(f"{name}: tuning")
            tuning = tune(args.nestor, name, sizes.get(name, []), args, Path(tmp))
            if tuning:
                rows += region_rows(name, tuning, args)
    decisive, totals = summary(rows, args)
    lines = [
        "# Cost model calibration",
        "",
        f"`bench/calibrate.py --candidates {args.candidates} --runs {args.runs}"
        f"{' --no-tile' if args.no_tile else ''}`, {datetime.date.today()}, "
        f"{platform.machine()} {platform.node()}, {os.cpu_count()} CPUs. Whole-program "
        "wall time, fastest of the runs; regions whose candidates differ by more than "
        f"{(args.spread - 1) * 100:.0f}% only.",
        "",
        "| sample | line | candidates | spread | tau-b | search's choice / fastest "
        "| cheapest by model / fastest | fastest order |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in decisive:
        lines.append(
            f"| {r['sample']} | {r['line']} | {r['candidates']} | {r['spread']:.2f} "
            f"| {r['tau']:+.2f} | {r['miss']:.2f} | {r['cheapest_miss']:.2f} "
            f"| #{r['fastest']}: {r['fastest_order']} |")
    lines.append("")
    if totals:
        hits, geo, geo_cheapest, tau = totals
        lines += [
            f"**{len(decisive)} decisive regions** (of {len(rows)} timed): the search's choice "
            f"is the fastest in **{hits}** ({100 * hits / len(decisive):.0f}%); "
            f"geometric mean of its time over the fastest's **{geo:.3f}** "
            f"(the cheapest by the model: {geo_cheapest:.3f}); "
            f"mean Kendall tau-b of cost and time **{tau:+.2f}**.",
            "",
        ]
    else:
        lines += ["No region's candidates differ in time.", ""]
    text = "\n".join(lines)
    print(text)
    args.output.write_text(text)


if __name__ == "__main__":
    main()
