#!/usr/bin/env bash
# Batch throughput: files per second of `nestor batch` on a corpus (default samples/)
# with 1 and 2 worker threads, using the release binary. Uses hyperfine when
# installed, otherwise times the runs with date. Not a test: the figures depend on the
# machine and on what else runs on it.
#
#   bench/batch.sh [RUNS [PATH]]     (default: 3 runs per setting, samples/)
#
# A batch takes at least as long as its slowest file, so on a corpus with one file far
# slower than the rest a second worker gains little; `nestor batch --json` has the
# tool time of every file.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
corpus=${2:-samples/}
cargo build --release --quiet
bin=target/release/nestor
files=$(find "$corpus" -name '*.c' | wc -l)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "nestor batch on $corpus: $files files, $(nproc) cores, $runs runs per setting"
for jobs in 1 2; do
  cmd="$bin batch $corpus --out $out/j$jobs -j $jobs --quiet"
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
