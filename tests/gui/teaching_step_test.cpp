// Teaching mode in the game controller: step mode (one search and one move per Step, one ply
// per Back, the computer never moving on its own, auto-play), iteration stepping (depth d,
// then d + 1, of the same position, never played) and the sentence explaining each computer
// move. The scripted backend holds every search open until the test finishes it; the last
// case runs the real engine.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/gui/models/game_controller.h"
#include "app/gui/models/teaching_model.h"
#include "fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::gui::testing::FakeSearches;
using gomoku::testsupport::pt;

namespace {

struct Fixture : ControllerFixture {
  Fixture(PlayerKind black, PlayerKind white) : ControllerFixture(black, white) {}
  size_t started() const { return searches->positions.size(); }
  // The last search was started on exactly the position the game shows.
  bool searchedShownPosition() const {
    const Board& searched = searches->positions.back();
    const Board& shown = c.game().board();
    return searched.key() == shown.key() && searched.stoneCount() == shown.stoneCount() &&
           searched.sideToMove() == shown.sideToMove();
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) c.update();
  }
};

// A finished iteration search as the engine reports it: one row per depth 1..depth.
void finishIterations(FakeSearches& s, const std::vector<Point>& bestByDepth, int completed = -1) {
  s.info.iterations.clear();
  const int depth = completed < 0 ? static_cast<int>(bestByDepth.size()) : completed;
  for (int d = 1; d <= depth; ++d) {
    IterationInfo it;
    it.depth = d;
    it.bestMove = bestByDepth[static_cast<size_t>(d - 1)];
    it.score = 10 * d;
    it.pv = {it.bestMove};
    it.nodes = 100u * static_cast<uint64_t>(d);
    it.rootMoves = {{it.bestMove, it.score, d, 50, {it.bestMove}}};
    s.info.iterations.push_back(it);
  }
  s.info.completedDepth = depth;
  s.info.score = 10 * depth;
  s.finish(bestByDepth[static_cast<size_t>(depth - 1)]);
}

}  // namespace

TEST_CASE(
    "step mode: the computer never moves on its own, Step starts one search and plays its move") {
  Fixture f(PlayerKind::Computer, PlayerKind::Computer);
  f.c.setStepMode(true);
  f.frames(5);
  CHECK(f.started() == 0);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.game().ply() == 0);

  // Computer against computer: each Step is one move of the side to move.
  const char* moves[] = {"h8", "i9", "h9"};
  for (int k = 0; k < 3; ++k) {
    REQUIRE(f.c.canStep());
    CHECK(f.c.step());
    CHECK(f.started() == static_cast<size_t>(k + 1));
    CHECK(f.searchedShownPosition());
    CHECK(f.c.thinking());
    CHECK_FALSE(f.c.canStep());  // one search at a time
    CHECK_FALSE(f.c.step());
    f.frames(3);
    CHECK(f.started() == static_cast<size_t>(k + 1));
    CHECK(f.c.game().ply() == k);

    f.searches->finish(pt(moves[k]));
    f.c.update();
    CHECK(f.c.game().ply() == k + 1);
    CHECK(f.c.game().lastMove() == pt(moves[k]));
    CHECK(f.c.game().board().at(pt(moves[k])) == (k % 2 == 0 ? Color::Black : Color::White));
    CHECK(f.c.searching() == SearchPurpose::None);
    f.frames(5);  // and nothing more until the next Step
    CHECK(f.started() == static_cast<size_t>(k + 1));
    CHECK(f.c.game().ply() == k + 1);
  }
  auto events = f.c.takeEvents();
  REQUIRE(events.size() == 3);
  for (const GameEvent& e : events) CHECK((e.kind == EventKind::StonePlaced && e.byComputer));
}

TEST_CASE(
    "step mode against a human: Step only on the computer's turn, the human plays by clicking") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.c.setStepMode(true);
  CHECK_FALSE(f.c.canStep());  // the human's turn
  CHECK_FALSE(f.c.step());
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.frames(4);
  CHECK(f.started() == 0);  // the computer waits for Step
  CHECK(f.c.isComputerTurn());
  CHECK(f.c.step());
  CHECK(f.searchedShownPosition());
  f.searches->finish(pt("i9"));
  f.c.update();
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.isHumanTurn());
}

