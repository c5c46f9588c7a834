# Shared by bench/polybench_table.sh and bench/polybench_versus.sh (sourced, after PB
# and W are set): fresh copies of the PolyBench tree, one to time and one whose dumps
# print hex floats; the timing and dump flags; helpers for times and ratios.
rm -rf "$W/pb" "$W/dump"; cp -r "$PB" "$W/pb"; cp -r "$PB" "$W/dump"
find "$W/dump" -name '*.h' -exec sed -i 's/"%0\.2lf "/"%a "/; s/"%0\.2f "/"%a "/' {} +
T="-O3 -march=native -w -DLARGE_DATASET -DPOLYBENCH_TIME"
E="-O2 -ffp-contract=off -w -DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS"

# least of its arguments
least() { printf '%s\n' "$@" | grep -E '^[0-9.]+$' | sort -g | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else printf "-" }'; }
# the geometric means of the pairs "x:y" on standard input, as "n gx gy"
geomeans() { tr ' ' '\n' | awk -F: 'NF == 2 && $1 > 0 && $2 > 0 { a += log($1); b += log($2); n++ }
  END { if (n) printf "%d %.2f %.2f\n", n, exp(a / n), exp(b / n) }'; }
