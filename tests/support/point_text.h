// pt("h8"): a point from its text, for tests. A text that is not a point on the board throws,
// which fails the test that used it with the text in the message (and works outside a test
// case too, in a file-scope constant).
#pragma once

#include <stdexcept>
#include <string>

#include "core/board/types.h"

namespace gomoku::testsupport {

inline Point pt(const char* text, int size = 15) {
  if (auto p = parsePointText(text, size)) return *p;
  throw std::invalid_argument(std::string("not a point on the board: ") + text);
}

}  // namespace gomoku::testsupport
