#!/usr/bin/env bash
# Times contact sheets of the built-in styles against one plain render of the same rows
# (medians of RUNS runs, default 5), in a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product PreviewBenchmark
.build/release/PreviewBenchmark
