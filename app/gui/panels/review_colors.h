// The review's colours, shared by the Review panel, its marks on the board and the Moves list:
// green for best, blue-green for good, yellow ?!, orange ?, red ??, violet for a missed win.
#pragma once

#include <imgui.h>

#include "app/gui/models/review_model.h"

namespace gomoku::gui {

inline ImU32 reviewClassColor(MoveClass c) {
  switch (c) {
    case MoveClass::Best:
      return IM_COL32(96, 186, 96, 255);
    case MoveClass::Good:
      return IM_COL32(110, 180, 190, 255);
    case MoveClass::Inaccuracy:
      return IM_COL32(232, 200, 60, 255);
    case MoveClass::Mistake:
      return IM_COL32(240, 138, 40, 255);
    default:
      return IM_COL32(226, 62, 52, 255);
  }
}
constexpr ImU32 kMissedWinColor = IM_COL32(196, 96, 232, 255);
constexpr ImU32 kOnlyMoveColor = IM_COL32(80, 160, 245, 255);

// The colour a move is marked with: a missed win's own colour first.
inline ImU32 reviewMoveColor(const ReviewedMove& m) {
  return m.missedWin ? kMissedWinColor : reviewClassColor(m.moveClass);
}

}  // namespace gomoku::gui
