// No false win claims under renju: on a sweep of random renju positions, every win the threat
// solver claims is replayed move by move with the full rules (black never on a forbidden point,
// the line ends in a five), and every mate the search claims for the side to move is confirmed
// by the threat solver or a deeper search.
#include <doctest/doctest.h>

#include <random>

#include "core/search/engine.h"
#include "core/board/rules.h"
#include "core/search/threat.h"
#include "tests/support/random_games.h"

using namespace gomoku;

using testsupport::lineHolds;

TEST_CASE("renju claims: every VCF or VCT the solver claims on random positions replays legally to a five") {
  std::mt19937 rng(20261125);
  ThreatSolver solver;
  int claims = 0;
  for (int i = 0; i < 300; ++i) {
    Board b = testsupport::randomLegalGame(rng, Rule::Renju, 12 + int(rng() % 30));
    for (ThreatMode mode : {ThreatMode::Vcf, ThreatMode::Vct}) {
      std::vector<Point> line;
      if (!solver.solve(b, mode, mode == ThreatMode::Vcf ? 30 : 4, 20000, &line)) continue;
      ++claims;
      INFO("position ", i, " mode ", int(mode), " first ", pointToText(line[0]));
      CHECK(lineHolds(b, line));
    }
  }
  CHECK(claims >= 20);  // the sweep must actually test something
}

TEST_CASE("renju claims: a mate the search claims for the side to move is also found deeper") {
  std::mt19937 rng(7);
  Engine engine;
  int claims = 0;
  for (int i = 0; i < 60; ++i) {
    Board b = testsupport::randomLegalGame(rng, Rule::Renju, 16 + int(rng() % 24));
    Limits shallow;
    shallow.maxDepth = 4;
    shallow.vcfThreats = 0;  // the search's own view: no root solver
    SearchInfo info = engine.searchNow(b, shallow);
    if (info.score <= kScoreMateBound) continue;
    ++claims;
    Limits deep;
    deep.maxDepth = 8;
    SearchInfo check = engine.searchNow(b, deep);
    INFO("position ", i, " claimed ", scoreToText(info.score), " with ", pointToText(info.bestMove));
    CHECK(check.score > kScoreMateBound);
  }
  MESSAGE("search win claims checked: ", claims);
}
