// The referee: games end with the right result and reason, whatever the players do.
#include <doctest/doctest.h>

#include <atomic>
#include <utility>
#include <vector>

#include "core/manager/builtin_player.h"
#include "core/manager/referee.h"
#include "tests/manager/manager_support.h"
#include "tests/support/testdata.h"

using namespace gomoku;
using namespace gomoku::testing;

namespace {

RefereeSetup setup15(int64_t turnMs = 1000) {
  RefereeSetup s;
  s.size = 15;
  s.rule = Rule::Freestyle;
  s.time[0].matchMs = s.time[1].matchMs = 0;
  s.time[0].turnMs = s.time[1].turnMs = turnMs;
  s.toleranceMs = 50;
  return s;
}

PlayedGame play(Player& black, Player& white, const RefereeSetup& setup) {
  Player* const players[2] = {&black, &white};
  return playGame(players, setup);
}

// Plays the move a fixed game has at the ply it is asked for.
class ScriptedPlayer : public Player {
 public:
  explicit ScriptedPlayer(std::vector<Point> game) : game_(std::move(game)) {}
  std::string name() const override { return "script"; }
  std::optional<std::string> newGame(const GameSettings&) override { return std::nullopt; }
  MoveReply requestMove(const std::vector<Point>& moves, const MoveClock&) override {
    MoveReply reply;
    if (moves.size() < game_.size()) {
      reply.move = game_[moves.size()];
    } else {
      reply.failure = Failure::ErrorReply;
      reply.detail = "the script has no move left";
    }
    return reply;
  }

 private:
  std::vector<Point> game_;
};

BuiltinConfig quickEngine() {
  BuiltinConfig c;
  c.name = "engine";
  c.maxNodes = 3000;
  c.hashMb = 4;
  return c;
}

}  // namespace

TEST_CASE("referee: the engine beats a dull brain by five, every move legal") {
  BuiltinPlayer engine(quickEngine());
  BrainPlayer dull(fakeBrain({"--name", "Dull"}));
  PlayedGame game = play(engine, dull, setup15());
  CHECK(game.termination == Termination::Five);
  CHECK(game.result == GameResult::BlackWins);
  CHECK(game.reason == "black (engine) wins by five");
  CHECK(game.names[1] == "Dull");
  // Replaying the record on a fresh game accepts every move and ends with the same result.
  Game replay;
  for (Point p : game.moves) REQUIRE_FALSE(replay.play(p));
  CHECK(replay.result() == GameResult::BlackWins);
  CHECK(game.moveMs.size() == game.moves.size());
}

TEST_CASE("referee: a crash forfeits the game for the one that crashed") {
  BuiltinPlayer engine(quickEngine());
  BrainPlayer crasher(fakeBrain({"--crash-at", "3"}));
  PlayedGame game = play(engine, crasher, setup15());
  CHECK(game.termination == Termination::Forfeit);
  CHECK(game.forfeiter == Color::White);
  CHECK(game.failure == Failure::Crashed);
  CHECK(game.result == GameResult::BlackWins);
  CHECK(contains(game.reason, "white (fake) forfeits: crashed"));
  CHECK(game.moves.size() == 5);  // black 3, white 2, then the crash
}

TEST_CASE("referee: an occupied point and a hang are forfeits with their reason") {
  {
    BuiltinPlayer engine(quickEngine());
    BrainPlayer cheat(fakeBrain({"--occupied-at", "2"}));
    PlayedGame game = play(cheat, engine, setup15());
    CHECK(game.termination == Termination::Forfeit);
    CHECK(game.forfeiter == Color::Black);
    CHECK(game.failure == Failure::Illegal);
    CHECK(contains(game.reason, "occupied"));
  }
  {
    BuiltinPlayer engine(quickEngine());
    BrainPlayer sleeper(fakeBrain({"--hang-at", "2"}));
    PlayedGame game = play(engine, sleeper, setup15(200));
    CHECK(game.failure == Failure::TimedOut);
    CHECK(game.result == GameResult::BlackWins);
  }
}

TEST_CASE("referee: a renju-forbidden point loses for black") {
  // Black's stones make f8-g8 and h6-h7; the dull brain plays the empty point nearest the
  // centre, h8, a double three.
  RefereeSetup s = setup15();
  s.rule = Rule::Renju;
  s.opening = {makePoint(5, 7), makePoint(0, 0),  makePoint(6, 7), makePoint(14, 14),
               makePoint(7, 5), makePoint(0, 14), makePoint(7, 6), makePoint(14, 0)};
  BrainPlayer dull(fakeBrain());
  BuiltinPlayer engine(quickEngine());
  PlayedGame game = play(dull, engine, s);
  CHECK(game.failure == Failure::Illegal);
  CHECK(game.forfeiter == Color::Black);
  CHECK(contains(game.reason, "h8 is forbidden for black (double three)"));
  CHECK(game.openingPlies == 8);
}

TEST_CASE("referee: the move limit draws, a bad opening is refused, a failed start forfeits") {
  BuiltinPlayer a(quickEngine()), b(quickEngine());
  RefereeSetup s = setup15();
  s.drawAfterPlies = 6;
  PlayedGame game = play(a, b, s);
  CHECK(game.termination == Termination::MoveLimit);
  CHECK(game.result == GameResult::Draw);
  CHECK(game.moves.size() == 6);

  s = setup15();
  s.opening = {makePoint(7, 7), makePoint(7, 7)};
  game = play(a, b, s);
  CHECK(game.termination == Termination::Aborted);
  CHECK(contains(game.reason, "bad opening"));

  BrainConfig missing;
  missing.argv = {"/no/such/brain"};
  BrainPlayer absent(missing);
  game = play(a, absent, setup15());
  CHECK(game.failure == Failure::StartFailed);
  CHECK(game.result == GameResult::BlackWins);
}

TEST_CASE("referee: black to move with every empty point forbidden - a draw, not a forfeit") {
  // The 6x6 renju game of the Game test (game_test.cpp): after white's f2 the two empty points,
  // c3 and c4, are both forbidden for black. The players play its last two moves themselves.
  const auto moves = testdata::points(
      "d2 a5 b2 b6 f4 f3 f6 c6 f1 b1 e5 c2 b4 f5 e6 e3 a1 d1 e2 b3 a4 c5 a6 e1 b5 d3 d4 a3 e4 a2 "
      "c1 d6 d5 f2",
      ' ', 6);
  REQUIRE(moves);
  RefereeSetup s = setup15();
  s.size = 6;
  s.rule = Rule::Renju;
  s.opening.assign(moves->begin(), moves->end() - 2);
  ScriptedPlayer black(*moves), white(*moves);
  PlayedGame game = play(black, white, s);
  CHECK(game.termination == Termination::NoLegalMove);
  CHECK(game.result == GameResult::Draw);
  CHECK(game.reason == "draw: black has no legal move (every empty point is forbidden)");
  CHECK(game.moves == *moves);
  CHECK(game.failure == Failure::None);
}

TEST_CASE("referee: players aborted with the match before it starts - the game is aborted") {
  // gomoku-match's Ctrl+C aborts the players; one that then refuses the new game is no forfeit.
  BuiltinPlayer engine(quickEngine());
  BrainPlayer brain(fakeBrain());
  brain.abort();
  std::atomic<bool> interrupt{true};
  Player* const players[2] = {&brain, &engine};
  PlayedGame game = playGame(players, setup15(), &interrupt);
  CHECK(game.termination == Termination::Aborted);
  CHECK(game.forfeiter == Color::Empty);
  CHECK(game.reason == "aborted");
  CHECK(game.moves.empty());
}
