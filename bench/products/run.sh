#!/usr/bin/env bash
# Matrix products side by side with a tuned BLAS (OpenBLAS, Debian libopenblas-dev):
# bench/products/gemm.c as written (gcc), after `nestor optimize` (gcc), and through
# cblas_[ds]gemm, per shape and element type, at THREADS threads (default "1 2").
# Prints GFLOP/s (best of REPS runs inside each program, built with -O3 -march=native)
# and nestor's fraction of the BLAS rate. The original's and nestor's hashes of C must
# agree when both are built with -ffp-contract=off (gcc's default contraction into FMAs
# crosses statements, so it rounds each program differently). Not part of the tests.
# Usage: bench/products/run.sh [THREADS...]
set -euo pipefail
cd "$(dirname "$0")/../.."
threads=${*:-1 2}
nestor=target/release/nestor
flags="-O3 -march=native"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf "%-6s %-16s %3s %9s %9s %9s %8s\n" type shape thr original nestor blas "n/blas"
for type in double float; do
  for shape in "1000 1100 1200" "2000 2000 2000" "512 4096 256"; do
    set -- $shape
    defs="-DNI=$1 -DNJ=$2 -DNK=$3"
    [ "$type" = float ] && defs="$defs -DFLOAT"
    "$nestor" optimize -q $defs bench/products/gemm.c > "$work/gemm.nestor.c"
    gcc $flags $defs -o "$work/orig" bench/products/gemm.c
    gcc $flags $defs -fopenmp -o "$work/nestor" "$work/gemm.nestor.c"
    gcc $flags $defs -DUSE_BLAS -o "$work/blas" bench/products/gemm.c -lopenblas
    gcc $flags -ffp-contract=off $defs -DREPS=1 -o "$work/orig.exact" bench/products/gemm.c
    gcc $flags -ffp-contract=off $defs -DREPS=1 -o "$work/nestor.exact" "$work/gemm.nestor.c"
    [ "$("$work/orig.exact" | cut -d' ' -f3)" = "$("$work/nestor.exact" | cut -d' ' -f3)" ] \
      || echo "$type $shape: nestor's result differs from the original's" >&2
    for t in $threads; do
      o=$(OMP_NUM_THREADS=$t "$work/orig")
      n=$(OMP_NUM_THREADS=$t "$work/nestor")
      b=$(OPENBLAS_NUM_THREADS=$t "$work/blas")
      printf "%-6s %-16s %3s %9s %9s %9s %7.0f%%\n" "$type" "$1x$2x$3" "$t" \
        "$(echo "$o" | cut -d' ' -f2)" "$(echo "$n" | cut -d' ' -f2)" \
        "$(echo "$b" | cut -d' ' -f2)" \
        "$(echo "$n $b" | awk '{print 100 * $2 / $5}')"
    done
  done
done