TEST_CASE("Back takes exactly one ply back, cancels a running search, and the engine follows") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.c.setStepMode(true);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  REQUIRE(f.c.step());
  f.searches->finish(pt("i9"));
  f.c.update();
  REQUIRE_FALSE(f.c.clickPoint(pt("g7")));
  REQUIRE(f.c.game().ply() == 3);

  // A search in flight: Back cancels it and takes back the human's g7 only.
  REQUIRE(f.c.step());
  const uint64_t cancelled = f.searches->info.searchId;
  CHECK(f.c.canStepBack());
  CHECK(f.c.stepBack());
  CHECK(f.searches->stops == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.game().board().isEmpty(pt("g7")));
  CHECK(f.c.isHumanTurn());

  // The cancelled search reports late: its move is not played.
  f.searches->finish(pt("j10"));
  REQUIRE(f.searches->info.searchId == cancelled);
  f.frames(3);
  CHECK(f.c.game().ply() == 2);
  CHECK(f.c.game().board().isEmpty(pt("j10")));

  // One more Back: the computer's i9 goes, and it is the computer's turn (not back to the
  // human's move, as Undo would go). It does not answer until told.
  CHECK(f.c.stepBack());
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.isComputerTurn());
  f.frames(3);
  CHECK(f.started() == 2);
  CHECK(f.c.step());
  CHECK(f.started() == 3);
  CHECK(f.searchedShownPosition());
  CHECK(f.searches->positions.back().stoneCount() == 1);

  CHECK(f.c.stepBack());
  CHECK(f.c.game().ply() == 0);
  CHECK_FALSE(f.c.canStepBack());
  CHECK_FALSE(f.c.stepBack());
  CHECK(f.c.game().canRedo());  // the moves taken back can be replayed
}

TEST_CASE("Back takes back a resignation first, then moves, it is only for step mode") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  CHECK_FALSE(f.c.canStepBack());  // step mode is off
  f.c.setStepMode(true);
  f.c.resign();
  REQUIRE(f.c.game().isOver());
  CHECK(f.c.stepBack());
  CHECK_FALSE(f.c.game().isOver());
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.stepBack());
  CHECK(f.c.game().ply() == 0);
}

TEST_CASE("turning step mode on stops the computer's own search, turning it off lets it play on") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  f.c.setStepMode(true);
  CHECK(f.searches->stops == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  f.searches->finish(pt("i9"));  // the stopped search's answer is not played
  f.frames(3);
  CHECK(f.c.game().ply() == 1);
  CHECK(f.started() == 1);

  f.c.setStepMode(false);
  f.c.update();
  CHECK(f.c.thinking());
  CHECK(f.started() == 2);
  CHECK(f.searchedShownPosition());
}

