#!/usr/bin/env bash
# Re-records the project's goldens: each table file Goldens/NAME.yaml and its Goldens/NAME.png
# (with NAME.golden.json: the layout tree and rendering environment). `cellshot record` refuses
# when CI is set, renders twice and refuses if the renders differ, keeps unchanged images byte
# for byte and writes atomically. Open the old and new images and say in the commit why each
# change is right. Usage: Scripts/record-goldens.sh [NAME ...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
Scripts/install-deps.sh >&2
swift build --product cellshot >&2
only=()
for name in "$@"; do only+=(--only "$name"); done
.build/debug/cellshot record Goldens "${only[@]+"${only[@]}"}"
