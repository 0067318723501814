#!/usr/bin/env bash
# Times Pango on the inputs it is quadratic on, at Cellshot's text limits and past them
# (Sources/TextLimitsBenchmark). Release build; prints medians and ratios to a baseline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
Scripts/install-deps.sh >&2
swift build -c release --product TextLimitsBenchmark >&2
.build/release/TextLimitsBenchmark
