#!/usr/bin/env bash
# Builds the packages from the Release build in build/ (as scripts/test.sh leaves it, or builds
# it): a Debian package and a portable .tar.gz, then shows the Debian package's control data.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs=${JOBS:-2}

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$jobs"
(cd build && cpack -G "DEB;TGZ")
deb=$(ls -t build/gomoku-studio_*.deb | head -n 1)
if command -v dpkg-deb >/dev/null 2>&1; then dpkg-deb --field "$deb"; fi
echo "packages: $deb $(ls -t build/gomoku-studio-*.tar.gz | head -n 1)"
