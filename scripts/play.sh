#!/usr/bin/env bash
# Installs the dependencies if needed, builds Gomoku Studio (Release) into build/ and starts it.
# Any arguments are passed on to the program.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs=${JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$jobs" --target gomoku
exec build/app/gui/gomoku "$@"
