#!/usr/bin/env bash
# Real-code kernels side by side: as written (gcc), after `nestor optimize` (gcc), and
# as written through clang + Polly, interleaved, RUNS times each, one thread; prints
# each program's median seconds and the ratios over the original. The programs are
# bench/real_code/*.c (which print their own kernel times on stderr) and the samples
# written like real code, built with -DLARGE (which print `kernel_seconds` under
# NESTOR_BENCH_TIME). Usage: bench/real_code/run.sh [RUNS]. Needs clang-19 with Polly
# (Debian: clang-19 libpolly-19-dev). Not part of the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
nestor=target/release/nestor
flags="-O3 -march=native -ffp-contract=off"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NESTOR_BENCH_TIME=1
samples="samples/transformer_block.c samples/image_u8.c samples/sizet_matmul.c"
for src in bench/real_code/*.c $samples; do
  name=$(basename "$src" .c)
  defs=""
  case "$src" in samples/*) defs="-DLARGE" ;; esac
  "$nestor" optimize -q $defs "$src" > "$work/$name.nestor.c"
  gcc $flags $defs -o "$work/$name.orig" "$src" -lm
  gcc $flags $defs -w -o "$work/$name.nestor" "$work/$name.nestor.c" -lm
  clang-19 $flags $defs -mllvm -polly -o "$work/$name.polly" "$src" -lm
  for r in $(seq "$runs"); do
    for v in orig nestor polly; do
      "$work/$name.$v" 2>> "$work/$name.$v.times" >> "$work/$name.$v.out"
    done
  done
  for v in orig nestor polly; do
    if [ "$(sort -u "$work/$name.$v.out" | wc -l)" != 1 ] \
      || ! cmp -s <(sort -u "$work/$name.$v.out") <(sort -u "$work/$name.orig.out"); then
      echo "$name $v: output differs from the original's" >&2
    fi
  done
  python3 - "$work" "$name" <<'PY'
import re, statistics, sys
work, name = sys.argv[1], sys.argv[2]
def times(v):
    per = {}
    for line in open(f"{work}/{name}.{v}.times"):
        for key, t in re.findall(r"([a-z_]+)[ =]+([0-9.]+)", line):
            per.setdefault(key, []).append(float(t))
    return {k: statistics.median(ts) for k, ts in per.items()}
o, n, p = times("orig"), times("nestor"), times("polly")
for k in o:
    print(f"{name:18} {k:15} orig {o[k]:8.4f} s  nestor {n[k]:8.4f} s ({o[k]/n[k]:5.2f}x)  polly {p[k]:8.4f} s ({o[k]/p[k]:5.2f}x)")
PY
done
