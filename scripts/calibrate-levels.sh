#!/usr/bin/env bash
# Measures the casual levels with gomoku-match: level 1 against the greedy one-move player, then
# each level against the one below (both colours from the freestyle openings, random order).
# Usage: scripts/calibrate-levels.sh [games per pair, default 60] [seconds a move, default 0.2]
# BUILD_DIR picks the build tree (default build/, as scripts/play.sh makes; out/release for the
# CMake preset); a tree that is not configured yet is configured as a Release build.
# Takes about 10 minutes with the defaults on two idle cores (far more beside other work). Prints
# one score line and one Elo line per pair; the README's Levels table comes from it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-60}
seconds=${2:-0.2}
build_dir=${BUILD_DIR:-build}
match=$build_dir/app/match/gomoku-match
if [[ ! -x $match ]]; then
  [[ -f $build_dir/CMakeCache.txt ]] || cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build_dir" --target gomoku-match -j2
fi
run=("$match" -each "tc=0/$seconds" -repeat -concurrency 2
     -openings file=tests/data/openings_freestyle15.txt order=random srand=21 -quiet)
echo "# $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $games games a pair, $seconds s a move"
echo "== L1 vs greedy"
"${run[@]}" -games 100 -engine builtin strength=1 -engine greedy | grep -E "^(Score|Elo)"
for level in 1 2 3 4 5 6 7 8 9; do
  echo "== L$((level + 1)) vs L$level"
  "${run[@]}" -games "$games" -engine builtin strength=$((level + 1)) -engine builtin strength=$level | grep -E "^(Score|Elo)"
done
