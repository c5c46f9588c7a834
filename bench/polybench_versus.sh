#!/usr/bin/env bash
# PolyBench/C 4.2.1 rewritten by two nestor binaries side by side, in one run: the
# original (gcc -O3 -march=native, LARGE, one thread), the output of an earlier binary
# and of this one built the same way, their time ratios over the original, and whether
# each output's dumps (SMALL, every value as a hex float, -ffp-contract=off) are
# bit-identical to the original's. Times are the least of REPS runs, the three builds
# of a kernel interleaved. Prints a Markdown table and both geometric means. Not part
# of the tests (about 30 minutes on a 2-core VM with REPS=3).
# Usage: bench/polybench_versus.sh PBDIR EARLIER_NESTOR [WORKDIR]   (PBDIR: a pristine
# PolyBench/C 4.2.1 tree, never committed; REPS, default 3; KERNELS, a grep -E pattern)
set -u
PB=$(cd "$1" && pwd); before=$(realpath "$2"); W=${3:-$(mktemp -d)}
mkdir -p "$W"; W=$(cd "$W" && pwd)
now=$(cd "$(dirname "$0")/.." && pwd)/target/release/nestor
reps=${REPS:-3}
. "$(dirname "$0")/polybench_common.sh"

echo "| kernel | original s | earlier s | speedup | now s | speedup | dumps earlier / now |"
echo "|---|---:|---:|---:|---:|---:|---|"
logs=""
for rel in $(sed 's|^\./||' "$PB/utilities/benchmark_list" | grep -E "${KERNELS:-.}"); do
  k=$(basename "$rel" .c); d=$(dirname "$rel")
  cd "$W/pb"
  "$before" optimize -q -I utilities -I "$d" "$rel" -o "$d/$k.before.c" 2>/dev/null || cp "$rel" "$d/$k.before.c"
  "$now" optimize -q -I utilities -I "$d" "$rel" -o "$d/$k.now.c" 2>/dev/null || cp "$rel" "$d/$k.now.c"
  gcc $T -Iutilities -I"$d" utilities/polybench.c "$rel" -o "$W/$k.orig" -lm
  cd "$W/dump"; cp "$W/pb/$d/$k.before.c" "$W/pb/$d/$k.now.c" "$d/"
  gcc $E -Iutilities -I"$d" utilities/polybench.c "$rel" -o "$W/$k.dump.orig" -lm
  "$W/$k.dump.orig" 2> "$W/$k.orig.dump" > /dev/null
  dumps=""
  for v in before now; do
    gcc $T -I"$W/pb/utilities" -I"$W/pb/$d" "$W/pb/utilities/polybench.c" "$W/pb/$d/$k.$v.c" -o "$W/$k.$v" -lm
    gcc $E -Iutilities -I"$d" utilities/polybench.c "$d/$k.$v.c" -o "$W/$k.dump.$v" -lm
    "$W/$k.dump.$v" 2> "$W/$k.$v.dump" > /dev/null
    same=identical; cmp -s "$W/$k.orig.dump" "$W/$k.$v.dump" || same=DIFFER
    dumps="$dumps${dumps:+ / }$same"
  done
  o=(); b=(); n=()
  for _ in $(seq "$reps"); do
    o+=("$("$W/$k.orig")"); b+=("$("$W/$k.before")"); n+=("$("$W/$k.now")")
  done
  o=$(least "${o[@]}"); b=$(least "${b[@]}"); n=$(least "${n[@]}")
  one=$(ratio "$o" "$b"); two=$(ratio "$o" "$n")
  echo "| $k | $o | $b | ${one}x | $n | ${two}x | $dumps |"
  logs="$logs $one:$two"
done
read -r n one two < <(echo "$logs" | geomeans)
[ -n "${n:-}" ] && printf "\nGeometric-mean speedup over %d kernels: %.2fx with the earlier binary, %.2fx with this one\n" "$n" "$one" "$two"
