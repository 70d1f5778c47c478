// Analysis mode in the game controller: the engine searches the position shown without end and
// without playing, starts again whenever the position changes, and stops when turned off. The
// scripted backend records every go(); the last case uses the real engine.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/gui/models/game_controller.h"
#include "fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::gui::testing::FakeSearches;
using gomoku::testsupport::pt;

namespace {

struct Fixture : ControllerFixture {
  using ControllerFixture::ControllerFixture;
  size_t goes() const { return searches->positions.size(); }
  const Board& lastPosition() const { return searches->positions.back(); }
  const Limits& lastLimits() const { return searches->limits.back(); }
};

}  // namespace

TEST_CASE("analysis searches the position shown, without end, and restarts on every change") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.setAnalysis(true);
  CHECK(f.c.analysing());
  f.c.update();
  REQUIRE(f.goes() == 1);
  CHECK(f.c.searching() == SearchPurpose::Analysis);
  CHECK_FALSE(f.c.thinking());
  CHECK(f.lastLimits().infinite);
  CHECK(f.lastLimits().timeMs == 0);
  CHECK(f.lastPosition().key() == f.c.game().board().key());
  CHECK(f.lastPosition().sideToMove() ==
        Color::White);  // the computer's color: analysed, not played
  CHECK(f.c.searchPly() == 1);
  CHECK(f.c.searchKey() == f.c.game().board().key());

  // Frames go by: the same search goes on.
  for (int i = 0; i < 5; ++i) f.c.update();
  CHECK(f.goes() == 1);

  // A move (either color may be played while analysing): a new search of the new position.
  REQUIRE_FALSE(f.c.clickPoint(pt("i9")));  // white's move, by a click
  CHECK(f.c.game().ply() == 2);
  f.c.update();
  REQUIRE(f.goes() == 2);
  CHECK(f.lastPosition().stoneCount() == 2);
  CHECK(f.lastPosition().at(pt("i9")) == Color::White);
  CHECK(f.lastPosition().sideToMove() == Color::Black);
  CHECK(f.lastLimits().infinite);
  CHECK(f.c.searchPly() == 2);

  REQUIRE_FALSE(f.c.clickPoint(pt("j10")));
  f.c.update();
  REQUIRE(f.goes() == 3);
  CHECK(f.lastPosition().stoneCount() == 3);

  // Undo: the position before.
  REQUIRE(f.c.undo());
  f.c.update();
  REQUIRE(f.goes() == 4);
  CHECK(f.lastPosition().key() == f.c.game().board().key());
  CHECK(f.lastPosition().stoneCount() == f.c.game().ply());

  // Jump: the position jumped to.
  f.c.jumpTo(1);
  f.c.update();
  REQUIRE(f.goes() == 5);
  CHECK(f.lastPosition().stoneCount() == 1);
  CHECK(f.lastPosition().at(pt("h8")) == Color::Black);

  // The engine's answer is never played; a finished analysis stays until the position changes.
  f.searches->finish(pt("g7"));
  f.c.update();
  CHECK(f.c.game().ply() == 1);
  CHECK(f.c.game().board().isEmpty(pt("g7")));
  CHECK(f.c.searching() == SearchPurpose::None);
  CHECK(f.c.searchInfo().finished);
  for (const GameEvent& e : f.c.takeEvents()) {  // the clicks' stones; nothing from the engine
    CHECK(e.kind == EventKind::StonePlaced);
    CHECK_FALSE(e.byComputer);
  }
  for (int i = 0; i < 3; ++i) f.c.update();
  CHECK(f.goes() == 5);
  f.c.jumpTo(2);
  f.c.update();
  CHECK(f.goes() == 6);
  CHECK(f.c.searching() == SearchPurpose::Analysis);
}

