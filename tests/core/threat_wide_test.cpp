// The wide VCT (ThreatMode::VctWide): besides fours and open threes the attacker may play a
// quiet move that threatens a VCF. It must find the wins that need one, and every win it
// claims must hold against every answer, not only along its main line.
#include <doctest/doctest.h>

#include <random>

#include "core/board/rules.h"
#include "core/protocol/text.h"
#include "core/search/engine.h"
#include "core/search/threat.h"
#include "tests/support/random_games.h"
#include "tests/support/testdata.h"

using namespace gomoku;

namespace {

Board positionOf(const std::string& file, const std::string& id) {
  Board b;
  REQUIRE_MESSAGE(testdata::setUpById(file, id, b), "no record ", id, " in ", file);
  return b;
}

}  // namespace

using testsupport::lineHolds;

TEST_CASE("wide VCT: finds the renju win that begins with a quiet move threatening a VCF") {
  // quintet's test_vct_fukumi_move: black's g12 makes only an open two, but threatens a VCF;
  // white must answer it, and black wins on by threats.
  Board b = positionOf("tactics_renju.txt", "quintet_test_vct_fukumi_move");
  const uint64_t before = b.key();
  ThreatSolver solver;
  // The plain VCT does not see it, even with twice the threats (and its fails, cached, must
  // not hide the wide search's win).
  for (int threats = 2; threats <= 8; ++threats)
    CHECK_FALSE(solver.solve(b, ThreatMode::Vct, threats, 1'000'000));
  std::vector<Point> line;
  REQUIRE(solver.solve(b, ThreatMode::VctWide, 4, 2'000'000, &line));
  CHECK(pointToText(line[0]) == "g12");
  CHECK(b.threat(line[0], Color::Black) < Threat::Flex3);  // a quiet move indeed
  CHECK(lineHolds(b, line));
  CHECK(b.key() == before);
}

TEST_CASE("engine: an analysis search (no clock) plays the win that needs the wide VCT") {
  // Without a clock the root's solvers are bounded by nodes only, so this is repeatable; the
  // depth limit ends the search if they fail. (Timed searches do not run the wide VCT.)
  Board b = positionOf("tactics_renju.txt", "quintet_test_vct_fukumi_move");
  Engine engine;
  Limits limits;
  limits.infinite = true;
  limits.maxDepth = 6;
  const SearchInfo info = engine.searchNow(b, limits);
  CHECK(pointToText(info.bestMove) == "g12");
  CHECK(info.solver == "VCT");
  CHECK(info.score > kScoreMateBound);
}

TEST_CASE("wide VCT: finds the listed long win of a deep freestyle position") {
  // deepwin13: Rapfi reports mate in 15 with f8; the plain VCT finds nothing in 14 threats.
  // The wide VCT finds h6 first, a second win: checked with the solver as it was before the
  // defender's VCF probe (threat.cpp), every answer to h6 but h7 loses, and after h6 h7
  // e9 every answer loses.
  Board b = positionOf("tactics_deep.txt", "deepwin13");
  ThreatSolver solver;
  CHECK_FALSE(solver.solve(b, ThreatMode::Vct, 5, 2'000'000));
  std::vector<Point> line;
  REQUIRE(solver.solve(b, ThreatMode::VctWide, 5, 2'000'000, &line));
  const std::string first = pointToText(line[0]);
  CHECK((first == "f8" || first == "h6"));
  CHECK(lineHolds(b, line));
}

TEST_CASE("wide VCT: finds the renju win that needs three quiet threats on the way") {
  // quintet's bench_vct_white: white's k11 begins a win (Rapfi: mate in 31) that plays the
  // quiet n8, h6 and m5 on the way, each threatening a VCF. The plain VCT's tree ends without
  // it; the wide VCT, deepened a threat at a time, finds it at 9 threats (so 3 quiet ones).
  Board b = positionOf("tactics_renju.txt", "quintet_bench_vct_white");
  ThreatSolver solver;
  CHECK_FALSE(solver.solve(b, ThreatMode::Vct, 16, 2'000'000));
  CHECK(solver.nodes() < 2'000'000);  // the tree ended: not a budget cut
  std::vector<Point> line;
  int found = 0;
  for (int threats = 2; threats <= 9 && !found; ++threats)
    if (solver.solve(b, ThreatMode::VctWide, threats, 2'000'000, &line)) found = threats;
  REQUIRE(found > 0);
  CHECK(pointToText(line[0]) == "k11");
  CHECK(lineHolds(b, line));
}

TEST_CASE("wide VCT: every answer to a claimed win's first move still loses, on random positions") {
  // A claim is checked one level down by fresh solvers (fresh caches, larger budgets): after
  // the first move, each legal answer in the candidate area (where the solver, like the
  // search, looks for answers) must leave the attacker a win.
  int claims = 0, answersChecked = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Renju}) {
    std::mt19937 rng(rule == Rule::Renju ? 2611 : 2612);
    ThreatSolver solver;
    for (int i = 0; i < 4000 && claims < (rule == Rule::Renju ? 24 : 12); ++i) {
      Board b = testsupport::randomLegalGame(rng, rule, 14 + int(rng() % 26));
      std::vector<Point> line;
      ThreatSolver plain;
      if (plain.solve(b, ThreatMode::Vct, 3, 20000)) continue;  // only the wide search's own
      // 4 threats: up to 2 of them quiet (the quiet ones are 2 fewer than the threats).
      if (!solver.solve(b, ThreatMode::VctWide, 4, 20000, &line)) continue;
      ++claims;
      std::string moves;
      for (Point p : b.moves()) moves += pointToText(p) + " ";
      INFO(std::string(ruleName(rule)), " position ", i, " (", moves, ") first ", pointToText(line[0]));
      CHECK(lineHolds(b, line));
      b.place(line[0]);
      const Color defender = b.sideToMove();
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x) {
          const Point d = makePoint(x, y);
          if (!b.isCandidate(d) || !isLegal(b, d, defender)) continue;
          b.place(d);
          if (b.lastMoveWon()) {
            b.undo();
            FAIL_CHECK("the defender's ", pointToText(d), " makes five");
            continue;
          }
          // Deepened a threat at a time: with more threats allowed a search may spend its
          // budget deep in the first branches.
          ThreatSolver check;
          bool still = check.solve(b, ThreatMode::Vcf, 40, 200000);
          for (int threats = 1; threats <= 4 && !still; ++threats)
            still = check.solve(b, ThreatMode::VctWide, threats, 400000);
          CHECK_MESSAGE(still, "the answer ", pointToText(d), " holds");
          ++answersChecked;
          b.undo();
        }
    }
  }
  MESSAGE("wide VCT claims checked: ", claims, ", answers ", answersChecked);
  CHECK(claims >= 20);  // the sweep must test something (it finds 24)
}
