// The window at three sizes (800x600, the smallest allowed; 1280x800; 2560x1440, at scale 1 and
// at a high-DPI scale of 2), rendered headless: the board is a square on the left that takes
// the height, the sidebar of panels is on the right with its text, nothing of one lies on the
// other; folding the sidebar gives the board the width. Set GOMOKU_KEEP_SHOTS to a folder to
// keep the pictures and look at them.
#include <doctest/doctest.h>

#include <SDL.h>

#include <algorithm>
#include <string>

#include "app/gui/app.h"
#include "app/gui/board/board_view.h"
#include "app/gui/commands/game_actions.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/picture.h"
#include "tests/gui/temp_dir.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::isWood;
using gomoku::gui::testing::Picture;
using gomoku::gui::testing::TempDir;

namespace {

bool isText(SDL_Color c) {  // the dark theme's light text
  return c.r > 170 && c.g > 160 && c.b > 140 && std::abs(c.r - c.b) < 70;
}

AppOptions options(int width, int height, float scale) {
  AppOptions o = gomoku::gui::testing::headlessAppOptions(width, height, scale);
  o.white = PlayerKind::Computer;
  o.position = "h8i9j10h9h10i10";
  o.minimumMoveMs = 0;
  return o;
}

std::string shoot(App& app, const TempDir& dir, const std::string& name) {
  for (int i = 0; i < 3; ++i) app.frame();
  const std::string path = dir.file(name);
  app.requestScreenshot(path);
  app.frame();
  REQUIRE_MESSAGE(!app.screenshotError(), app.screenshotError().value_or(""));
  return path;
}

// The columns [x0, x1) where most rows in the middle band are wood: the board's extent.
std::pair<int, int> woodColumns(const Picture& p) {
  int left = p.width(), right = -1;
  for (int x = 0; x < p.width(); ++x) {
    int wood = 0, rows = 0;
    for (int y = p.height() / 4; y < p.height() * 3 / 4; y += 4, ++rows) wood += isWood(p.at(x, y));
    if (wood * 2 > rows) left = std::min(left, x), right = std::max(right, x);
  }
  return {left, right + 1};
}

}  // namespace

TEST_CASE("layout: board left - sidebar right - nothing overlapping - at three window sizes") {
  TempDir dir("gomoku-layout", "GOMOKU_KEEP_SHOTS");
  struct Size {
    int w, h;
    float scale;
  };
  for (Size size :
       {Size{800, 600, 1}, Size{1280, 800, 1}, Size{2560, 1440, 1}, Size{2560, 1440, 2}}) {
    CAPTURE(size.w);
    CAPTURE(size.scale);
    App app(options(size.w, size.h, size.scale));
    REQUIRE_FALSE(app.init());
    const std::string name = "layout-" + std::to_string(size.w) + "x" + std::to_string(size.h) +
                             "@" + std::to_string(static_cast<int>(size.scale)) + ".png";
    Picture picture(shoot(app, dir, name));
    REQUIRE(picture.surface);
    CHECK(picture.width() == size.w);
    CHECK(picture.height() == size.h);

    // The board: a square on the left, taking most of the height.
    const RectF b = app.boardView().geometry().board();
    CHECK(b.x >= 0);
    CHECK(b.y >= 0);
    CHECK(b.y + b.h <= size.h);
    CHECK(b.h > size.h * 0.6f);
    const auto [woodLeft, woodRight] = woodColumns(picture);
    CHECK(std::abs(woodLeft - b.x) < 4);
    CHECK(std::abs(woodRight - (b.x + b.w)) < 4);

    // The sidebar: right of the board, at least its minimum width, with text in it and no
    // board under it (a wood-coloured slider grab is not a column of wood).
    const float sidebarLeft = b.x + b.w + 12 * size.scale;
    CHECK(size.w - sidebarLeft >= 250 * size.scale);
    CHECK(woodRight <= sidebarLeft);
    int text = 0;
    for (int y = 0; y < size.h; y += 2)
      for (int x = static_cast<int>(sidebarLeft); x < size.w; x += 2)
        text += isText(picture.at(x, y));
    CHECK(text > 200);
    // Not too much space is wasted: the board and the sidebar share the width.
    CHECK(b.w + (size.w - sidebarLeft) > size.w * 0.8f);
  }
}

