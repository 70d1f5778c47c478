// The game under a puzzle, in the whole program headless: while a puzzle has the board the
// hidden game is frozen — the computer does not answer in it, the arrows, Home and Undo leave it
// as it is and their commands are greyed, H asks the puzzle for its hint — and once the puzzle
// is put away the game goes on from where it was. The first hint's area is drawn on the board
// (pixels checked against the picture before the hint). GOMOKU_REVIEW_SCREENSHOTS=DIR keeps the
// pictures.
#include <doctest/doctest.h>

#include <SDL.h>

#include <chrono>
#include <functional>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/board/board_view.h"
#include "app/gui/commands/game_actions.h"
#include "core/board/types.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/key_press.h"
#include "tests/gui/picture.h"
#include "tests/gui/temp_dir.h"
#include "tests/gui/run_frames.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::Picture;
using gomoku::gui::testing::press;
using gomoku::gui::testing::TempDir;

using gomoku::gui::testing::runUntil;
using gomoku::gui::testing::runFor;
namespace {

}  // namespace

TEST_CASE("puzzle headless: the game under a puzzle is frozen and goes on when it is closed") {
  TempDir out("gomoku-puzzle-freeze", "GOMOKU_REVIEW_SCREENSHOTS");
  AppOptions o = gomoku::gui::testing::headlessAppOptions(1024, 720);
  o.assetsDir = GOMOKU_ASSETS_DIR;
  o.openPanels = {"Game", "Moves", "Puzzles"};  // the Game and Moves panels greyed
  o.position = "h8";                   // white to move: the computer's turn, a quick one
  o.white = PlayerKind::Computer;
  o.strength = 1;
  o.timeMs = 100;
  o.minimumMoveMs = 0;
  App app(o);
  REQUIRE_FALSE(app.init());
  const GameController& c = app.controller();
  REQUIRE(c.game().ply() == 1);
  REQUIRE(c.isComputerTurn());

  // The puzzle goes on the board before the computer has had a frame to start thinking.
  PuzzleModel& model = app.actions().puzzles();
  model.open(GOMOKU_ASSETS_DIR, "");
  REQUIRE(model.builtIn().size() > 3);
  model.begin(model.builtIn()[3]);  // a win in 3

  // Much longer than the computer needs for its move: nothing happens in the game.
  runFor(app, 1500);
  REQUIRE(runUntil(app, [&] { return !model.busy(); }));
  CHECK(c.game().ply() == 1);
  CHECK(c.game().line().size() == 1);
  CHECK(c.searching() == SearchPurpose::None);

  // The game's keys leave it alone, and the command table says they do nothing now.
  for (CommandId id :
       {CommandId::ViewFirst, CommandId::ViewPrevious, CommandId::Undo, CommandId::Redo,
        CommandId::Resign, CommandId::SwapSides, CommandId::Resume, CommandId::Step})
    CHECK_FALSE(app.commands()[id].isEnabled());
  press(app, SDLK_LEFT);
  CHECK(c.game().ply() == 1);
  press(app, SDLK_HOME);
  CHECK(c.game().ply() == 1);
  press(app, SDLK_z, KMOD_LCTRL);
  CHECK(c.game().ply() == 1);
  CHECK(c.game().line().size() == 1);
  CHECK(model.active());

  // H belongs to the puzzle: its first hint, the area, drawn on the board.
  runFor(app, 50);
  const std::string before = out.file("puzzle-before-hint.png");
  app.requestScreenshot(before);
  app.frame();
  REQUIRE_FALSE(app.screenshotError());
  REQUIRE(app.commands()[CommandId::Hint].isEnabled());
  press(app, SDLK_h);
  REQUIRE(runUntil(app, [&] { return !model.busy(); }));
  REQUIRE(model.hints().size() == 1);
  CHECK(model.hints()[0].find("Look between") == 0);
  REQUIRE(model.hintAreaLow() != kNullPoint);
  const std::string after = out.file("puzzle-hint-area.png");
  app.requestScreenshot(after);
  app.frame();
  REQUIRE_FALSE(app.screenshotError());
  Picture a(before), b(after);
  REQUIRE(a.surface);
  REQUIRE(b.surface);
  const BoardGeometry& g = app.boardView().geometry();
  const Point low = model.hintAreaLow(), high = model.hintAreaHigh();
  int bluer = 0, inside = 0;
  for (int x = pointX(low); x <= pointX(high); ++x)
    for (int y = pointY(low); y <= pointY(high); ++y) {
      const Point p = makePoint(x, y);
      if (!model.board().isEmpty(p)) continue;
      const Vec2f at = g.center(p);  // between the grid lines, where only the wash can change
      const SDL_Color was = a.at(at.x + g.cell() * 0.25f, at.y + g.cell() * 0.25f);
      const SDL_Color now = b.at(at.x + g.cell() * 0.25f, at.y + g.cell() * 0.25f);
      ++inside;
      bluer += now.b > was.b + 10 && now.r + 10 < was.r;
    }
  CHECK(inside > 0);
  CHECK(bluer == inside);
  // Two points beyond the area: untouched.
  const int outX = pointX(high) + 2 < c.game().size() ? pointX(high) + 2 : pointX(low) - 2;
  const Vec2f far = g.center(makePoint(outX, pointY(low)));
  const SDL_Color wasFar = a.at(far.x + g.cell() * 0.25f, far.y + g.cell() * 0.25f);
  const SDL_Color nowFar = b.at(far.x + g.cell() * 0.25f, far.y + g.cell() * 0.25f);
  CHECK(wasFar.r == nowFar.r);
  CHECK(wasFar.b == nowFar.b);

  // Back to the game: the computer answers in it, after the same first move.
  app.actions().closePuzzle();
  CHECK(app.commands()[CommandId::ViewFirst].isEnabled());
  REQUIRE(runUntil(app, [&] { return c.game().ply() == 2; }));
  CHECK(c.game().line().front() == *parsePointText("h8", 15));
}
