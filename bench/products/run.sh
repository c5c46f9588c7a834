#!/usr/bin/env bash
# Products side by side with a tuned BLAS (OpenBLAS, Debian libopenblas-dev): each
# program of bench/products (gemm.c, a matrix product; syr2k.c, a symmetric rank-2k
# update; symm.c, a product with a symmetric matrix of which one triangle is read;
# trmm.c, a triangular matrix product in place) as written (gcc), after `nestor optimize` (gcc), and through the BLAS routine
# of the same operation, per shape and element type, at THREADS threads (default
# "1 2"). Prints GFLOP/s (best of REPS runs inside each program, built with -O3
# -march=native) and nestor's fraction of the BLAS rate. The original's and nestor's
# hashes must agree when both are built with -ffp-contract=off (gcc's default
# contraction into FMAs crosses statements, so it rounds each program differently).
# Not part of the tests.
# Usage: bench/products/run.sh [THREADS...]   (PROGRAMS="gemm syr2k symm trmm" picks programs)
set -euo pipefail
cd "$(dirname "$0")/../.."
threads=${*:-1 2}
nestor=target/release/nestor
flags="-O3 -march=native -Ibench/products"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A shapes=(
  [gemm]="NI NJ NK:1000 1100 1200,2000 2000 2000,512 4096 256"
  [syr2k]="DIM_N DIM_K:1200 1000,2000 2000,4000 256"
  [symm]="DIM_M DIM_N:1000 1200,2000 2000,4000 512"
  [trmm]="DIM_M DIM_N:1000 1200,2000 2000,4000 512"
)
printf "%-6s %-6s %-16s %3s %9s %9s %9s %8s\n" program type shape thr original nestor blas "n/blas"
for program in ${PROGRAMS:-gemm syr2k symm trmm}; do
  src=bench/products/$program.c
  names=${shapes[$program]%%:*}
  IFS=, read -ra list <<< "${shapes[$program]#*:}"
  for type in double float; do
    for shape in "${list[@]}"; do
      read -ra values <<< "$shape"
      read -ra macros <<< "$names"
      defs=""
      for i in "${!macros[@]}"; do defs="$defs -D${macros[$i]}=${values[$i]}"; done
      [ "$type" = float ] && defs="$defs -DFLOAT"
      label=$(echo "$shape" | tr ' ' x)
      "$nestor" optimize -q $defs "$src" > "$work/p.nestor.c"
      gcc $flags $defs -o "$work/orig" "$src"
      gcc $flags $defs -fopenmp -o "$work/nestor" "$work/p.nestor.c"
      gcc $flags $defs -DUSE_BLAS -o "$work/blas" "$src" -lopenblas
      gcc $flags -ffp-contract=off $defs -DREPS=1 -o "$work/orig.exact" "$src"
      gcc $flags -ffp-contract=off $defs -DREPS=1 -o "$work/nestor.exact" "$work/p.nestor.c"
      [ "$("$work/orig.exact" | cut -d' ' -f3)" = "$("$work/nestor.exact" | cut -d' ' -f3)" ] \
        || echo "$program $type $label: nestor's result differs from the original's" >&2
      for t in $threads; do
        o=$(OMP_NUM_THREADS=$t "$work/orig")
        n=$(OMP_NUM_THREADS=$t "$work/nestor")
        b=$(OPENBLAS_NUM_THREADS=$t "$work/blas")
        printf "%-6s %-6s %-16s %3s %9s %9s %9s %7.0f%%\n" "$program" "$type" "$label" "$t" \
          "$(echo "$o" | cut -d' ' -f2)" "$(echo "$n" | cut -d' ' -f2)" \
          "$(echo "$b" | cut -d' ' -f2)" \
          "$(echo "$n $b" | awk '{print 100 * $2 / $5}')"
      done
    done
  done
done
