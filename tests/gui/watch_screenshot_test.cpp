// Headless screenshots of the watching panels, each open on its own, while the real engine
// analyses the position: the pixels show the principal variation on the board and the search
// graphs (Search), the heat map on exactly the candidate points (Evaluation), and the game
// chart with an engine score on it (Game chart). Set GOMOKU_WATCH_SHOTS=DIR to keep the PNGs.
#include <doctest/doctest.h>

#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/models/watch_model.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/picture.h"
#include "tests/gui/temp_dir.h"

using namespace gomoku;
using namespace gomoku::gui;
namespace fs = std::filesystem;
using gomoku::gui::testing::Picture;
using gomoku::gui::testing::TempDir;

using gomoku::gui::testing::isWood;
namespace {

constexpr const char* kPosition = "h8i9j10h9i8";

int difference(SDL_Color a, SDL_Color b) {
  return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
}
AppOptions options(std::vector<std::string> panels, bool analyse, const char* hover = nullptr) {
  AppOptions o = gomoku::gui::testing::headlessAppOptions(1280, 800);
  o.position = kPosition;
  o.openPanels = std::move(panels);
  o.analyse = analyse;
  if (hover) o.hoverPoint = hover;
  return o;
}

// Frames until the analysis has searched a few depths and a second has gone by (the graphs
// sample every 100 ms), as a watcher would see it.
void runSearch(App& app) {
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::seconds(30);
  for (;;) {
    app.frame();
    const auto now = std::chrono::steady_clock::now();
    const SearchInfo& info = app.controller().searchInfo();
    if (now - start > std::chrono::milliseconds(1200) && info.completedDepth >= 4) break;
    REQUIRE(now < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string keepDir() {
  const char* dir = std::getenv("GOMOKU_WATCH_SHOTS");
  return dir && *dir ? std::string(dir) : std::string();
}

std::string shoot(App& app, const TempDir& dir, const std::string& name, bool keep = true) {
  std::string path = dir.file(name);
  app.requestScreenshot(path);
  app.frame();
  REQUIRE_MESSAGE(!app.screenshotError(), app.screenshotError().value_or(""));
  if (keep && !keepDir().empty())
    fs::copy_file(path, fs::path(keepDir()) / name, fs::copy_options::overwrite_existing);
  return path;
}

// The same position with no watching panel open and no search, to compare pixels with.
std::string plainShot(const TempDir& dir, const char* hover = nullptr) {
  App plain(options({"Game"}, false, hover));
  REQUIRE_FALSE(plain.init());
  for (int i = 0; i < 3; ++i) plain.frame();
  return shoot(plain, dir, "watch-plain.png", false);
}

}  // namespace

TEST_CASE("watch screenshot: the Search panel during a real search, the PV on the board") {
  TempDir dir("gomoku-watch");
  const std::string plainPath = plainShot(dir);
  App app(options({"Search"}, true));
  REQUIRE_FALSE(app.init());
  runSearch(app);
  REQUIRE(app.controller().searching() == SearchPurpose::Analysis);
  // The board shows the PV the panel took from the previous frame's info.
  const std::vector<Point> pv = app.controller().searchInfo().pv;
  // Did the best move change between the iterations shown? (Whether it does depends on the
  // engine; the depth chart marks each change in blue.)
  auto bestChanged = [&] {
    const std::vector<IterationInfo>& iterations = app.controller().searchInfo().iterations;
    for (size_t i = 1; i < iterations.size(); ++i)
      if (iterations[i].bestMove != iterations[i - 1].bestMove) return true;
    return false;
  };
  const bool changedBefore = bestChanged();
  const Board board = app.controller().game().board();
  const std::string path = shoot(app, dir, "watch-search.png");
  // The search goes on: the shot shows every iteration there was before it, and none that
  // came after this.
  const bool changedAfter = bestChanged();
  CHECK(app.controller().searchInfo().running);  // still thinking when the picture was taken

  Picture picture(path), plain(plainPath);
  REQUIRE(picture.surface);
  REQUIRE(plain.surface);
  const BoardGeometry& g = app.boardView().geometry();
  const std::vector<PvStone> stones = pvStones(board, pv);
  REQUIRE(stones.size() >= 2);
  const float r = g.stoneRadius();
  for (const PvStone& s : stones) {
    const Vec2f c = g.center(s.point);
    // Off the number, inside the stone: translucent, so the wood shows through changed.
    const float x = c.x + 0.55f * r, y = c.y + 0.3f * r;
    const SDL_Color px = picture.at(x, y), wood = plain.at(x, y);
    CAPTURE(pointToText(s.point));
    CAPTURE(static_cast<int>(px.r));
    CAPTURE(static_cast<int>(px.g));
    CAPTURE(static_cast<int>(px.b));
    CHECK(isWood(wood));
    if (s.color == Color::Black) {
      CHECK(px.r + px.g + px.b < wood.r + wood.g + wood.b - 120);  // darker ...
      CHECK(std::max({px.r, px.g, px.b}) > 60);                    // ... but not a solid stone
    } else {
      CHECK(px.b > wood.b + 15);  // paler and greyer than the wood
      CHECK(difference(px, wood) > 30);
    }
  }
  // The ring round the engine's first move.
  const Vec2f first = g.center(stones.front().point);
  const SDL_Color ring = picture.at(first.x + r * 1.05f, first.y);
  CHECK(ring.b > ring.r + 60);
  // Other empty points stay wood.
  const Vec2f empty = g.center(*parsePointText("c3", 15));
  CHECK(isWood(picture.at(empty.x + 0.3f * g.cell(), empty.y + 0.3f * g.cell())));

  // The sidebar: the graphs' lines (the theme's plot colour) and the depth chart's markers.
  const RectF b = g.board();
  const float left = b.x + b.w + 20;
  CHECK(picture.count(left, 0, 1280, 800, SDL_Color{219, 153, 76, 255}, 30) > 150);
  const int blue = picture.count(left, 0, 1280, 800, SDL_Color{80, 170, 240, 255}, 25);
  if (changedBefore) CHECK(blue > 20);
  if (!changedAfter) CHECK(blue == 0);  // no change, no blue mark (nor blue anywhere else)
}

TEST_CASE("watch screenshot: the Evaluation panel's heat map covers exactly the candidate points") {
  TempDir dir("gomoku-watch");
  const std::string plainPath = plainShot(dir, "k9");  // to compare with, point by point
  App app(options({"Evaluation"}, true, "k9"));
  REQUIRE_FALSE(app.init());
  runSearch(app);
  const std::string path = shoot(app, dir, "watch-eval.png");
  CHECK(app.controller().searchInfo().running);

  Picture picture(path), plain(plainPath);
  REQUIRE(picture.surface);
  REQUIRE(plain.surface);
  const BoardGeometry& g = app.boardView().geometry();
  const Board& board = app.controller().game().board();
  const HeatMap map = heatMap(board);
  std::set<Point> candidates;
  for (const HeatCell& c : map.cells) candidates.insert(c.point);
  REQUIRE(candidates.size() > 10);
  const Point hovered = *parsePointText("k9", 15);
  int coloured = 0, unchanged = 0;
  for (int y = 0; y < 15; ++y) {
    for (int x = 0; x < 15; ++x) {
      const Point p = makePoint(x, y);
      if (!board.isEmpty(p) || p == hovered) continue;
      const Vec2f c = g.center(p);
      const float dx = 0.2f * g.cell(), dy = 0.2f * g.cell();  // off the grid lines
      const int diff = difference(picture.at(c.x + dx, c.y + dy), plain.at(c.x + dx, c.y + dy));
      CAPTURE(pointToText(p));
      CAPTURE(diff);
      if (candidates.count(p)) {
        CHECK(diff > 40);
        ++coloured;
      } else {
        CHECK(diff < 12);
        ++unchanged;
      }
    }
  }
  CHECK(coloured ==
        static_cast<int>(candidates.size()) - static_cast<int>(candidates.count(hovered)));
  CHECK(unchanged > 100);
  // The strongest candidate is ringed in red.
  const Vec2f top = g.center(map.cells.front().point);
  const SDL_Color ring = picture.at(top.x + g.cell() * 0.36f * 1.25f, top.y);
  CHECK(ring.r > 180);
  CHECK(ring.g < 120);
  // The panel's green "= evaluate()" check line is in the sidebar.
  const RectF b = g.board();
  CHECK(picture.count(b.x + b.w + 20, 0, 1280, 800, SDL_Color{89, 199, 102, 255}, 30) > 20);
}

TEST_CASE("watch screenshot: the Game chart with the analysis' score on it") {
  TempDir dir("gomoku-watch");
  App app(options({"Game chart"}, true));
  REQUIRE_FALSE(app.init());
  runSearch(app);
  const std::string path = shoot(app, dir, "watch-chart.png");
  CHECK(app.controller().searchInfo().running);
  Picture picture(path);
  REQUIRE(picture.surface);
  const RectF b = app.boardView().geometry().board();
  const float left = b.x + b.w + 20;
  // The chart's background, the current move's blue line, the orange dot of the engine's
  // score for the position shown. Only that position was searched: no black area is drawn
  // for the others (no static evaluation stands in for the engine).
  CHECK(picture.count(left, 0, 1280, 800, SDL_Color{214, 210, 200, 255}, 6) > 2000);
  CHECK(picture.count(left, 0, 1280, 800, SDL_Color{40, 38, 36, 255}, 3) < 1000);
  CHECK(picture.count(left, 0, 1280, 800, SDL_Color{80, 170, 240, 255}, 25) > 30);
  CHECK(picture.count(left, 0, 1280, 800, SDL_Color{240, 150, 40, 255}, 30) > 6);
}

TEST_CASE("watch screenshot: every watching panel at 1280x800 and 800x600, the board in view") {
  TempDir dir("gomoku-watch-sizes");
  const std::pair<int, int> sizes[] = {{1280, 800}, {800, 600}};
  for (const auto& [w, h] : sizes) {
    for (const char* panel : {"Search", "Evaluation", "Game chart", "Moves", "Teaching"}) {
      CAPTURE(panel);
      CAPTURE(w);
      AppOptions o = options({panel}, true, "g8");
      o.windowWidth = w;
      o.windowHeight = h;
      App app(o);
      REQUIRE_FALSE(app.init());
      const auto start = std::chrono::steady_clock::now();
      while (app.controller().searchInfo().completedDepth < 3 &&
             std::chrono::steady_clock::now() - start < std::chrono::seconds(20)) {
        app.frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      for (int i = 0; i < 3; ++i) app.frame();
      std::string name = std::string("panel-") + panel + "-" + std::to_string(w) + "x" +
                         std::to_string(h) + ".png";
      std::replace(name.begin(), name.end(), ' ', '-');
      Picture picture(shoot(app, dir, name));
      REQUIRE(picture.surface);
      CHECK(picture.surface->w == w);
      CHECK(picture.surface->h == h);
      // Nothing covers the board: its four corners are bare wood.
      const BoardGeometry& g = app.boardView().geometry();
      for (const char* corner : {"a1", "o1", "a15", "o15"}) {
        const Vec2f c = g.center(*parsePointText(corner, 15));
        CHECK(isWood(picture.at(c.x + g.cell() * 0.25f, c.y - g.cell() * 0.25f)));
      }
      // The panel drew text in the sidebar (light pixels right of the board).
      const RectF b = g.board();
      CHECK(picture.count(b.x + b.w + 10, 0, static_cast<float>(w), static_cast<float>(h),
                          SDL_Color{230, 225, 215, 255}, 60) > 200);
    }
  }
}
