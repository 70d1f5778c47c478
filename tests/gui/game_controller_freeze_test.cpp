// A frozen game (a puzzle has the board): the controller starts no search for it, cancels the
// one in flight, refuses every action that would change it or the position shown, and carries
// on from the same position when thawed. The scripted backend records every go() and stop().
#include <doctest/doctest.h>

#include "app/gui/models/game_controller.h"
#include "fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::testsupport::pt;

TEST_CASE("frozen: the computer's search is cancelled and none starts until thawed") {
  ControllerFixture f;  // black human, white computer
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  const int stops = f.searches->stops;
  f.c.setFrozen(true);
  CHECK(f.c.frozen());
  CHECK(f.searches->stops == stops + 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  for (int i = 0; i < 5; ++i) f.c.update();
  CHECK(f.searches->positions.size() == 1);  // no new search
  CHECK(f.c.game().ply() == 1);

  f.c.setFrozen(false);
  f.c.update();
  REQUIRE(f.searches->positions.size() == 2);
  CHECK(f.c.thinking());
  CHECK(f.searches->positions.back().key() == f.c.game().board().key());
  f.searches->finish(pt("i9"));
  f.c.update();
  CHECK(f.c.game().ply() == 2);
}

TEST_CASE("frozen: the actions on the game do nothing and every can-check says so") {
  ControllerFixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  f.searches->finish(pt("i9"));
  f.c.update();
  REQUIRE(f.c.game().ply() == 2);
  REQUIRE(f.c.canUndo());
  REQUIRE(f.c.canHint());
  REQUIRE(f.c.canResign());
  const uint64_t key = f.c.game().board().key();

  f.c.setFrozen(true);
  CHECK_FALSE(f.c.canUndo());
  CHECK_FALSE(f.c.canRedo());
  CHECK_FALSE(f.c.canHint());
  CHECK_FALSE(f.c.canResign());
  CHECK_FALSE(f.c.canSwapSides());
  CHECK_FALSE(f.c.canJump());
  CHECK_FALSE(f.c.canSearchDepth());
  CHECK_FALSE(f.c.undo());
  f.c.jumpTo(0);
  f.c.resign();
  f.c.swapSides();
  f.c.requestHint();
  CHECK(f.c.clickPoint(pt("j10")).has_value());
  f.c.update();
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.game().board().key() == key);
  CHECK_FALSE(f.c.game().isOver());
  CHECK(f.c.player(Color::Black) == PlayerKind::Human);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.searches->positions.size() == 1);

  f.c.setFrozen(false);
  CHECK(f.c.canUndo());
  CHECK(f.c.canJump());
  f.c.jumpTo(0);
  CHECK(f.c.game().ply() == 0);
}

TEST_CASE("frozen: an analysis waits and starts again on the same position when thawed") {
  ControllerFixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.setAnalysis(true);
  f.c.update();
  REQUIRE(f.c.searching() == SearchPurpose::Analysis);
  f.c.setFrozen(true);
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.searches->positions.size() == 1);
  f.c.setFrozen(false);
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::Analysis);
  REQUIRE(f.searches->positions.size() == 2);
  CHECK(f.searches->positions.back().key() == f.c.game().board().key());
}
