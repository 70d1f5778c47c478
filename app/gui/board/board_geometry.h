// Where the board sits in the window: the wooden square, the grid inside it, and the mapping
// between pixels and points (a1 at the bottom left, as players write it). Pure arithmetic, so
// clicks can be tested without a renderer. Units are the window's logical pixels.
#pragma once

#include <optional>

#include "core/board/types.h"

namespace gomoku::gui {

struct Vec2f {
  float x = 0, y = 0;
};

struct RectF {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(Vec2f p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
};

class BoardGeometry {
 public:
  BoardGeometry() = default;

  // The largest square board of `size` lines that fits `area`, centred in it. The margin
  // around the grid leaves room for the coordinates (when shown) and for the edge stones.
  // The line spacing is a whole number of pixels when the board is big enough, so every line
  // is equally crisp.
  static BoardGeometry fit(RectF area, int size, bool coordinates);

  int size() const { return size_; }
  bool valid() const { return size_ > 0 && cell_ > 0; }
  float cell() const { return cell_; }    // distance between neighbouring lines
  RectF board() const { return board_; }  // the wooden square
  RectF grid() const { return {left_, top_, cell_ * (size_ - 1), cell_ * (size_ - 1)}; }
  float stoneRadius() const { return cell_ * 0.47f; }

  // Centre of point p's intersection.
  Vec2f center(Point p) const { return center(pointX(p), pointY(p)); }
  Vec2f center(int x, int y) const { return {left_ + x * cell_, top_ + (size_ - 1 - y) * cell_}; }
  // The point whose intersection is nearest to `pixel`, if that is within half a line spacing
  // along both axes; clicks off the grid get nothing.
  std::optional<Point> pointAt(Vec2f pixel) const;

 private:
  int size_ = 0;
  float cell_ = 0;
  float left_ = 0, top_ = 0;  // pixel of the top-left intersection (column a, top row)
  RectF board_{};
};

// Points that get a star (hoshi) dot on a board of this size.
int starPoints(int size, Point out[9]);

}  // namespace gomoku::gui
