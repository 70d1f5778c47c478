// The game controller: turns, the computer's reply, undo during a search, resign, swap sides,
// hints, review, the end of the game. The scripted backend holds each search open so the
// state can be checked after every step; the last cases use the real engine.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/gui/models/game_controller.h"
#include "fake_backend.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::gui::testing::FakeSearches;

namespace {

Point pt(const char* text, int size = 15) {
  return *parsePointText(text, size);
}

struct Fixture : ControllerFixture {
  using ControllerFixture::ControllerFixture;
  std::vector<EventKind> kinds() {
    std::vector<EventKind> out;
    for (const GameEvent& e : c.takeEvents()) out.push_back(e.kind);
    return out;
  }
};

using Kinds = std::vector<EventKind>;

}  // namespace

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

// ---- the real engine

namespace {
template <typename Predicate>
bool pumpUntil(GameController& c, Predicate done, int maxMs) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(maxMs);
  while (std::chrono::steady_clock::now() < end) {
    c.update();
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}
}  // namespace

TEST_CASE("real engine: the computer answers next to the stones without blocking update()") {
  GameController c(makeEngineBackend(16));
  c.setPlayer(Color::Black, PlayerKind::Human);
  c.setPlayer(Color::White, PlayerKind::Computer);
  c.setAi({6, 150});
  REQUIRE_FALSE(c.clickPoint(pt("h8")));
  c.update();
  CHECK(c.thinking());
  REQUIRE(pumpUntil(
      c, [&] { return c.game().ply() == 2; }, 20000));
  CHECK(c.isHumanTurn());
  const Point answer = c.game().lastMove();
  CHECK(c.game().board().at(answer) == Color::White);
  CHECK(std::abs(pointX(answer) - 7) <= 3);
  CHECK(std::abs(pointY(answer) - 7) <= 3);
  CHECK(c.searchInfo().finished);
}

TEST_CASE("real engine: undo during a long search cancels it, its result never lands") {
  GameController c(makeEngineBackend(16));
  c.setPlayer(Color::Black, PlayerKind::Human);
  c.setPlayer(Color::White, PlayerKind::Computer);
  c.setAi({10, 30000});
  REQUIRE_FALSE(c.clickPoint(pt("h8")));
  c.update();
  REQUIRE(c.thinking());
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  c.update();
  CHECK(c.thinking());
  CHECK(c.undo());
  CHECK(c.game().ply() == 0);
  CHECK(c.searching() == SearchPurpose::None);
  // Frames go on; the stopped search ends and reports, and nothing is played.
  pumpUntil(
      c, [] { return false; }, 400);
  CHECK(c.game().ply() == 0);
  CHECK(c.isHumanTurn());
  CHECK_FALSE(c.backend().busy());
}

TEST_CASE("real engine: a whole computer-vs-computer game on a small board ends") {
  GameController c(makeEngineBackend(16));
  c.setPlayer(Color::Black, PlayerKind::Computer);
  c.setPlayer(Color::White, PlayerKind::Computer);
  c.setAi({10, 60});
  REQUIRE_FALSE(c.newGame(7, Rule::Freestyle));
  REQUIRE(pumpUntil(
      c, [&] { return c.game().isOver(); }, 60000));
  const Game& g = c.game();
  CHECK(g.result() != GameResult::Ongoing);
  if (g.result() == GameResult::Draw) {
    CHECK(g.ply() == 49);
  } else {
    CHECK(g.winningLine().size() >= 5);
  }
  c.update();
  CHECK(c.searching() == SearchPurpose::None);
}
