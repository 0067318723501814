#!/usr/bin/env bash
# Installs the C libraries and fonts Cellshot needs, only when missing. Idempotent.
set -euo pipefail

packages=(libcairo2-dev libpango1.0-dev libfontconfig-dev libdeflate-dev pkg-config
          fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

if [ "$(uname)" = "Darwin" ]; then
  echo "install-deps: on macOS run: brew install pango cairo libdeflate pkg-config" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
