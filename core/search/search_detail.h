// What the search's two halves (search.cpp: the nodes; search_root.cpp: the root and the
// iterations) share: mate-score helpers and the quietness test. Internal to the search.
#pragma once

#include "core/board/board.h"
#include "core/search/info.h"

namespace gomoku::search_detail {

constexpr int mateIn(int ply) { return kScoreMate - ply; }
constexpr int matedIn(int ply) { return -kScoreMate + ply; }

// A quiet move neither makes nor blocks a three or a four.
inline bool isQuiet(const Board& b, Point p) {
  const CellInfo& info = b.cell(p);
  int us = index(b.sideToMove());
  return info.threat[us] < Threat::Flex3 && info.threat[1 - us] < Threat::Flex3;
}

}  // namespace gomoku::search_detail
