// A legal move found without a search: make five, else stop the opponent's five, else the cell
// with the strongest threat for either side, nearest the centre on ties. The brain falls back
// on it when the engine has nothing to offer (stopped before its first iteration, or a move
// the position does not allow); the tests use it as a stand-in engine.
#pragma once

#include <optional>
#include <vector>

#include "core/board/board.h"

namespace gomoku::pbrain {

// True if the side to move may play p: on the board, empty, not in `blocked` (stones of a
// continuous game's winning lines), and not forbidden (renju, black).
bool isPlayable(Board& board, Point p, const std::vector<Point>& blocked);

// nullopt only when no point is playable.
std::optional<Point> quickMove(Board& board, const std::vector<Point>& blocked);

}  // namespace gomoku::pbrain
