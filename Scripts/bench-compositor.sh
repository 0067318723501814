#!/usr/bin/env bash
# Benchmarks the streamed compositor against the naive C pipeline (same run, medians, ratios),
# then the whole-process time of the first 200 rows and the peak memory (/usr/bin/time %M) of
# the whole Huckleberry table @3x and of ten times its rows.
# Usage: Scripts/bench-compositor.sh [RUNS]   (needs ../shared/data/huckleberry.plist)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${1:-3}"
data="../shared/data/huckleberry.plist"
[ -f "$data" ] || { echo "bench-compositor: $data is missing" >&2; exit 1; }
Scripts/install-deps.sh >&2
swift build -c release --product CompositorBenchmark >&2
swift build -c release --product cellshot >&2
bin="$(swift build -c release --show-bin-path)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

"$bin/CompositorBenchmark" --data "$data" --runs "$runs" --out "$out"

echo "== whole process, first 200 rows (cellshot render --rows 1..200 -q), $runs runs"
times=()
for _ in $(seq "$runs"); do
  # The time goes to a file: cellshot's own warnings (Huckleberry's U+0097) stay out of it.
  /usr/bin/time -f %e -o "$out/time" "$bin/cellshot" render --data "$data" --rows 1..200 -q -o "$out/200.png" 2>/dev/null
  times+=("$(cat "$out/time")")
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " s  (" NR " runs)"}'

"$bin/CompositorBenchmark" --data "$data" --make-rows 19970 > "$out/rows10x.json"
echo "== peak memory (/usr/bin/time %M, KB)"
for args in "--scale 2 --data $data" "--scale 3 --data $data" "--scale 3 --data $out/rows10x.json" \
            "--scale 3 --page-height 16384 --data $data"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f '%M KB %e s' -o "$out/time" "$bin/cellshot" render $args -q -o "$out/mem.png" 2>/dev/null
  line="$(cat "$out/time")"
  echo "render $args: $line"
done