TEST_CASE("auto-play advances one move at a time, waiting the delay after each") {
  Fixture f(PlayerKind::Computer, PlayerKind::Computer);
  f.c.setAutoPlay(true);
  CHECK_FALSE(f.c.autoPlay());  // only in step mode
  f.c.setStepMode(true);
  f.c.setAutoPlayDelayMs(0);
  f.c.setAutoPlay(true);
  REQUIRE(f.c.autoPlay());

  f.c.update();  // the first move at once
  REQUIRE(f.started() == 1);
  const char* moves[] = {"h8", "i9", "h9", "h10"};
  for (int k = 0; k < 4; ++k) {
    f.searches->finish(pt(moves[k]));
    f.c.update();  // plays the move, and with no delay starts the next search
    CHECK(f.c.game().ply() == k + 1);
    CHECK(f.started() == static_cast<size_t>(k + 2));
    CHECK(f.searchedShownPosition());
  }

  // With a long delay the next move waits.
  f.c.setAutoPlayDelayMs(60'000);
  f.searches->finish(pt("g7"));
  f.frames(5);
  CHECK(f.c.game().ply() == 5);
  CHECK(f.started() == 5);

  // A short one passes.
  f.c.setAutoPlayDelayMs(30);
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  f.c.update();
  CHECK(f.started() == 6);

  // Back pauses auto-play.
  CHECK(f.c.stepBack());
  CHECK_FALSE(f.c.autoPlay());
  CHECK(f.c.game().ply() == 4);
  f.frames(3);
  CHECK(f.started() == 6);
}

TEST_CASE(
    "iteration stepping searches depth d, then d + 1, of the same position, and never plays") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.c.setStepMode(true);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  IterationStepper it;
  it.update(f.c);
  CHECK(it.depth() == 0);
  REQUIRE(it.canStep(f.c));

  const std::vector<Point> best = {pt("i9"), pt("i9"), pt("g9"), pt("g9")};
  for (int d = 1; d <= 4; ++d) {
    REQUIRE(it.step(f.c));
    CHECK(f.c.searching() == SearchPurpose::Study);
    CHECK(f.started() == static_cast<size_t>(d));
    CHECK(f.searchedShownPosition());
    CHECK(f.searches->positions.back().key() == f.searches->positions.front().key());
    const Limits& limits = f.searches->limits.back();
    CHECK(limits.maxDepth == d);
    CHECK(limits.timeMs == 0);
    CHECK(limits.noise == 0);
    CHECK(limits.multiPv == IterationStepper::kExactRootMoves);
    CHECK(it.searching());
    CHECK_FALSE(it.step(f.c));  // one step at a time

    finishIterations(*f.searches, std::vector<Point>(best.begin(), best.begin() + d));
    f.c.update();
    it.update(f.c);
    CHECK_FALSE(it.searching());
    CHECK(it.depth() == d);
    REQUIRE(it.iterations().size() == static_cast<size_t>(d));
    CHECK(it.iterations().back().depth == d);
    CHECK(it.iterations().back().bestMove == best[static_cast<size_t>(d - 1)]);
    CHECK(it.iterationNodes(static_cast<size_t>(d - 1)) == 100);  // 100 * d counted from the start
    CHECK(f.c.game().ply() == 1);                                 // nothing was played
    CHECK(f.c.searching() == SearchPurpose::None);
  }
  CHECK_FALSE(it.bestChanged(1));
  CHECK(it.bestChanged(2));  // i9 -> g9 at depth 3

  // The computer's move, then the table starts over for the new position.
  REQUIRE(f.c.step());
  f.searches->finish(pt("g9"));
  f.c.update();
  it.update(f.c);
  CHECK(it.depth() == 0);
  CHECK(it.iterations().empty());
}

TEST_CASE("iteration stepping stops when the engine stops short of the depth asked") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.c.setStepMode(true);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  IterationStepper it;
  REQUIRE(it.step(f.c));
  finishIterations(*f.searches, {pt("i9")});
  f.c.update();
  it.update(f.c);
  REQUIRE(it.step(f.c));
  finishIterations(*f.searches, {pt("i9"), pt("i9")});
  f.c.update();
  it.update(f.c);
  REQUIRE(it.step(f.c));
  CHECK(f.searches->limits.back().maxDepth == 3);
  finishIterations(*f.searches, {pt("i9"), pt("i9"), pt("i9")}, 2);  // stopped at depth 2
  f.c.update();
  it.update(f.c);
  CHECK(it.exhausted());
  CHECK(it.depth() == 2);
  CHECK_FALSE(it.canStep(f.c));
  it.reset();  // Start over: from depth 1 again
  it.update(f.c);
  CHECK(it.canStep(f.c));
}

TEST_CASE("a deep iteration step can be stopped, the table keeps what it had") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.c.setStepMode(true);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  IterationStepper it;
  REQUIRE(it.step(f.c));
  finishIterations(*f.searches, {pt("i9")});
  f.c.update();
  it.update(f.c);
  REQUIRE(it.step(f.c));
  f.c.stopSearchDepth();
  CHECK(f.searches->stops == 1);
  CHECK(f.c.searching() == SearchPurpose::None);
  it.update(f.c);
  CHECK_FALSE(it.searching());
  CHECK(it.depth() == 1);
  CHECK(it.iterations().size() == 1);
  REQUIRE(it.step(f.c));  // and it can try depth 2 again
  CHECK(f.searches->limits.back().maxDepth == 2);
  CHECK(f.c.game().ply() == 1);
}

TEST_CASE("iteration stepping is cancelled by a move and needs step mode on the computer's turn") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  IterationStepper it;
  // The human's turn: studying the position is fine without step mode.
  it.update(f.c);
  REQUIRE(it.step(f.c));
  CHECK(f.searches->limits.back().maxDepth == 1);
  // The human plays during the study search: it is stopped and its result ignored.
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  CHECK(f.searches->stops == 1);
  it.update(f.c);
  CHECK_FALSE(it.searching());
  finishIterations(*f.searches, {pt("i9")});
  f.c.update();
  it.update(f.c);
  CHECK(it.iterations().empty());
  CHECK(f.c.game().ply() == 1);
  // Outside step mode the computer answers at once: no study on its turn.
  CHECK(f.c.thinking());
  CHECK_FALSE(it.canStep(f.c));
}