TEST_CASE("layout: the folded sidebar gives the board the width; the width is a setting") {
  TempDir dir("gomoku-layout", "GOMOKU_KEEP_SHOTS");
  App app(options(1280, 800, 1));
  REQUIRE_FALSE(app.init());
  shoot(app, dir, "layout-open.png");
  const RectF open = app.boardView().geometry().board();
  app.commands().run(CommandId::ToggleSidebar);
  CHECK(app.settings().sidebarCollapsed);
  Picture folded(shoot(app, dir, "layout-folded.png"));
  const RectF b = app.boardView().geometry().board();
  // Centred in the whole width now (the fold strip aside), and no panel text beside it.
  CHECK(b.x > open.x + 100);
  CHECK(std::abs((b.x + b.w / 2) - (1280 - 12) / 2.0f) < 8);
  int text = 0;
  for (int y = 60; y < 800; y += 2)
    for (int x = static_cast<int>(b.x + b.w) + 30; x < 1280; x += 2)
      text += isText(folded.at(x, y));
  CHECK(text < 50);

  // A wider sidebar, as a drag leaves it: the board moves over.
  app.commands().run(CommandId::ToggleSidebar);
  app.settings().sidebarWidth = 600;
  shoot(app, dir, "layout-wide.png");
  const RectF narrow = app.boardView().geometry().board();
  CHECK(narrow.x + narrow.w <= 1280 - 600 - 12 + 1);
}

TEST_CASE("layout: the result banner and the dialogs fit in the smallest window") {
  TempDir dir("gomoku-layout", "GOMOKU_KEEP_SHOTS");
  AppOptions o = options(800, 600, 1);
  o.position = "h8a1h9a2h10a3h11a4h12";  // black has five
  App app(o);
  REQUIRE_FALSE(app.init());
  REQUIRE(app.controller().game().isOver());
  Picture banner(shoot(app, dir, "result-800x600.png"));
  CHECK(app.bannerVisible());
  // The banner is a dark card on the wood, inside the board.
  const RectF b = app.boardView().geometry().board();
  int dark = 0;
  for (int y = static_cast<int>(b.y); y < static_cast<int>(b.y + b.h); y += 2)
    for (int x = static_cast<int>(b.x); x < static_cast<int>(b.x + b.w); x += 2) {
      const SDL_Color c = banner.at(x, y);
      dark += c.r < 60 && c.g < 55 && c.b < 50;
    }
  CHECK(dark > 2000);

  // A sidebar dragged (or saved) very wide still leaves the board half the window, and the
  // banner stays inside the board area.
  app.settings().sidebarWidth = 2000;
  Picture squeezed(shoot(app, dir, "result-800x600-wide-sidebar.png"));
  const RectF small = app.boardView().geometry().board();
  CHECK(small.w > 330);
  CHECK(small.x + small.w < 400);

  app.commands().run(CommandId::NewGame);
  shoot(app, dir, "newgame-800x600.png");
  app.commands().run(CommandId::Dismiss);
  SDL_Event esc{};
  esc.type = SDL_KEYDOWN;
  esc.key.keysym.sym = SDLK_ESCAPE;
  SDL_PushEvent(&esc);
  app.frame();
  app.commands().run(CommandId::ShowAbout);
  shoot(app, dir, "about-800x600.png");
  SDL_PushEvent(&esc);
  app.frame();
  app.commands().run(CommandId::ShowShortcuts);
  shoot(app, dir, "shortcuts-800x600.png");
}

TEST_CASE("layout: the sidebar's width and open panels and step mode are remembered between runs") {
  TempDir dir("gomoku-layout");
  AppOptions o = options(1280, 800, 1);
  o.persist = true;
  o.prefDir = dir.file("prefs");
  o.position.reset();
  {
    App app(o);
    REQUIRE_FALSE(app.init());
    app.frame();
    // The defaults the first time: Game and Moves open, the others closed.
    CHECK(app.openPanels() == std::vector<std::string>{"Game", "Moves"});
    app.settings().sidebarWidth = 420;
    app.settings().openPanels = std::vector<std::string>{"Moves", "Teaching"};
    app.controller().setStepMode(true);  // as the Teaching panel's check box does
    app.frame();
    CHECK(app.settings().stepMode);
  }  // saved at exit
  App again(o);
  REQUIRE_FALSE(again.init());
  CHECK(again.settings().sidebarWidth == 420);
  CHECK(again.controller().stepMode());
  again.frame();
  CHECK(again.openPanels() == std::vector<std::string>{"Moves", "Teaching"});
  const RectF b = again.boardView().geometry().board();
  CHECK(b.x + b.w <= 1280 - 420 - 12 + 1);
}
