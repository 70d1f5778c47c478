// Threat extensions: an open three forces the few answers that stop it, so the search gives it
// its ply back and a long win by threes comes into view at a small nominal depth. Without
// them a depth-7 search with no root solver proves 13 of the 40 deep wins; with them 18, among
// them wins of 13 to 15 moves (25-29 plies). Since lone open threes late in a node's move list
// are reduced (isLoneThree, search_detail.h) 17: deepwin19 then needs more depth (at depth 7 it
// plays the winning h10 but scores it +3000), which the time saved elsewhere buys - at 0.2 s a
// move the engine solves more of these positions than before, not fewer.
#include <doctest/doctest.h>

#include "core/search/engine.h"
#include "tests/support/testdata.h"

using namespace gomoku;

TEST_CASE("threat extensions: a depth-7 search alone proves deep wins of 13 to 15 moves") {
  Engine engine;
  int proven = 0;
  for (const auto& r : testdata::load("tactics_deep.txt")) {
    Board b;
    REQUIRE(testdata::setUp(r, b));
    Limits limits;
    limits.maxDepth = 7;
    limits.vcfThreats = 0;  // no root solver: the search alone
    limits.vctThreats = 0;
    SearchInfo info = engine.searchNow(b, limits);
    if (info.score > kScoreMateBound) ++proven;
    const std::string id = r.get("id");
    if (id == "deepwin18" || id == "deepwin20" || id == "deepwin22") {
      INFO(id, " played ", pointToText(info.bestMove), " scored ", scoreToText(info.score));
      CHECK(info.score > kScoreMateBound);
      CHECK(mateDistance(info.score) >= 25);
    }
  }
  CHECK(proven >= 17);
}
