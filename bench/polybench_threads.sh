#!/usr/bin/env bash
# OpenMP scaling of nestor's PolyBench output, for a many-core machine (the device).
#   bench/polybench_threads.sh prepare PBDIR DIR   here: DIR/pb = PolyBench/C 4.2.1 with
#                                                  each kernel's `nestor optimize` output
#                                                  beside it (k.nestor.c); never commit DIR
#   OUT=... bench/polybench_threads.sh run DIR     there: compiles (gcc -O3 -march=native
#                                                  -fopenmp, LARGE), runs each output at
#                                                  THREADS (default 1 2 4 8 16) and writes
#                                                  kernel seconds to $OUT/threads.tsv
# KERNELS (a grep -E pattern) picks kernels; LIMIT (s, default 60) bounds each run,
# initialization included (cholesky, lu and ludcmp initialize in O(N^3)). Idle OpenMP
# threads sleep (WAIT=passive, the default; WAIT=active, or WAIT=default for OpenMP's
# own): spinning ones slowed even kernels without a parallel loop on a 16-vCPU VM, up
# to 2x at 16 threads; but sleeping ones wake slowly, which costs kernels that start
# threads often (fdtd-2d, 4 loops per time step: 1.28x from 1 to 2 threads passive,
# 1.89x with WAIT=default).
# Take the minimum of several runs: that VM's times of one binary swing by up to 2x.
set -u
case ${1:-} in
prepare)
  PB=$2; DIR=$3; nestor=$(cd "$(dirname "$0")/.." && pwd)/target/release/nestor
  rm -rf "$DIR/pb"; mkdir -p "$DIR"; cp -r "$PB" "$DIR/pb"; rm -rf "$DIR/pb/.git"
  cd "$DIR/pb"
  for rel in $(sed 's|^\./||' utilities/benchmark_list); do
    k=$(basename "$rel" .c); d=$(dirname "$rel")
    "$nestor" optimize -q -I utilities -I "$d" "$rel" -o "$d/$k.nestor.c" 2>/dev/null || cp "$rel" "$d/$k.nestor.c"
  done ;;
run)
  cd "$2/pb"; OUT=${OUT:-/tmp/threads}; mkdir -p "$OUT/bin"
  { gcc --version | head -1; nproc; lscpu | grep -E "Model name|L2|L3"; } > "$OUT/env.txt"
  F="-O3 -march=native -ffp-contract=off -w -DLARGE_DATASET -DPOLYBENCH_TIME -fopenmp -Iutilities"
  list=$(sed 's|^\./||' utilities/benchmark_list | grep -E "${KERNELS:-.}")
  for rel in $list; do
    k=$(basename "$rel" .c); d=$(dirname "$rel")
    echo "gcc $F -I$d utilities/polybench.c $d/$k.nestor.c -o $OUT/bin/$k -lm"
  done | xargs -P "$(nproc)" -I{} sh -c "{}" 2>> "$OUT/cc.err"
  threads=${THREADS:-1 2 4 8 16}
  wait=OMP_WAIT_POLICY=${WAIT:-passive}; [ "${WAIT:-}" = default ] && wait=
  echo -e "kernel\t${threads// /\\t}" > "$OUT/threads.tsv"
  for rel in $list; do
    k=$(basename "$rel" .c); row=$k
    for t in $threads; do
      s=$(env $wait OMP_NUM_THREADS=$t OMP_PROC_BIND=close timeout "${LIMIT:-60}" "$OUT/bin/$k" 2>/dev/null | tail -1)
      row="$row\t$s"
    done
    echo -e "$row" | tee -a "$OUT/threads.tsv"
  done ;;
*) sed -n 2,17p "$0"; exit 2 ;;
esac
