// How the interface writes a side and a line of moves: "Black", "h8 i9 j10 ...", and the
// letters of a variation's stones.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/board/types.h"

namespace gomoku::gui {

// "Black" or "White" (capitalised, as the interface shows it; core's colorName is lower case).
const char* sideName(Color color);
// The first `max` points of `line`, space-separated, then " ..." when there are more.
std::string lineText(const std::vector<Point>& line, size_t max);

// Stones that are not moves (a principal variation, a hint line, a line of the search tree)
// are lettered a, b, c, ... z, aa, ab, ... so they never read as the numbers of real moves.
std::string variationLetter(size_t index);
// A variation as text, lettered as on the board: "a: h8, b: i9, c: j10 ...".
std::string variationText(const std::vector<Point>& line, size_t max);

}  // namespace gomoku::gui
