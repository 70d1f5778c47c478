// The game controller on the real engine: the computer answers without blocking update(), an
// undo cancels a long search whose result never lands, a whole game on a small board ends.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "app/gui/models/game_controller.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::testsupport::pt;

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
  // The stop is seen within 256 nodes; a busy machine may still take a while to get there.
  CHECK(pumpUntil(
      c, [&] { return !c.backend().busy(); }, 5000));
  CHECK(c.game().ply() == 0);
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
