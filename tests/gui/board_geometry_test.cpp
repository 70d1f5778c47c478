// Board geometry: pixel <-> point for several board and window sizes, clicks off the grid.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/gui/board/board_geometry.h"

using namespace gomoku;
using namespace gomoku::gui;

namespace {

struct Area {
  float x, y, w, h;
};

// Window-like areas: a typical desktop, a small window, a tall one, an offset one.
const Area kAreas[] = {{0, 0, 800, 600},
                       {14, 40, 866, 700},
                       {0, 0, 1920, 1080},
                       {100, 20, 300, 900},
                       {7.5f, 3.25f, 333, 250}};
const int kSizes[] = {5, 9, 15, 19, 22};

}  // namespace

TEST_CASE("the board is the largest square that fits, centred, with whole-pixel line spacing") {
  for (const Area& a : kAreas) {
    for (int size : kSizes) {
      for (bool coordinates : {true, false}) {
        CAPTURE(a.w);
        CAPTURE(a.h);
        CAPTURE(size);
        BoardGeometry g = BoardGeometry::fit({a.x, a.y, a.w, a.h}, size, coordinates);
        REQUIRE(g.valid());
        CHECK(g.size() == size);
        RectF b = g.board();
        CHECK(b.w == doctest::Approx(b.h));
        CHECK(b.x >= a.x - 0.5f);
        CHECK(b.y >= a.y - 0.5f);
        CHECK(b.x + b.w <= a.x + a.w + 0.5f);
        CHECK(b.y + b.h <= a.y + a.h + 0.5f);
        // Centred along both axes (to a pixel).
        CHECK(std::abs((b.x - a.x) - (a.x + a.w - b.x - b.w)) <= 1.01f);
        CHECK(std::abs((b.y - a.y) - (a.y + a.h - b.y - b.h)) <= 1.01f);
        // It fills the short side but for the rounding of the spacing down to a pixel.
        const float spans = b.w / g.cell();
        CHECK(std::min(a.w, a.h) - b.w <= spans + 0.01f);
        CHECK(g.cell() == std::floor(g.cell()));
        // The grid lies inside the wood.
        RectF grid = g.grid();
        CHECK(grid.x > b.x);
        CHECK(grid.x + grid.w < b.x + b.w);
      }
    }
  }
}

TEST_CASE("pixel -> point -> pixel round trips for every point") {
  for (const Area& a : kAreas) {
    for (int size : kSizes) {
      BoardGeometry g = BoardGeometry::fit({a.x, a.y, a.w, a.h}, size, true);
      const float c = g.cell();
      for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
          const Point p = makePoint(x, y);
          const Vec2f center = g.center(p);
          REQUIRE(g.pointAt(center) == p);
          // Anywhere within (just under) half a spacing of the intersection picks it.
          CHECK(g.pointAt({center.x + 0.45f * c, center.y - 0.45f * c}) == p);
          CHECK(g.pointAt({center.x - 0.45f * c, center.y + 0.45f * c}) == p);
          // Just past the half-way line picks the neighbour, when there is one.
          if (x + 1 < size)
            CHECK(g.pointAt({center.x + 0.55f * c, center.y}) == makePoint(x + 1, y));
          if (y + 1 < size)
            CHECK(g.pointAt({center.x, center.y - 0.55f * c}) == makePoint(x, y + 1));
        }
      }
    }
  }
}

TEST_CASE("a1 is at the bottom left and h8 is the centre of 15x15") {
  BoardGeometry g = BoardGeometry::fit({0, 0, 900, 700}, 15, true);
  const Point a1 = *parsePointText("a1", 15), b1 = *parsePointText("b1", 15),
              a2 = *parsePointText("a2", 15);
  CHECK(g.center(a1).x < g.center(b1).x);
  CHECK(g.center(a1).y > g.center(a2).y);  // numbers go up
  const Point h8 = *parsePointText("h8", 15);
  RectF b = g.board();
  CHECK(g.center(h8).x == doctest::Approx(b.x + b.w / 2).epsilon(0.002));
  CHECK(g.center(h8).y == doctest::Approx(b.y + b.h / 2).epsilon(0.002));
  CHECK(g.pointAt({b.x + b.w / 2, b.y + b.h / 2}) == h8);
  const Point o15 = *parsePointText("o15", 15);
  CHECK(g.center(o15).x > g.center(h8).x);
  CHECK(g.center(o15).y < g.center(h8).y);
}

TEST_CASE("clicks off the grid are ignored") {
  for (const Area& a : kAreas) {
    for (int size : kSizes) {
      BoardGeometry g = BoardGeometry::fit({a.x, a.y, a.w, a.h}, size, true);
      const float c = g.cell();
      RectF grid = g.grid();
      RectF b = g.board();
      // In the margin, more than half a spacing outside the outer lines.
      CHECK_FALSE(g.pointAt({grid.x - 0.6f * c, grid.y + grid.h / 2}));
      CHECK_FALSE(g.pointAt({grid.x + grid.w + 0.6f * c, grid.y + grid.h / 2}));
      CHECK_FALSE(g.pointAt({grid.x + grid.w / 2, grid.y - 0.6f * c}));
      CHECK_FALSE(g.pointAt({grid.x + grid.w / 2, grid.y + grid.h + 0.6f * c}));
      // The corners of the wood, outside the wood, far away, and nonsense.
      CHECK_FALSE(g.pointAt({b.x + 1, b.y + 1}));
      CHECK_FALSE(g.pointAt({b.x + b.w - 1, b.y + b.h - 1}));
      CHECK_FALSE(g.pointAt({b.x - 10, b.y + b.h / 2}));
      CHECK_FALSE(g.pointAt({-1e9f, 1e9f}));
      CHECK_FALSE(g.pointAt({NAN, 10}));
      CHECK_FALSE(g.pointAt({INFINITY, 10}));
    }
  }
}

TEST_CASE("an empty area gives no board and no points") {
  BoardGeometry g = BoardGeometry::fit({0, 0, 0, 300}, 15, true);
  CHECK_FALSE(g.valid());
  CHECK_FALSE(g.pointAt({0, 0}));
  BoardGeometry none;
  CHECK_FALSE(none.pointAt({10, 10}));
}

TEST_CASE("star points") {
  Point stars[9];
  int n = starPoints(15, stars);
  REQUIRE(n == 5);
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) names.push_back(pointToText(stars[i]));
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"d12", "d4", "h8", "l12", "l4"});
  CHECK(starPoints(19, stars) == 9);
  CHECK(starPoints(9, stars) == 5);
  CHECK(starPoints(5, stars) == 1);
  CHECK(pointToText(stars[0]) == "c3");
  CHECK(starPoints(6, stars) == 0);
  CHECK(starPoints(20, stars) == 4);
}
