// A game review as JSON, the shape `gomoku --review ... --json OUT` writes (issue 16):
// {"moves": [{"ply", "move", "color", "class", "missed_win", "best", "win_chance_before",
// "win_chance_after", "line", ...}], "accuracy": {"black", "white"}, ...}.
#pragma once

#include <string>

#include "core/game/review.h"

namespace gomoku {

// The JSON text (two-space indented, ending in a newline). Coordinates as elsewhere ("h8").
std::string reviewToJson(const ReviewResult& result);

}  // namespace gomoku
