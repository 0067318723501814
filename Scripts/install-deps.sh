#!/usr/bin/env bash
# Installs the C libraries and fonts Cellshot needs, only when missing. Idempotent.
set -euo pipefail

packages=(libcairo2-dev libpango1.0-dev libfontconfig-dev libgdk-pixbuf-2.0-dev libdeflate-dev pkg-config
          fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)

# --browser also installs what the browser tests need: Debian's chromium and chromium-driver,
# and selenium from PyPI (see Scripts/browser.py).
if [ "${1:-}" = "--browser" ]; then
  packages+=(chromium chromium-driver python3-pip)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# Python tools the tests use: jsonschema and PyYAML (schema validation), selenium (--browser).
install_selenium() {
  local wanted=()
  python3 -c "import jsonschema" 2>/dev/null || wanted+=(jsonschema)
  python3 -c "import yaml" 2>/dev/null || wanted+=(pyyaml)
  if [ "${1:-}" = "--browser" ] && ! python3 -c "import selenium" 2>/dev/null; then wanted+=(selenium); fi
  if [ "${#wanted[@]}" -gt 0 ]; then
    echo "install-deps: installing ${wanted[*]} from PyPI"
    python3 -m pip install --quiet "${wanted[@]}" || python3 -m pip install --quiet --break-system-packages "${wanted[@]}"
  fi
}

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all packages present"
  install_selenium "${1:-}"
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
install_selenium "${1:-}"
