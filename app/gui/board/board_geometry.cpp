#include "app/gui/board/board_geometry.h"

#include <algorithm>
#include <cmath>

namespace gomoku::gui {

namespace {
// Margin between the outer grid lines and the edge of the wood, in line spacings.
constexpr float kMarginWithCoordinates = 1.2f;
constexpr float kMarginPlain = 0.75f;
}  // namespace

BoardGeometry BoardGeometry::fit(RectF area, int size, bool coordinates) {
  BoardGeometry g;
  if (size < 2 || area.w <= 0 || area.h <= 0) return g;
  const float margin = coordinates ? kMarginWithCoordinates : kMarginPlain;
  const float spans = static_cast<float>(size - 1) + 2 * margin;
  const float side = std::min(area.w, area.h);
  float cell = side / spans;
  if (cell >= 8) cell = std::floor(cell);
  if (cell <= 0) return g;
  const float boardSide = cell * spans;
  g.size_ = size;
  g.cell_ = cell;
  // Lines sit on pixel centres (x.5) so a one-pixel line covers exactly one pixel.
  g.left_ = std::floor(area.x + (area.w - boardSide) / 2 + margin * cell) + 0.5f;
  g.top_ = std::floor(area.y + (area.h - boardSide) / 2 + margin * cell) + 0.5f;
  g.board_ = {g.left_ - margin * cell, g.top_ - margin * cell, boardSide, boardSide};
  return g;
}

std::optional<Point> BoardGeometry::pointAt(Vec2f pixel) const {
  if (!valid() || !std::isfinite(pixel.x) || !std::isfinite(pixel.y)) return std::nullopt;
  const float fx = (pixel.x - left_) / cell_;
  const float fy = (pixel.y - top_) / cell_;
  // Reject far-away pixels before rounding so the conversion to int cannot overflow.
  if (fx < -0.5f || fy < -0.5f || fx > size_ - 0.5f || fy > size_ - 0.5f) return std::nullopt;
  const int column = static_cast<int>(std::lround(fx));
  const int row = static_cast<int>(std::lround(fy));  // 0 = top line
  if (!onBoard(column, row, size_)) return std::nullopt;
  return makePoint(column, size_ - 1 - row);
}

int starPoints(int size, Point out[9]) {
  int n = 0;
  const bool odd = size % 2 == 1;
  const int mid = size / 2;
  int d = -1;
  if (size >= 13) {
    d = 3;
  } else if (size >= 9) {
    d = 2;
  }
  if (d >= 0) {
    const int far = size - 1 - d;
    out[n++] = makePoint(d, d);
    out[n++] = makePoint(far, d);
    out[n++] = makePoint(d, far);
    out[n++] = makePoint(far, far);
    if (size >= 19 && odd) {
      out[n++] = makePoint(mid, d);
      out[n++] = makePoint(mid, far);
      out[n++] = makePoint(d, mid);
      out[n++] = makePoint(far, mid);
    }
  }
  if (odd) out[n++] = makePoint(mid, mid);
  return n;
}

}  // namespace gomoku::gui
