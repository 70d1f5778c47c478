// A small diagram of a position for the search-tree window: the stones near the action and a
// line played from it as lettered translucent stones, drawn with the draw list (the board
// itself may be out of sight while the tree is studied).
#pragma once

#include <imgui.h>

#include <vector>

#include "app/gui/ui_context.h"
#include "core/board/board.h"

namespace gomoku::gui {

void drawDiagram(UiContext& ui, ImDrawList* list, ImVec2 origin, float side, const Board& root,
                 const std::vector<Point>& line);

}  // namespace gomoku::gui
