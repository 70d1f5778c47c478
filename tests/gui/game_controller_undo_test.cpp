// The game controller taking back and looking back: undo and redo during and after the
// computer's search, a resignation taken back, computer-vs-computer paused by undo, jumps in
// the record. The scripted backend holds each search open between steps.
#include <doctest/doctest.h>

#include "app/gui/models/game_controller.h"
#include "tests/gui/fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using namespace gomoku::gui::testing;
using gomoku::testsupport::pt;
using Fixture = ControllerFixture;

TEST_CASE("undo during the computer's search cancels it and goes back to the human's move") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  const uint64_t cancelledId = f.searches->info.searchId;

  CHECK(f.c.canUndo());
  CHECK(f.c.undo());
  CHECK(f.searches->stops == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.game().ply() == 0);
  CHECK(f.c.isHumanTurn());
  CHECK(f.c.canRedo());

  // The cancelled search still reports a result afterwards: it must not be played.
  f.searches->finish(pt("i9"));
  REQUIRE(f.searches->info.searchId == cancelledId);
  f.c.update();
  CHECK(f.c.game().ply() == 0);
  CHECK(f.c.game().board().isEmpty(pt("i9")));
  CHECK(f.searches->positions.size() == 1);  // and no new search: it is the human's turn
  f.kinds();

  // Playing on from there works as usual.
  REQUIRE_FALSE(f.c.clickPoint(pt("g7")));
  f.c.update();
  CHECK(f.c.thinking());
  CHECK(f.searches->positions.back().at(pt("g7")) == Color::Black);
  CHECK(f.searches->positions.back().isEmpty(pt("h8")));
}

TEST_CASE(
    "undo takes back the computer's answer and the human's move together, redo replays both") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  f.searches->finish(pt("i9"));
  f.c.update();
  REQUIRE_FALSE(f.c.clickPoint(pt("g7")));
  f.c.update();
  f.searches->finish(pt("j10"));
  f.c.update();
  REQUIRE(f.c.game().ply() == 4);
  REQUIRE(f.c.isHumanTurn());

  CHECK(f.c.undo());
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.isHumanTurn());
  CHECK(f.c.undo());
  CHECK(f.c.game().ply() == 0);
  CHECK_FALSE(f.c.canUndo());
  CHECK_FALSE(f.c.undo());

  CHECK(f.c.redo());
  CHECK(f.c.game().ply() == 2);  // the human's move and the recorded answer
  CHECK(f.c.isHumanTurn());
  CHECK(f.c.redo());
  CHECK(f.c.game().ply() == 4);
  CHECK_FALSE(f.c.canRedo());
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.searches->positions.size() == 2);  // nothing was searched again
}

TEST_CASE(
    "with the computer as black it opens, and undo never goes before the human's first move") {
  Fixture f(PlayerKind::Computer, PlayerKind::Human);
  f.c.update();
  REQUIRE(f.c.thinking());
  CHECK(f.searches->positions[0].stoneCount() == 0);
  CHECK_FALSE(f.c.canUndo());
  f.searches->finish(pt("h8"));
  f.c.update();
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.isHumanTurn());
  CHECK_FALSE(f.c.canUndo());  // the only earlier position is the computer's

  REQUIRE_FALSE(f.c.clickPoint(pt("i9")));
  f.c.update();
  REQUIRE(f.c.thinking());
  CHECK(f.c.undo());
  CHECK(f.searches->stops == 1);
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.isHumanTurn());
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
}

TEST_CASE("resign ends the game for the human, undo takes the resignation back") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  CHECK(f.c.canResign());
  f.kinds();
  f.c.resign();  // during the computer's search: it is cancelled
  CHECK(f.searches->stops == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.game().isOver());
  CHECK(f.c.game().result() == GameResult::WhiteWins);
  CHECK(f.c.game().endReason() == EndReason::Resignation);
  auto events = f.c.takeEvents();
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == EventKind::GameOver);
  CHECK(events[0].color == Color::White);
  CHECK_FALSE(f.c.canResign());
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.clickPoint(pt("a1")));
  CHECK(f.c.game().ply() == 1);

  CHECK(f.c.undo());
  CHECK_FALSE(f.c.game().isOver());
  CHECK(f.c.game().ply() == 0);
  CHECK(f.c.isHumanTurn());
}

TEST_CASE("two humans: the side to move resigns, undo goes back one move") {
  Fixture f(PlayerKind::Human, PlayerKind::Human);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  REQUIRE_FALSE(f.c.clickPoint(pt("i9")));
  CHECK(f.c.undo());
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.game().sideToMove() == Color::White);
  f.c.resign();
  CHECK(f.c.game().result() == GameResult::BlackWins);
  f.c.update();
  CHECK(f.searches->positions.empty());
}

TEST_CASE("computer against computer plays on, undo pauses it, resume continues") {
  Fixture f(PlayerKind::Computer, PlayerKind::Computer);
  const char* moves[] = {"h8", "i9", "g7"};
  for (const char* m : moves) {
    f.c.update();
    REQUIRE(f.c.thinking());
    f.searches->finish(pt(m));
  }
  f.c.update();
  CHECK(f.c.game().ply() == 3);
  CHECK(f.c.thinking());  // the next search started in the same frame
  CHECK_FALSE(f.c.canResign());

  CHECK(f.c.undo());
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.paused());
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);

  f.c.resume();
  f.c.update();
  CHECK(f.c.thinking());
  CHECK(f.searches->positions.back().stoneCount() == 2);
}

TEST_CASE("jumping back in the record reviews without the computer moving") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  f.searches->finish(pt("i9"));
  f.c.update();
  REQUIRE_FALSE(f.c.clickPoint(pt("g7")));
  f.c.update();
  REQUIRE(f.c.thinking());

  f.c.jumpTo(1);  // white (the computer) to move, in the past
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.paused());
  CHECK(f.c.searching() == SearchPurpose::None);
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.game().line().size() == 3);

  f.c.jumpTo(3);  // the end of the line: play goes on
  CHECK_FALSE(f.c.paused());
  f.c.update();
  CHECK(f.c.thinking());
}
