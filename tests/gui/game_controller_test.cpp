// The game controller: turns, the computer's reply, swap sides, hints, the end of the game, a
// new game and a loaded record. The scripted backend holds each search open so the state can
// be checked after every step. Taking back is in game_controller_undo_test.cpp, the real
// engine in game_controller_engine_test.cpp.
#include <doctest/doctest.h>

#include "app/gui/models/game_controller.h"
#include "tests/gui/fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using namespace gomoku::gui::testing;
using gomoku::testsupport::pt;
using Fixture = ControllerFixture;

TEST_CASE("human against computer: the human moves, the computer answers on a later frame") {
  Fixture f;
  CHECK(f.c.isHumanTurn());
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);  // nothing to do on the human's turn
  CHECK(f.searches->positions.empty());

  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.game().board().at(pt("h8")) == Color::Black);
  CHECK(f.c.isComputerTurn());
  auto events = f.c.takeEvents();
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == EventKind::StonePlaced);
  CHECK(events[0].color == Color::Black);
  CHECK_FALSE(events[0].byComputer);

  f.c.update();  // starts the computer's search on a copy of the position
  CHECK(f.c.thinking());
  REQUIRE(f.searches->positions.size() == 1);
  CHECK(f.searches->positions[0].stoneCount() == 1);
  CHECK(f.searches->positions[0].sideToMove() == Color::White);
  CHECK(f.searches->limits[0].timeMs == limitsForStrength(5, 1000).timeMs);

  f.c.update();  // still searching: nothing changes, nothing restarts
  CHECK(f.c.thinking());
  CHECK(f.searches->positions.size() == 1);
  CHECK(f.c.game().ply() == 1);

  f.searches->finish(pt("i9"));
  f.c.update();
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.game().board().at(pt("i9")) == Color::White);
  CHECK(f.c.isHumanTurn());
  CHECK(f.c.searching() == SearchPurpose::None);
  events = f.c.takeEvents();
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind == EventKind::StonePlaced);
  CHECK(events[0].byComputer);
  CHECK(events[0].point == pt("i9"));
}

TEST_CASE("clicks on the computer's turn and on occupied points change nothing") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.kinds();
  f.c.update();
  REQUIRE(f.c.thinking());

  auto message = f.c.clickPoint(pt("a1"));  // the computer's turn
  CHECK(message);
  CHECK(f.c.game().ply() == 1);
  CHECK(f.kinds().empty());
  CHECK(f.c.thinking());

  f.searches->finish(pt("i9"));
  f.c.update();
  f.kinds();
  message = f.c.clickPoint(pt("i9"));  // occupied
  CHECK(message);
  CHECK(f.c.game().ply() == 2);
  CHECK(f.kinds() == Kinds{EventKind::Illegal});
  CHECK(f.c.isHumanTurn());
}

TEST_CASE("swap sides hands the side to move to the other player") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());

  f.c.swapSides();  // now white (to move) is the human and black the computer
  CHECK(f.c.player(Color::Black) == PlayerKind::Computer);
  CHECK(f.c.player(Color::White) == PlayerKind::Human);
  CHECK(f.searches->stops == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.isHumanTurn());
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.searches->positions.size() == 1);

  REQUIRE_FALSE(f.c.clickPoint(pt("i9")));
  CHECK(f.c.game().board().at(pt("i9")) == Color::White);
  f.c.update();
  CHECK(f.c.thinking());
  CHECK(f.searches->positions.back().sideToMove() == Color::Black);

  f.c.swapSides();  // back: black (to move) is human again
  CHECK(f.c.isHumanTurn());
  CHECK(f.c.searching() == SearchPurpose::None);
}

TEST_CASE("five in a row ends the game: events, no more moves, no more searches") {
  Fixture f(PlayerKind::Human, PlayerKind::Human);
  const char* moves[] = {"d4", "d5", "e4", "e5", "f4", "f5", "g4", "g5"};
  for (const char* m : moves) REQUIRE_FALSE(f.c.clickPoint(pt(m)));
  f.kinds();
  REQUIRE_FALSE(f.c.clickPoint(pt("h4")));
  auto events = f.c.takeEvents();
  REQUIRE(events.size() == 2);
  CHECK(events[0].kind == EventKind::StonePlaced);
  CHECK(events[1].kind == EventKind::GameOver);
  CHECK(events[1].result == GameResult::BlackWins);
  CHECK(events[1].color == Color::Black);
  CHECK(events[1].reason == EndReason::Five);
  CHECK(f.c.game().winningLine().size() == 5);
  CHECK_FALSE(f.c.isHumanTurn());
  CHECK_FALSE(f.c.isComputerTurn());
  CHECK_FALSE(f.c.canResign());
  CHECK_FALSE(f.c.canHint());
  CHECK(f.c.clickPoint(pt("a1")));
  CHECK(f.c.game().ply() == 9);

  // The computer does not move after the end either.
  f.c.setPlayer(Color::White, PlayerKind::Computer);
  f.c.update();
  CHECK(f.searches->positions.empty());
}

