// Threat extensions: an open three forces the few answers that stop it, so the search gives it
// its ply back and a long win by threes comes into view at a small nominal depth. Without
// them a depth-7 search with no root solver proved 13 of the 40 deep wins; with them 18, among
// them wins of 13 to 15 moves (25-29 plies). Since lone open threes late in a node's move list
// are reduced (isLoneThree, search_detail.h) 17. Internal iterative reduction (a node the table
// does not know is searched a ply shallower) makes a nominal depth reach less, and 7 then
// proved 16 (deepwin18 played the winning f11 but scored +2209); depth 8, which costs fewer
// nodes than depth 7 did before, proves 22, and finds shorter wins (10-11 moves, 19-21 plies).
// Razoring and the milder late-move reductions (session 11) leave depth 8 proving 17, with
// deepwin18 scored +1907; depth 9 proves 22 again. The leaves' tempo correction (session 12,
// eval.cpp) leaves depth 9 proving 20, not the same ones: deepwin18 drops out (+1640), and
// deepwin13 (17 plies), deepwin28 (29) and deepwin31 (23) come in. With the evaluation's
// threats term (session 30) depth 9 proves 23: deepwin01-16, 18, 19, 20, 22, 26, 31 and 34 (a
// win in 15, 29 plies); deepwin28 drops out (the winning e9, scored +5469). With lone fours
// reduced like quiet moves (session 38, isLoneFour) still 23, not the same ones: deepwin26 and
// deepwin34 drop out (h7, +3577), deepwin24 (a win in 14) and deepwin28 (e9, a win in 16, 31
// plies) come in.
#include <doctest/doctest.h>

#include "core/search/engine.h"
#include "tests/support/testdata.h"

using namespace gomoku;

TEST_CASE("threat extensions: a depth-9 search alone proves wins of 10 moves and more") {
  Engine engine;
  int proven = 0;
  for (const auto& r : testdata::load("tactics_deep.txt")) {
    Board b;
    REQUIRE(testdata::setUp(r, b));
    Limits limits;
    limits.maxDepth = 9;
    limits.vcfThreats = 0;  // no root solver: the search alone
    limits.vctThreats = 0;
    SearchInfo info = engine.searchNow(b, limits);
    if (info.score > kScoreMateBound) ++proven;
    const std::string id = r.get("id");
    if (id == "deepwin20" || id == "deepwin22" || id == "deepwin28") {
      INFO(id, " played ", pointToText(info.bestMove), " scored ", scoreToText(info.score));
      CHECK(info.score > kScoreMateBound);
      CHECK(mateDistance(info.score) >= 19);
    }
  }
  CHECK(proven >= 22);
}