TEST_CASE("turning analysis off stops its search and the computer plays on from there") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.setAnalysis(true);
  f.c.update();
  REQUIRE(f.c.searching() == SearchPurpose::Analysis);
  const int stops = f.searches->stops;
  f.c.setAnalysis(false);
  CHECK_FALSE(f.c.analysing());
  CHECK(f.searches->stops == stops + 1);
  CHECK_FALSE(f.searches->running());
  CHECK(f.c.searching() == SearchPurpose::None);
  // White is the computer's: its move search starts (with the ordinary time limit) and plays.
  f.c.update();
  REQUIRE(f.c.thinking());
  CHECK_FALSE(f.lastLimits().infinite);
  CHECK(f.lastLimits().timeMs > 0);
  f.searches->finish(pt("i9"));
  f.c.update();
  CHECK(f.c.game().ply() == 2);
}

TEST_CASE("analysis takes over from the computer's search and from a hint, and not after the end") {
  Fixture f;
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  const uint64_t moveSearch = f.searches->info.searchId;
  f.c.setAnalysis(true);
  CHECK(f.c.searching() == SearchPurpose::None);  // the move search was cancelled
  f.c.update();
  CHECK(f.c.searching() == SearchPurpose::Analysis);
  CHECK(f.searches->info.searchId != moveSearch);
  CHECK_FALSE(f.c.canHint());
  f.searches->finish(pt("i9"));  // the analysis' own answer is not played either
  f.c.update();
  CHECK(f.c.game().ply() == 1);

  // Black plays to a five: the game is over, nothing left to analyse.
  Fixture g(PlayerKind::Human, PlayerKind::Human);
  for (const char* m : {"h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"})
    REQUIRE_FALSE(g.c.clickPoint(pt(m)));
  g.c.setAnalysis(true);
  g.c.update();
  REQUIRE(g.c.searching() == SearchPurpose::Analysis);
  REQUIRE_FALSE(g.c.clickPoint(pt("l8")));
  REQUIRE(g.c.game().isOver());
  const size_t before = g.goes();
  g.c.update();
  CHECK(g.goes() == before);
  CHECK(g.c.searching() == SearchPurpose::None);
  CHECK_FALSE(g.searches->running());
  // Undo brings a position back to analyse.
  REQUIRE(g.c.undo());
  g.c.update();
  CHECK(g.goes() == before + 1);
  CHECK(g.c.searching() == SearchPurpose::Analysis);
}

TEST_CASE("real engine: analysis deepens without playing, restarts on a move, stops when off") {
  GameController c(makeEngineBackend(16));
  c.setPlayer(Color::Black, PlayerKind::Human);
  c.setPlayer(Color::White, PlayerKind::Computer);
  REQUIRE_FALSE(c.clickPoint(pt("h8")));
  c.setAnalysis(true);
  // Frames for `ms`, or until `done` (then early): a busy machine may take longer to deepen.
  auto pump = [&](int ms, auto done) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end && !done()) {
      c.update();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  };
  pump(10000, [&] { return c.searchInfo().completedDepth >= 2; });
  CHECK(c.searching() == SearchPurpose::Analysis);
  CHECK(c.game().ply() == 1);  // white is the computer's, but nothing is played
  const uint64_t first = c.searchInfo().searchId;
  CHECK(first != 0);
  CHECK(c.searchInfo().completedDepth >= 2);
  CHECK(c.searchInfo().running);
  CHECK(c.searchPly() == 1);

  REQUIRE_FALSE(c.clickPoint(pt("i9")));
  pump(10000, [&] { return c.searchInfo().searchId != first && c.searchPly() == 2; });
  CHECK(c.searchInfo().searchId != first);
  CHECK(c.searchPly() == 2);
  CHECK(c.searchKey() == c.game().board().key());
  CHECK(c.game().ply() == 2);

  c.setAnalysis(false);
  CHECK(c.searching() == SearchPurpose::None);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (c.backend().busy() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  CHECK_FALSE(c.backend().busy());
  CHECK(c.game().ply() == 2);
}
