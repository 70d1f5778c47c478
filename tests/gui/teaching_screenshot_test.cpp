// Teaching mode in the whole program, headless (SDL's dummy video driver, software renderer):
// Space and Backspace reach the controller only in step mode, and screenshots of the teaching
// panel and of the search-tree window with a node selected (its line drawn on the board).
// Set GOMOKU_TEACHING_SCREENSHOTS to a directory to keep the pictures (docs/ uses them).
#include <doctest/doctest.h>

#include <SDL.h>
#include <SDL_image.h>
#include <imgui.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/panels/teaching_panel.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/key_press.h"
#include "tests/gui/picture.h"
#include "tests/gui/temp_dir.h"
#include "tests/support/point_text.h"
#include "tests/gui/run_frames.h"

using namespace gomoku;
using namespace gomoku::gui;
namespace fs = std::filesystem;
using gomoku::gui::testing::press;
using gomoku::gui::testing::TempDir;
using Pixels = gomoku::gui::testing::Picture;
using gomoku::testsupport::pt;

using gomoku::gui::testing::isWood;
using gomoku::gui::testing::runUntil;
namespace {

AppOptions teachingOptions() {
  AppOptions o = gomoku::gui::testing::headlessAppOptions(1280, 800);
  o.minimumMoveMs = 0;
  o.black = PlayerKind::Computer;
  o.white = PlayerKind::Computer;
  // No noise, and a depth (level 9: 9 plies) the search completes long before the time is up:
  // the computer's move must not depend on how busy the machine is. (At level 10 with 1 s a
  // move, a loaded machine made white play f11, a four: black's block is then the only root
  // move, its search stops at depth 2, and there is no fourth iteration to step to.)
  o.strength = 9;
  o.timeMs = 30000;
  // A middle game (the one tests/core/teach_test.cpp records), white to move.
  o.position = "h8h9i9i8g9g10j7";
  o.openPanels = {"Teaching"};
  return o;
}

TeachingPanel* teachingPanel(App& app) {
  for (const auto& panel : app.panels()) {
    if (auto* teaching = dynamic_cast<TeachingPanel*>(panel.get())) return teaching;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("teaching, headless: Space steps and Backspace goes back, only in step mode") {
  App app(teachingOptions());
  REQUIRE_FALSE(app.init());
  GameController& c = app.controller();
  c.setStepMode(true);
  for (int i = 0; i < 3; ++i) app.frame();
  REQUIRE(c.game().ply() == 7);
  CHECK(c.searching() == SearchPurpose::None);  // step mode: the computer waits

  press(app, SDLK_SPACE);
  CHECK(c.thinking());
  REQUIRE(runUntil(app, [&] { return c.game().ply() == 8; }));
  CHECK(c.searching() == SearchPurpose::None);
  for (int i = 0; i < 3; ++i) app.frame();
  CHECK(c.game().ply() == 8);  // one move per press

  press(app, SDLK_BACKSPACE);
  CHECK(c.game().ply() == 7);
  press(app, SDLK_BACKSPACE);
  CHECK(c.game().ply() == 6);

  // Out of step mode the keys are not the panel's: Backspace takes nothing back.
  c.setStepMode(false);
  c.setPlayer(Color::Black, PlayerKind::Human);
  c.setPlayer(Color::White, PlayerKind::Human);
  press(app, SDLK_BACKSPACE);
  press(app, SDLK_SPACE);
  CHECK(c.game().ply() == 6);
  CHECK(c.searching() == SearchPurpose::None);
}

TEST_CASE(
    "teaching, headless: the panel and the search tree with a node selected, drawn on the board") {
  TempDir out("gomoku-teaching", "GOMOKU_TEACHING_SCREENSHOTS");
  App app(teachingOptions());
  REQUIRE_FALSE(app.init());
  GameController& c = app.controller();
  TeachingPanel* panel = teachingPanel(app);
  REQUIRE(panel);
  TeachingState& state = panel->state();
  c.setStepMode(true);
  app.frame();

  // The computers play a move a step, each explained: white's, black's, and on while either
  // side has a five to make (the side to move must make it or block it): such a forced move's
  // search stops at depth 2, with no iterations to step. (The engine of this test's first
  // version played the four f11 at move 8, so black's move 9 was forced; the loop keeps the
  // test from depending on which move the engine prefers.)
  const auto forced = [&] {
    const Board& b = c.game().board();
    return b.threatCount(Color::Black, Threat::Five) > 0 ||
           b.threatCount(Color::White, Threat::Five) > 0;
  };
  int steps = 0;
  while (steps < 2 || forced()) {
    REQUIRE(steps < 12);
    const int next = c.game().ply() + 1;
    REQUIRE(c.step());
    REQUIRE(runUntil(app, [&] { return c.game().ply() == next; }));
    app.frame();
    REQUIRE(state.explanations.last());
    CHECK(state.explanations.last()->moveNumber == next);
    ++steps;
  }
  REQUIRE(c.game().result() == GameResult::Ongoing);
  for (int d = 1; d <= 5; ++d) {
    REQUIRE(state.iterations.step(c));
    REQUIRE(runUntil(app, [&] { return !state.iterations.searching(); }));
  }
  CHECK(state.iterations.depth() == 5);
  state.selectedIteration = 4;
  state.overlay = TeachingState::Overlay::IterationPv;
  for (int i = 0; i < 2; ++i) app.frame();
  const std::string panelShot = out.file("teaching-panel.png");
  app.requestScreenshot(panelShot);
  app.frame();
  REQUIRE_FALSE(app.screenshotError());
  const BoardGeometry& g = app.boardView().geometry();
  // The same frame without the variation, to compare with: a translucent white stone over
  // light wood is too close to wood for a colour test, but never the same pixels.
  state.overlay = TeachingState::Overlay::None;
  app.frame();
  const std::string bareShot = out.file("teaching-panel-bare.png");
  app.requestScreenshot(bareShot);
  app.frame();
  REQUIRE_FALSE(app.screenshotError());
  state.overlay = TeachingState::Overlay::IterationPv;
  app.frame();
  {
    // The selected depth's principal variation is drawn: translucent stones on empty points.
    Pixels pixels(panelShot);
    Pixels bare(bareShot);
    REQUIRE(pixels.surface);
    REQUIRE(bare.surface);
    CHECK(pixels.surface->w == 1280);
    const std::vector<Point>& pv = state.iterations.iterations()[4].pv;
    REQUIRE_FALSE(pv.empty());
    for (Point p : pv) {
      REQUIRE(c.game().board().isEmpty(p));  // nothing was played
      const Vec2f centre = g.center(p);
      // Inside the stone, off the letter in its middle: the wood there is covered.
      int changed = 0;
      for (int dy = -3; dy <= 3; ++dy)
        for (int dx = -3; dx <= 3; ++dx) {
          const float x = centre.x - g.cell() * 0.3f + float(dx), y = centre.y + float(dy);
          const SDL_Color a = pixels.at(x, y), b = bare.at(x, y);
          changed += std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b) > 24;
        }
      INFO("pv stone ", pointToText(p), " of ", pv.size());
      CHECK(changed >= 40);  // of the 49 pixels around
    }
    const Vec2f corner = g.center(pt("b2"));
    CHECK(isWood(pixels.at(corner.x + g.cell() * 0.25f, corner.y + g.cell() * 0.25f)));
  }

  // The tree: depth 3, the best 4 candidates. The chosen line is open; so is the root's
  // second move, where alpha-beta cuts off, and the selection is a leaf of the chosen line.
  panel->openTree(app.controller().game().board(), 3, 4);
  TreeStudy& study = state.study;
  REQUIRE(study.built());
  CHECK(study.valuesAgree());
  const SearchTree& ab = study.alphaBeta();
  const std::vector<int> line = principalLine(ab);
  REQUIRE(line.size() == 4);
  for (int child : ab.nodes[0].children) {
    if (child != line[1] && ab.nodes[static_cast<size_t>(child)].cutoff) {
      study.setOpen(0, child, true);
      study.setOpen(1, findNode(study.minimax(), ab.lineTo(child)), true);
      break;
    }
  }
  study.select(0, line.back());
  state.overlay = TeachingState::Overlay::TreeLine;
  for (int i = 0; i < 3; ++i) app.frame();
  const std::string treeShot = out.file("teaching-tree.png");
  app.requestScreenshot(treeShot);
  app.frame();
  REQUIRE_FALSE(app.screenshotError());

  // The window stands beside the board, never over it: the whole selected line is drawn on
  // the board, and the board's far corner is still bare wood.
  Pixels pixels(treeShot);
  REQUIRE(pixels.surface);
  const std::vector<Point> moves = ab.lineTo(line.back());
  REQUIRE(moves.size() == 3);
  for (Point p : moves) {
    CHECK(c.game().board().isEmpty(p));
    const Vec2f centre = g.center(p);
    CHECK_FALSE(isWood(pixels.at(centre.x - g.cell() * 0.3f, centre.y)));
  }
  const Vec2f farCorner = g.center(pt("o15"));
  CHECK(isWood(pixels.at(farCorner.x + g.cell() * 0.25f, farCorner.y + g.cell() * 0.25f)));
  // The root's candidates are the engine's top moves, in its order.
  REQUIRE(study.engineRootMoves().size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    CHECK(ab.nodes[static_cast<size_t>(ab.nodes[0].children[i])].move ==
          study.engineRootMoves()[i].move);
  }
}
