#!/usr/bin/env bash
# Re-records the project's goldens (Goldens/<name>.png) from the cases in Goldens/cases.tsv.
# Recording never happens in CI: open the old and new images and say in the commit why each
# change is right. Usage: Scripts/record-goldens.sh [NAME ...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ -n "${CI:-}" ]; then
  echo "record-goldens: refusing to record goldens in CI (CI is set)" >&2
  exit 1
fi
Scripts/install-deps.sh >&2
swift build --product cellshot >&2
while IFS=$'\t' read -r name style data options; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ "$#" -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  source=()
  if [ "$style" != "-" ]; then source=(--style "$style" --data "Goldens/$data"); fi
  case "$style" in styles/*) source[1]="Goldens/$style" ;; esac
  # shellcheck disable=SC2086
  .build/debug/cellshot render "${source[@]}" $options -o "Goldens/$name.png"
done < Goldens/cases.tsv
