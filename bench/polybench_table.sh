#!/usr/bin/env bash
# PolyBench/C 4.2.1 as written and as nestor rewrites it, one row per kernel, in one run:
# the original (gcc -O3 -march=native, LARGE), nestor's output built the same way, and
# nestor's output built with -fopenmp at 1 and 2 threads (idle threads sleep); the time
# ratios over the original, the scaling from 1 to 2 threads, and whether the arrays
# PolyBench dumps (SMALL, every value as a hex float, -ffp-contract=off) are
# bit-identical to the original's with 2 threads. Times are the least of REPS runs,
# the four builds of a kernel interleaved. Prints a Markdown table and the geometric
# means; products against a tuned BLAS are bench/products/run.sh's. Not part of the
# tests (about 40 minutes on a 2-core VM with REPS=3: lu, ludcmp and cholesky
# initialize in O(n^3) at every run).
# Usage: bench/polybench_table.sh PBDIR [WORKDIR]   (PBDIR: a pristine PolyBench/C 4.2.1
# tree, never committed; REPS, default 3; KERNELS, a grep -E pattern, picks kernels)
set -u
PB=$(cd "$1" && pwd); W=${2:-$(mktemp -d)}; mkdir -p "$W"; W=$(cd "$W" && pwd)
nestor=$(cd "$(dirname "$0")/.." && pwd)/target/release/nestor
reps=${REPS:-3}
. "$(dirname "$0")/polybench_common.sh"
E="$E -fopenmp"  # the dumps of the OpenMP build, on 2 threads

echo "| kernel | original s | nestor s | speedup | OpenMP 1 thread s | 2 threads s | speedup | 1 -> 2 threads | dumps |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
logs=""
for rel in $(sed 's|^\./||' "$PB/utilities/benchmark_list" | grep -E "${KERNELS:-.}"); do
  k=$(basename "$rel" .c); d=$(dirname "$rel")
  cd "$W/pb"
  "$nestor" optimize -q -I utilities -I "$d" "$rel" -o "$d/$k.nestor.c" 2>/dev/null || cp "$rel" "$d/$k.nestor.c"
  gcc $T -Iutilities -I"$d" utilities/polybench.c "$rel" -o "$W/$k.orig" -lm
  gcc $T -Iutilities -I"$d" utilities/polybench.c "$d/$k.nestor.c" -o "$W/$k.seq" -lm
  gcc $T -fopenmp -Iutilities -I"$d" utilities/polybench.c "$d/$k.nestor.c" -o "$W/$k.omp" -lm
  cd "$W/dump"; cp "$W/pb/$d/$k.nestor.c" "$d/"
  gcc $E -Iutilities -I"$d" utilities/polybench.c "$rel" -o "$W/$k.dump.orig" -lm
  gcc $E -Iutilities -I"$d" utilities/polybench.c "$d/$k.nestor.c" -o "$W/$k.dump.omp" -lm
  "$W/$k.dump.orig" 2> "$W/$k.a" > /dev/null
  OMP_NUM_THREADS=2 "$W/$k.dump.omp" 2> "$W/$k.b" > /dev/null
  dumps=identical; cmp -s "$W/$k.a" "$W/$k.b" || dumps=DIFFER
  o=(); s=(); p1=(); p2=()
  for _ in $(seq "$reps"); do
    o+=("$("$W/$k.orig")"); s+=("$("$W/$k.seq")")
    p1+=("$(OMP_WAIT_POLICY=passive OMP_NUM_THREADS=1 "$W/$k.omp")")
    p2+=("$(OMP_WAIT_POLICY=passive OMP_NUM_THREADS=2 "$W/$k.omp")")
  done
  o=$(least "${o[@]}"); s=$(least "${s[@]}"); p1=$(least "${p1[@]}"); p2=$(least "${p2[@]}")
  one=$(ratio "$o" "$s"); two=$(ratio "$o" "$p2")
  echo "| $k | $o | $s | ${one}x | $p1 | $p2 | ${two}x | $(ratio "$p1" "$p2")x | $dumps |"
  logs="$logs $one:$two"
done
read -r n one two < <(echo "$logs" | geomeans)
[ -n "${n:-}" ] && printf "\nGeometric-mean speedup over %d kernels: %.2fx on one thread, %.2fx on two\n" "$n" "$one" "$two"