TEST_CASE("the computer's winning move ends the game") {
  Fixture f;
  const char* moves[] = {"a1", "d5", "a3", "e5", "a5", "f5", "a7", "g5", "a9"};
  for (int i = 0; i < 9; ++i) {
    if (i % 2 == 0) {
      REQUIRE_FALSE(f.c.clickPoint(pt(moves[i])));
    } else {
      f.c.update();
      REQUIRE(f.c.thinking());
      f.searches->finish(pt(moves[i]));
      f.c.update();
    }
  }
  f.kinds();
  f.c.update();
  REQUIRE(f.c.thinking());
  f.searches->finish(pt("h5"));
  f.c.update();
  CHECK(f.kinds() == Kinds{EventKind::StonePlaced, EventKind::GameOver});
  CHECK(f.c.game().result() == GameResult::WhiteWins);
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
}

TEST_CASE("hint: searched at full strength for the human, shown until the position changes") {
  Fixture f;
  CHECK(f.c.canHint());
  f.c.requestHint();
  CHECK(f.c.searching() == SearchPurpose::Hint);
  CHECK_FALSE(f.c.thinking());
  CHECK_FALSE(f.c.canHint());
  CHECK(f.searches->limits.back().timeMs == limitsForStrength(kMaxStrength, 1000).timeMs);
  f.searches->finish(pt("h8"));
  f.c.update();
  CHECK(f.c.hint() == pt("h8"));
  CHECK(f.c.game().ply() == 0);  // a hint never plays
  CHECK(f.kinds() == Kinds{EventKind::HintReady});

  REQUIRE_FALSE(f.c.clickPoint(pt("g7")));
  CHECK(f.c.hint() == kNullPoint);

  // A click while the hint is searched cancels the hint search.
  f.c.update();
  f.searches->finish(pt("h8"));
  f.c.update();
  f.c.requestHint();
  REQUIRE(f.c.searching() == SearchPurpose::Hint);
  const int stops = f.searches->stops;
  REQUIRE_FALSE(f.c.clickPoint(pt("f6")));
  CHECK(f.searches->stops == stops + 1);
  CHECK(f.c.hint() == kNullPoint);
  f.c.update();
  CHECK(f.c.thinking());  // and the computer's answer starts
}

TEST_CASE("new game cancels the search and starts empty") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  REQUIRE_FALSE(f.c.newGame(19, Rule::Renju));
  CHECK(f.searches->stops == 1);
  CHECK(f.searches->clears == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.game().ply() == 0);
  CHECK(f.c.game().size() == 19);
  CHECK(f.c.game().rule() == Rule::Renju);
  CHECK(f.c.newGame(4, Rule::Freestyle));  // out of range: refused
  CHECK(f.c.game().size() == 19);
}

TEST_CASE("an engine answer that is not a legal move pauses the game with a message") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  f.kinds();
  f.searches->finish(pt("h8"));  // occupied
  f.c.update();
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.paused());
  CHECK(f.kinds() == Kinds{EventKind::SearchFailed});
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::None);
}

TEST_CASE("loading a record replaces the game, a bad record changes nothing") {
  Fixture f(PlayerKind::Human, PlayerKind::Human);
  REQUIRE_FALSE(f.c.clickPoint(pt("a1")));
  MoveRecord record;
  record.size = 15;
  record.moves = {pt("h8"), pt("i9"), pt("j10")};
  REQUIRE_FALSE(f.c.load(record, Rule::Standard, 2));
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.game().line().size() == 3);
  CHECK(f.c.game().rule() == Rule::Standard);

  MoveRecord bad = record;
  bad.moves.push_back(pt("h8"));  // occupied
  CHECK(f.c.load(bad, Rule::Standard));
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.game().line().size() == 3);
}
