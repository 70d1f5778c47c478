#include "app/gui/panels/tree_diagram.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/gui/models/move_text.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {

// A small diagram of the stones near the action: the position's stones, and the line
// played from it as lettered translucent stones (a, b, c: not moves of the game; the last
// one ringed).
void drawDiagram(UiContext& ui, ImDrawList* list, ImVec2 origin, float side, const Board& root,
                 const std::vector<Point>& line) {
  const int size = root.size();
  int minX = size, minY = size, maxX = -1, maxY = -1;
  auto include = [&](Point p) {
    minX = std::min(minX, pointX(p)), maxX = std::max(maxX, pointX(p));
    minY = std::min(minY, pointY(p)), maxY = std::max(maxY, pointY(p));
  };
  for (Point p : root.moves()) include(p);
  for (Point p : line) include(p);
  if (maxX < 0) include(makePoint(size / 2, size / 2));
  // Two lines of room around, at least 9 x 9, square, within the board.
  const int span = std::min(size, std::max({9, maxX - minX + 5, maxY - minY + 5}));
  const int x0 = std::clamp((minX + maxX) / 2 - span / 2, 0, size - span);
  const int y0 = std::clamp((minY + maxY) / 2 - span / 2, 0, size - span);
  const float label = side * 0.07f;  // room for the coordinates
  const float cell = (side - label) / static_cast<float>(span);
  auto centre = [&](int x, int y) {
    return ImVec2(origin.x + label + (static_cast<float>(x - x0) + 0.5f) * cell,
                  origin.y + (static_cast<float>(y0 + span - 1 - y) + 0.5f) * cell);
  };
  list->AddRectFilled(ImVec2(origin.x + label, origin.y),
                      ImVec2(origin.x + side, origin.y + side - label),
                      IM_COL32(222, 184, 122, 255), cell * 0.2f);
  const ImU32 grid = IM_COL32(70, 48, 22, 200);
  for (int i = 0; i < span; ++i) {
    // Lines stop at the board's edge; where the diagram cuts the board they run on to its border.
    const ImVec2 a = centre(x0 + i, y0), b = centre(x0 + i, y0 + span - 1);
    list->AddLine(ImVec2(a.x, b.y - (y0 + span < size ? cell * 0.5f : 0)),
                  ImVec2(a.x, a.y + (y0 > 0 ? cell * 0.5f : 0)), grid);
    const ImVec2 c = centre(x0, y0 + i), d = centre(x0 + span - 1, y0 + i);
    list->AddLine(ImVec2(c.x - (x0 > 0 ? cell * 0.5f : 0), c.y),
                  ImVec2(d.x + (x0 + span < size ? cell * 0.5f : 0), c.y), grid);
  }
  float labelSize = 0, textSize = 0;
  ImFont* small = ui.fonts.boardLabels.pick(std::max(9.0f, cell * 0.5f), &labelSize);
  ImFont* numbers = ui.fonts.boardNumbers.pick(cell * 0.55f, &textSize);
  char text[24];
  for (int i = 0; i < span; ++i) {
    const Point column = makePoint(x0 + i, 0), row = makePoint(0, y0 + i);
    const std::string letter = pointToText(column).substr(0, 1);
    const ImVec2 bottom = centre(x0 + i, y0);
    const ImVec2 extent = small->CalcTextSizeA(labelSize, 1e9f, 0, letter.c_str());
    list->AddText(small, labelSize, ImVec2(bottom.x - extent.x / 2, origin.y + side - label),
                  IM_COL32(200, 190, 175, 255), letter.c_str());
    std::snprintf(text, sizeof text, "%d", pointY(row) + 1);
    const ImVec2 left = centre(x0, y0 + i);
    const ImVec2 rowExtent = small->CalcTextSizeA(labelSize, 1e9f, 0, text);
    list->AddText(small, labelSize,
                  ImVec2(origin.x + label - rowExtent.x - 2, left.y - rowExtent.y / 2),
                  IM_COL32(200, 190, 175, 255), text);
  }
  const float r = cell * 0.46f;
  auto stone = [&](Point p, Color c, int alpha) {
    const ImVec2 at = centre(pointX(p), pointY(p));
    const ImU32 fill =
        c == Color::Black ? IM_COL32(22, 22, 24, alpha) : IM_COL32(242, 240, 232, alpha);
    list->AddCircleFilled(at, r, fill, 20);
    list->AddCircle(
        at, r, c == Color::Black ? IM_COL32(0, 0, 0, alpha) : IM_COL32(120, 116, 108, alpha), 20);
  };
  for (Point p : root.moves()) {
    if (pointX(p) >= x0 && pointX(p) < x0 + span && pointY(p) >= y0 && pointY(p) < y0 + span)
      stone(p, root.at(p), 255);
  }
  Color c = root.sideToMove();
  for (size_t i = 0; i < line.size(); ++i, c = opponent(c)) {
    const Point p = line[i];
    stone(p, c, 170);
    std::snprintf(text, sizeof text, "%s", variationLetter(i).c_str());
    const ImVec2 at = centre(pointX(p), pointY(p));
    const ImVec2 extent = numbers->CalcTextSizeA(textSize, 1e9f, 0, text);
    list->AddText(
        numbers, textSize, ImVec2(std::round(at.x - extent.x / 2), std::round(at.y - extent.y / 2)),
        c == Color::Black ? IM_COL32(150, 215, 255, 255) : IM_COL32(20, 70, 160, 255), text);
    if (i + 1 == line.size()) list->AddCircle(at, r * 1.12f, IM_COL32(240, 190, 90, 255), 24, 2.0f);
  }
}

}  // namespace gomoku::gui
