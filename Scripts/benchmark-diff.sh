#!/usr/bin/env bash
# Times ImageDiff against the straightforward per-pixel reference implementation in the same run,
# on two real 750×16,384 renders (Huckleberry rows in the numbered-line style) that differ in three
# cells, and on two identical ones. Needs ../shared/data/huckleberry.plist; without it, the
# benchmark falls back to synthesized table-like images. Release build; medians of 5 runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build -c release --product cellshot >&2
swift build -c release --product DiffBenchmark >&2
bin="$(swift build -c release --show-bin-path)"
plist="$root/../shared/data/huckleberry.plist"
if [ ! -f "$plist" ]; then
  echo "benchmark-diff: $plist not found; using synthesized images" >&2
  exec "$bin/DiffBenchmark"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$plist" "$work" <<'PY'
import plistlib, sys
rows = [str(r).replace("\n", " ") for r in plistlib.load(open(sys.argv[1], "rb"))][:100]
open(sys.argv[2] + "/a.txt", "w").write("\n".join(rows) + "\n")
for n in (10, 40, 70):  # three cells change: one letter each, which keeps their heights
    rows[n - 1] = rows[n - 1].replace("e", "o", 1)
open(sys.argv[2] + "/b.txt", "w").write("\n".join(rows) + "\n")
PY
for side in a b; do
  "$bin/cellshot" render --style numbered-line --data "$work/$side.txt" -o "$work/$side.png"
done
"$bin/DiffBenchmark" "$work/a.png" "$work/b.png"
