#!/usr/bin/env bash
# Runs bench/real_code/*.c as written (gcc), after `nestor optimize` (gcc), and as
# written through clang + Polly, interleaved, RUNS times each; prints each kernel's
# times. Usage: bench/real_code/run.sh [RUNS]. Needs clang-19 with Polly
# (Debian: clang-19 libpolly-19-dev). Not part of the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
nestor=target/release/nestor
flags="-O3 -march=native -ffp-contract=off"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for src in bench/real_code/*.c; do
  name=$(basename "$src" .c)
  "$nestor" optimize -q "$src" > "$work/$name.nestor.c"
  gcc $flags -o "$work/$name.orig" "$src"
  gcc $flags -w -o "$work/$name.nestor" "$work/$name.nestor.c"
  clang-19 $flags -mllvm -polly -o "$work/$name.polly" "$src"
  for r in $(seq "$runs"); do
    for v in orig nestor polly; do
      printf '%s %-7s ' "$name" "$v"
      "$work/$name.$v" 2>&1 >/dev/null
    done
  done
  for v in orig nestor polly; do
    printf '%s %-7s output ' "$name" "$v"
    "$work/$name.$v" 2>/dev/null
  done
done
