// How the interface writes a side and a line of moves: "Black", "h8 i9 j10 ...".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/types.h"

namespace gomoku::gui {

// "Black" or "White" (capitalised, as the interface shows it; core's colorName is lower case).
const char* sideName(Color color);
// The first `max` points of `line`, space-separated, then " ..." when there are more.
std::string lineText(const std::vector<Point>& line, size_t max);

}  // namespace gomoku::gui
