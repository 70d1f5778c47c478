// No false win claims under renju: on a sweep of random renju positions, every win the threat
// solver claims is replayed move by move with the full rules (black never on a forbidden point,
// the line ends in a five), and every mate the search claims for the side to move is confirmed
// by the threat solver or a deeper search.
#include <doctest/doctest.h>

#include <random>

#include "core/search/engine.h"
#include "core/board/rules.h"
#include "core/search/threat.h"

using namespace gomoku;

namespace {

// A random renju game of `plies` legal moves played near the stones already down.
Board randomRenjuPosition(std::mt19937& rng, int plies) {
  Board b(15, Rule::Renju);
  b.place(makePoint(7, 7));
  for (int i = 1; i < plies; ++i) {
    std::vector<Point> options;
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 15; ++x) {
        Point p = makePoint(x, y);
        if (b.isCandidate(p) && isLegal(b, p, b.sideToMove())) options.push_back(p);
      }
    if (options.empty()) break;
    b.place(options[rng() % options.size()]);
    if (b.lastMoveWon()) {
      b.undo();
      break;
    }
  }
  return b;
}

// Replays a claimed winning line: every move legal for its player, and the last one a five.
bool lineHolds(Board b, const std::vector<Point>& line) {
  for (Point p : line) {
    if (!isLegal(b, p, b.sideToMove())) return false;
    b.place(p);
  }
  return !line.empty() && b.lastMoveWon();
}

}  // namespace

TEST_CASE("renju claims: every VCF or VCT the solver claims on random positions replays legally to a five") {
  std::mt19937 rng(20261125);
  ThreatSolver solver;
  int claims = 0;
  for (int i = 0; i < 300; ++i) {
    Board b = randomRenjuPosition(rng, 12 + int(rng() % 30));
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
    Board b = randomRenjuPosition(rng, 16 + int(rng() % 24));
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
