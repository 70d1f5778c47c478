// Two pbrain-gomoku processes play whole games against each other through the match driver.
#include <doctest/doctest.h>

#include "core/board/board.h"
#include "core/board/rules.h"
#include "tests/pbrain/match_driver.h"
#include "tests/pbrain/timing_slack.h"

#ifdef GOMOKU_HAVE_BRAIN_PROCESS

using namespace gomoku;
using namespace gomoku::testing;

namespace {

// Replays the moves on a fresh board: all legal, and the result as the driver says.
void checkGame(const MatchResult& m, int size, Rule rule) {
  Board b(size, rule);
  for (size_t i = 0; i < m.moves.size(); ++i) {
    Point p = m.moves[i];
    REQUIRE(b.isEmpty(p));
    if (b.sideToMove() == Color::Black) CHECK_FALSE(isForbidden(b, p));
    b.place(p);
    if (i + 1 < m.moves.size()) REQUIRE_FALSE(b.lastMoveWon());
  }
  if (m.reason == "five") {
    CHECK(b.lastMoveWon());
    CHECK(b.at(b.lastMove()) == m.winner);
  }
}

// playMatch ends with END: both must exit cleanly (sanitizer reports make the status non-zero).
void checkExit(BrainProcess& b) {
  auto status = b.waitExit(std::chrono::milliseconds(10000));
  REQUIRE(status.has_value());
  CHECK(*status == 0);
}

}  // namespace

TEST_CASE("match: two brains play a freestyle game to the end, every reply in time") {
  BrainProcess black(PBRAIN_EXE), white(PBRAIN_EXE);
  REQUIRE(black.started());
  REQUIRE(white.started());
  MatchOptions o;
  o.size = 15;
  o.rule = Rule::Freestyle;
  o.turnMs = 100;
  o.whiteInfo = {"INFO max_depth 4"};  // a weaker white keeps the game short
  MatchResult m = playMatch(black, white, o);
  MESSAGE(m.moves.size() << " moves, " << m.reason << ", slowest reply " << m.slowestReplyMs
                         << " ms");
  CHECK(m.errors.empty());
  CHECK(m.completed);
  CHECK(m.slowestReplyMs <= o.turnMs + kReplySlackMs);
  checkGame(m, o.size, o.rule);
  checkExit(black);
  checkExit(white);
}

TEST_CASE("match: a renju game: black never plays a forbidden point") {
  BrainProcess black(PBRAIN_EXE), white(PBRAIN_EXE);
  MatchOptions o;
  o.size = 15;
  o.rule = Rule::Renju;
  o.turnMs = 100;
  o.blackInfo = {"INFO max_depth 4"};
  MatchResult m = playMatch(black, white, o);
  MESSAGE(m.moves.size() << " moves, " << m.reason << ", slowest reply " << m.slowestReplyMs
                         << " ms");
  CHECK(m.errors.empty());
  CHECK(m.completed);
  CHECK(m.reason.find("forbidden") == std::string::npos);
  CHECK(m.slowestReplyMs <= o.turnMs + kReplySlackMs);
  checkGame(m, o.size, o.rule);
  checkExit(black);
  checkExit(white);
}

#endif
