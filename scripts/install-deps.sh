#!/usr/bin/env bash
# Installs what building and testing Gomoku Studio needs on Debian/Ubuntu (apt-get).
# Quick no-op when everything is already installed. On other systems it only prints a hint:
# see README.md, "Other platforms".
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libsdl2-dev libsdl2-mixer-dev libsdl2-image-dev
  libimgui-dev libstb-dev doctest-dev
  nlohmann-json3-dev  # the review report (gomoku --review ... --json)
  libcli11-dev  # the gomoku program's command line
  libfmt-dev  # formatted output lines and tables (gomoku-match, gomoku-bench, status lines)
  fonts-dejavu-core
  xvfb xauth  # headless display for the GUI tests
  desktop-file-utils appstream  # the install tests validate the desktop entry and metadata
)

if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: no apt-get here; install the equivalents of: ${packages[*]}" >&2
  echo "install-deps: (README.md, 'Other platforms', lists the names for dnf, Homebrew, vcpkg)" >&2
  exit 0
fi

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all build dependencies are installed"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
  sudo=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -q --no-install-recommends "${missing[@]}"
