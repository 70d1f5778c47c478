// Explains a move in a sentence built from the position's data: what the move makes for its
// side (five, open four, four-three, ...), what opponent threat it blocks, and, when the
// search proved it, the forced line ("wins by continuous fours: k10, k11, k12").
#pragma once

#include <string>

#include "core/board/board.h"
#include "core/search/info.h"

namespace gomoku {

// `before` is the position before `move`, with the mover to play. `info` (optional) is the
// search that chose it: its solver line and score add the forced-win part.
std::string explainMove(const Board& before, Point move, const SearchInfo* info = nullptr);

}  // namespace gomoku
