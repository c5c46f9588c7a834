#!/usr/bin/env bash
# Batch throughput: files per second of `nestor batch` on samples/ with 1 and with 2
# worker threads, using the release binary. Uses hyperfine when installed, otherwise
# times a few runs with date. Not a test: the figures depend on the machine.
#
#   bench/batch.sh [RUNS]        (default 3 runs per setting)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
cargo build --release --quiet
bin=target/release/nestor
files=$(find samples -name '*.c' | wc -l)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "nestor batch on samples/: $files files, $(nproc) cores, $runs runs per setting"
for jobs in 1 2; do
  cmd="$bin batch samples/ --out $out/j$jobs -j $jobs --quiet"
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine --style basic --runs "$runs" --export-csv "$out/h$jobs.csv" "$cmd" >&2
    mean=$(awk -F, 'NR == 2 { print $2 }' "$out/h$jobs.csv")
  else

    start=$(date +%s.%N)
    for _ in $(seq "$runs"); do $cmd >/dev/null; done
    end=$(date +%s.%N)
    mean=$(awk -v a="$start" -v b="$end" -v n="$runs" 'BEGIN { print (b - a) / n }')
  fi
  awk -v j="$jobs" -v m="$mean" -v f="$files" 'BEGIN { printf "-j %s: %.3f s per batch, %.2f files/s\n", j, m, f / m }'
done
