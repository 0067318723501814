#!/usr/bin/env bash
# Benchmarks the prepared-text height engine against plain Pango in one process (release build):
# numbered-line at 375 pt over the Huckleberry rows (../shared/data/huckleberry.plist, skipped
# when absent) and the second corpus; medians of several runs, cold and warm, and fallbacks.
# Usage: Scripts/bench-heights.sh [--runs N] [--threads N] [--data PATH] [--check] [--phases]
#                                 [--profile cold|warm|hit|prepare|coldwall]
#   --check   also compares every line with Pango over the whole exactness grid
#   --phases  also prints the single-thread CPU time of preparing and measuring
#   --profile loops only the engine on the first corpus and prints one median (for perf, gdb)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build -c release --product HeightBenchmark >&2
.build/release/HeightBenchmark "$@"
