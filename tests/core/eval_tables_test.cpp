// The fitted evaluation: combinations do not depend on the order of the directions, the
// board's incremental sums equal the sum of the table over the cells, a point forbidden to
// black is worth nothing to black, and the win chance is monotone and certain for mates.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <set>

#include "core/eval/eval.h"
#include "core/search/info.h"
#include "core/board/rules.h"

namespace gomoku {
namespace {

Board play(Rule rule, std::initializer_list<const char*> moves) {
  Board b(15, rule);
  for (const char* m : moves) b.place(*parsePointText(m, 15));
  return b;
}

TEST_CASE("eval tables: a combination is the multiset of the four line patterns") {
  std::set<int> seen;
  for (uint32_t packed = 0; packed < (1u << 16); ++packed) {
    int p[4];
    bool valid = true;
    for (int d = 0; d < 4; ++d)
      valid = valid && (p[d] = (packed >> (4 * d)) & 0xF) < kLinePatternCount;
    if (!valid) continue;
    const int combo = comboIndex(uint16_t(packed));
    seen.insert(combo);
    // Any order of the same four patterns gives the same combination.
    const uint16_t rotated = uint16_t(p[1] | p[2] << 4 | p[3] << 8 | p[0] << 12);
    const uint16_t swapped = uint16_t(p[0] | p[1] << 4 | p[3] << 8 | p[2] << 12);
    REQUIRE(comboIndex(rotated) == combo);
    REQUIRE(comboIndex(swapped) == combo);
  }
  CHECK(seen.size() == size_t(kComboCount));
  CHECK(comboName(0) == "nothing");
  const uint16_t threeTwo = uint16_t(int(LinePattern::Flex2) | int(LinePattern::Flex3) << 8);
  CHECK(comboName(comboIndex(threeTwo)) == "open three + open two");
}

TEST_CASE("eval tables: the board's sums are the table summed over the empty cells") {
  std::mt19937_64 rng(5);
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(std::string(ruleName(rule)));
    Board b(15, rule);
    const EvalWeights& w = evalWeights(rule);
    for (int step = 0; step < 120; ++step) {
      if (b.stoneCount() > 0 && rng() % 4 == 0) {
        b.undo();
      } else {
        Point p = makePoint(3 + int(rng() % 9), 3 + int(rng() % 9));
        if (!b.isEmpty(p)) continue;
        b.place(p);
        if (b.lastMoveWon()) b.undo();
      }
      for (Color c : {Color::Black, Color::White})
        for (int relation : {kMover, kOther}) {
          int sum = 0;
          for (int y = 0; y < 15; ++y)
            for (int x = 0; x < 15; ++x)
              if (b.isEmpty(makePoint(x, y)))
                sum += w.cell[index(c)][relation]
                             [comboIndex(b.cell(makePoint(x, y)).packed[index(c)])];
          REQUIRE(b.evalSum(c, relation) == sum);
        }
    }
  }
}

TEST_CASE("eval: a point forbidden to black under renju is worth nothing to black") {
  // Black h8, i8 and h9, i10 (diagonal) ... a simple double three at j9? Use a clear case:
  // black stones g8, h8 (row) and i6, i7 (column): i8 makes two open threes.
  Board b(15, Rule::Renju);
  const Point i8 = *parsePointText("i8", 15);
  for (const char* black : {"g8", "h8", "i6", "i7"})
    b.place(*parsePointText(black, 15), Color::Black);
  for (const char* white : {"a1", "a3", "a5", "a7"})
    b.place(*parsePointText(white, 15), Color::White);
  b.setSideToMove(Color::Black);
  REQUIRE(forbiddenKind(b, i8) == Forbid::DoubleThree);
  CHECK(forbiddenForBlack(b, i8));
  CHECK(explainCell(b, i8).value[index(Color::Black)] == 0);
  // The same stones under freestyle: the point is black's best, and worth something.
  Board f(15, Rule::Freestyle);
  for (const char* black : {"g8", "h8", "i6", "i7"})
    f.place(*parsePointText(black, 15), Color::Black);
  for (const char* white : {"a1", "a3", "a5", "a7"})
    f.place(*parsePointText(white, 15), Color::White);
  f.setSideToMove(Color::Black);
  CHECK_FALSE(forbiddenForBlack(f, i8));
  CHECK(explainCell(f, i8).value[index(Color::Black)] > 0);
  // No forbidden cell is counted in the breakdown, and it still adds up.
  const Breakdown bd = explain(b);
  for (const EvalTerm& t : bd.mover.terms)
    for (Point p : t.cells) CHECK(p != i8);
  CHECK(bd.score == evaluate(b));
}

TEST_CASE("eval: the breakdown names the cells of each combination, and they add up") {
  Board b = play(Rule::Freestyle, {"h8", "i9", "h9", "i8", "h10"});
  const Breakdown bd = explain(b);
  int total = 0;
  for (const ColorBreakdown* side : {&bd.mover, &bd.other})
    for (const EvalTerm& t : side->terms) {
      CHECK(t.contribution == t.count * t.weight);
      // The two terms of the whole position have no cells; every other term counts cells.
      const bool wholePosition =
          t.name == "side to move" || t.name.rfind("threats to make next", 0) == 0;
      if (!wholePosition) {
        CHECK(int(t.cells.size()) == t.count);
        for (Point p : t.cells) CHECK(b.isEmpty(p));
      }
      total += side == &bd.mover ? t.contribution : -t.contribution;
    }
  CHECK(total == evaluate(b));
  // White (to move) faces black's open three h8-h10: black's four points carry weight.
  CHECK(b.sideToMove() == Color::White);
  const Point h11 = *parsePointText("h11", 15);
  CHECK(explainCell(b, h11).value[index(Color::Black)] > 0);
}

TEST_CASE("eval: the threats term reads what each side can make next, and is counted once") {
  // Black: h8 h9 h10, closed by white's h11, and i7 j7: h7 makes a four and an open three.
  Board b(15, Rule::Freestyle);
  for (const char* black : {"h8", "h9", "h10", "i7", "j7"})
    b.place(*parsePointText(black, 15), Color::Black);
  for (const char* white : {"h11", "a1", "a15", "o1", "o15"})
    b.place(*parsePointText(white, 15), Color::White);
  b.setSideToMove(Color::Black);
  const Point h7 = *parsePointText("h7", 15);
  REQUIRE(b.threat(h7, Color::Black) == Threat::Block4Flex3);
  const int mask = threatMask(b);
  const int mover = mask & ((1 << kThreatMaskBits) - 1), other = mask >> kThreatMaskBits;
  CHECK((mover & 2) != 0);   // a four-three to make
  CHECK((mover & 16) != 0);  // a four to make
  CHECK((mover & 32) == 0);  // one winning point only
  CHECK(other == 0);         // white's corner stones make nothing
  CHECK(threatMaskName(b).find("black: four-three") != std::string::npos);
  CHECK(threatMaskName(b).find("white: none") != std::string::npos);
  // From white's side the same threats are the other side's.
  b.setSideToMove(Color::White);
  CHECK(threatMask(b) == mover << kThreatMaskBits);
  // The breakdown shows the term once, on the side to move's side, and still adds up.
  const Breakdown bd = explain(b);
  int terms = 0;
  for (const EvalTerm& t : bd.mover.terms) terms += t.name.rfind("threats to make next", 0) == 0;
  for (const EvalTerm& t : bd.other.terms) CHECK(t.name.rfind("threats", 0) != 0);
  CHECK(terms == (evalWeights(Rule::Freestyle).threat[index(Color::White)][threatMask(b)] != 0));
  CHECK(bd.score == evaluate(b));
}

TEST_CASE("eval: the threats term's seventh bit counts the points of an open three plus more") {
  // Black h8 i8 alone: no point makes an open three and a second threat.
  Board b(15, Rule::Freestyle);
  for (const char* black : {"h8", "i8"}) b.place(*parsePointText(black, 15), Color::Black);
  b.place(*parsePointText("a1", 15), Color::White);
  b.setSideToMove(Color::Black);
  constexpr int kThreePlusBit = 1 << 6;
  REQUIRE(b.threatCount(Color::Black, Threat::Flex3Plus) == 0);
  CHECK((threatMask(b) & kThreePlusBit) == 0);
  // With h10 there are four: h7 and h9 make an open three on the h column and a two with i8,
  // f8 and j8 one on row 8 and a two with h10.
  b.place(*parsePointText("h10", 15), Color::Black);
  b.setSideToMove(Color::Black);
  REQUIRE(b.threatCount(Color::Black, Threat::Flex3Plus) == 4);
  CHECK((threatMask(b) & kThreePlusBit) != 0);
  CHECK((threatMask(b) >> kThreatMaskBits & kThreePlusBit) == 0);  // white has none
  CHECK(threatMaskName(b).find(
            "black: open three, three or more points that make an open three and more") !=
        std::string::npos);
  // White to move: the same bit is the other side's.
  b.setSideToMove(Color::White);
  CHECK((threatMask(b) >> kThreatMaskBits & kThreePlusBit) != 0);
  CHECK((threatMask(b) & kThreePlusBit) == 0);
  // White's h9 leaves f8 and j8 only: two such points are not enough.
  b.place(*parsePointText("h9", 15), Color::White);
  b.setSideToMove(Color::Black);
  REQUIRE(b.threatCount(Color::Black, Threat::Flex3Plus) == 2);
  CHECK((threatMask(b) & kThreePlusBit) == 0);
}

TEST_CASE("eval: the same stones score the same on larger boards, the size term says why") {
  // Five stones in the middle of the board, far from every edge from 19x19 up: every extra
  // empty cell is as on the empty board, and the board size term takes exactly that out.
  const int offsets[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, -1}, {-1, 1}};
  auto centred = [&](int size, Rule rule) {
    Board b(size, rule);
    for (const auto& o : offsets) b.place(makePoint(size / 2 + o[0], size / 2 + o[1]));
    return b;
  };
  auto sizeTerm = [](const Breakdown& bd) {
    int found = 0;
    for (const EvalTerm& t : bd.mover.terms)
      if (t.name == kBoardSizeTermName) found += t.contribution;
    for (const EvalTerm& t : bd.other.terms) CHECK(t.name != kBoardSizeTermName);
    return found;
  };
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(rule);
    const Board b19 = centred(19, rule), b20 = centred(20, rule), b22 = centred(22, rule);
    CHECK(evaluate(b20) == evaluate(b19));
    CHECK(evaluate(b22) == evaluate(b19));
    // On 15x15, the size the tables were fitted on, there is no such term; on 20x20 the
    // breakdown shows it and still adds up.
    CHECK(sizeTerm(explain(centred(15, rule))) == 0);
    const Breakdown bd = explain(b20);
    CHECK(bd.score == evaluate(b20));
    if (rule == Rule::Freestyle) {
      // Without it freestyle's 20x20 gave the side to move some 480 points more than 15x15.
      CHECK(sizeTerm(bd) < -300);
      CHECK(std::abs(evaluate(b20) - evaluate(centred(15, rule))) < 60);
    }
  }
}

TEST_CASE("win chance: increasing in the score, certain for mates, near even at 0, every rule") {
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(ruleName(rule));
    CHECK(winProbability(kScoreMate - 5, rule) == 1.0);
    CHECK(winProbability(-kScoreMate + 5, rule) == 0.0);
    CHECK(winProbability(0, rule) > 0.4);
    CHECK(winProbability(0, rule) < 0.6);
    for (int s = -3000; s < 3000; s += 100)
      CHECK(winProbability(s, rule) < winProbability(s + 100, rule));
    // The fitted cubic term never turns the map down, however far from 0 (it saturates to 0
    // and 1 in double precision there, so only "not lower" holds).
    for (int s = -kScoreMateBound; s < kScoreMateBound; s += 100)
      CHECK(winProbability(s, rule) <= winProbability(s + 100, rule));
    CHECK(winChanceFit(rule).cubic >= 0);
    // The chance is the rule's own map (renju's differs from freestyle's).
    CHECK(winProbability(1500, rule) ==
          doctest::Approx(1 / (1 + std::exp(-winChanceFit(rule).logit(1500)))));
  }
}

}  // namespace
}  // namespace gomoku