TEST_CASE("each computer move is explained: a blocked open three is named") {
  // Black has an open three on row 7 (g7 h7 i7); white, the computer, is to move.
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  MoveRecord record;
  record.size = 15;
  record.moves = {pt("g7"), pt("a15"), pt("h7"), pt("o15"), pt("i7")};
  REQUIRE_FALSE(f.c.load(record, Rule::Freestyle));
  f.c.setStepMode(true);
  ExplanationLog log;
  log.update(f.c);
  CHECK(log.entries().empty());

  REQUIRE(f.c.step());
  f.searches->finish(pt("f7"));
  f.c.update();
  log.update(f.c);
  REQUIRE(log.entries().size() == 1);
  const MoveExplanation& e = log.entries()[0];
  CHECK(e.moveNumber == 6);
  CHECK(e.color == Color::White);
  CHECK(e.move == pt("f7"));
  CHECK(e.text.find("blocks black's open three at f7") != std::string::npos);
  CHECK(e.text.rfind("White f7", 0) == 0);

  // The search that chose the move is passed on: a proven win adds its line.
  REQUIRE_FALSE(f.c.clickPoint(pt("j7")));  // black's four (f7 closed it at one end)
  REQUIRE(f.c.step());
  f.searches->info.solver = "VCF";
  f.searches->info.score = kScoreMate - 5;
  f.searches->info.pv = {pt("k10"), pt("k9"), pt("k11"), pt("k8"), pt("k12")};
  f.searches->finish(pt("k10"));
  f.c.update();
  log.update(f.c);
  REQUIRE(log.entries().size() == 2);
  CHECK(log.last()->text.find("wins by continuous fours: k10, k11, k12") != std::string::npos);

  // Moves taken back take their sentences with them.
  CHECK(f.c.stepBack());
  log.update(f.c);
  CHECK(log.entries().size() == 1);
  CHECK(f.c.stepBack());
  CHECK(f.c.stepBack());
  log.update(f.c);
  CHECK(log.entries().empty());
}

TEST_CASE(
    "with the real engine: Step plays the engine's move, explained, and Back keeps them in sync") {
  GameController c(makeEngineBackend(16));
  c.setPlayer(Color::Black, PlayerKind::Human);
  c.setPlayer(Color::White, PlayerKind::Computer);
  // A level without lapses, so the block is certain, and time enough for its 9 plies on a
  // loaded machine (about 2 s alone: it proves white lost in 6, whatever it plays), so the
  // move does not depend on how busy the machine is.
  c.setAi({9, 30000});
  MoveRecord record;
  record.size = 15;
  record.moves = {pt("g7"), pt("a15"), pt("h7"), pt("o15"), pt("i7")};
  REQUIRE_FALSE(c.load(record, Rule::Freestyle));
  c.setStepMode(true);
  ExplanationLog log;

  auto waitForMove = [&](int ply) {  // (past the move's 30 s: the search ends by then)
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (c.game().ply() < ply && std::chrono::steady_clock::now() < deadline) {
      c.update();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return c.game().ply() == ply;
  };
  for (int i = 0; i < 20; ++i) c.update();
  CHECK(c.game().ply() == 5);  // nothing on its own
  REQUIRE(c.step());
  REQUIRE(waitForMove(6));
  log.update(c);
  REQUIRE(log.entries().size() == 1);
  const Point reply = c.game().lastMove();
  CHECK(c.searchInfo().bestMove == reply);
  // White must stop the open three, at either end.
  CHECK((reply == pt("f7") || reply == pt("j7")));
  CHECK(log.last()->text.find("blocks black's open three at " + pointToText(reply)) !=
        std::string::npos);

  // Back, then Step again: the engine searches the position shown and plays there again.
  CHECK(c.stepBack());
  CHECK(c.game().ply() == 5);
  REQUIRE(c.step());
  REQUIRE(waitForMove(6));
  CHECK(c.game().board().at(c.game().lastMove()) == Color::White);
  CHECK(c.searchInfo().bestMove == c.game().lastMove());
}
