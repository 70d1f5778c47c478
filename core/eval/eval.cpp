#include "core/eval/eval.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "core/search/info.h"
#include "core/board/rules.h"

namespace gomoku {

namespace {

constexpr int kEvalLimit = kScoreMateBound - 1000;

// The side to move's term: the fitted tempo less a correction for the search. At a leaf the
// side to move has its fours and its VCF looked at (the quiescence) and the other side's threats
// are not, so leaves favour the side to move, and the scores of odd and even depths swing
// apart. The correction was measured in matches (gomoku-match, the same build with and without,
// 0.05 s a move, varied openings, both colors): -50 scored +24.4 +/- 23.7 and +10.4 +/- 23.6
// over 800 freestyle games each and +18.3 +/- 24.0 over 800 renju games, and +63.2 +/- 66.4
// over 100 freestyle games at 0.5 s a move; -75 +20.4 +/- 23.7, -100 +12.2 +/- 23.5 (800
// freestyle games each at 0.05 s). With the tables of session 27, against -50 (800 freestyle
// games each at 0.05 s): -25 scored -23.9 +/- 23.2, -75 -32.7 +/- 23.3. (Session 49, with
// session 48's renju refit, which loses to the compiled tables: -50, -100 and 0 scored -77.1,
// -66.8 and -75.3 (+/- 25 or so) against them over 600 renju games each: not why it loses.)
// (Session 60: renju's fitted tempo has grown to 348, freestyle's is 42; -150 for renju alone
// against -50, 1,000 renju games at 0.05 s a move: 477-496-27, -6.6 +/- 17.3 Elo by pairs,
// srand 6006. Not kept.) (Session 68, freestyle's tempo now 81: -100 against -50, 493-492-51
// over 1,036 freestyle games at 0.05 s a move over openings_freestyle15_sel.txt, +0.3 +/- 17.8.
// Not kept.)
constexpr int kLeafTempoCorrection = -50;

int sideToMoveTerm(const EvalWeights& w) { return w.tempo + kLeafTempoCorrection; }

// An empty cell far from every stone has a lone stone's patterns, and the tables value those a
// few points higher for the side to move than for the other side: on 15x15 the count of such
// cells falls as the game goes on, and the fit uses it as a measure of how early it is. A
// larger board has more of them at the same move, and gave the side to move a bias the games
// never showed: the same four stones scored 934 on 15x15 and 1,419 on 20x20. This term takes
// out what the extra (or missing) empty cells add, the difference between this size's empty
// board and the fitted size's, so a position scores about as its stones would on 15x15.
// (Session 68, on 20x20 over openings_freestyle20_gen.txt, both colours, against the engine
// without it, Elo by pairs: freestyle 618-382-0 over 1,000 games at 0.05 s a move, +83.6 +/-
// 19.9, and 244-156-0 over 400 at 0.2 s, +77.7 +/- 25.0; standard 577-423-0 over 1,000 at
// 0.05 s, +53.9 +/- 18.4, and 116-84-0 over 200 at 0.2 s, +56.1 +/- 43.2; at 0.5 s over
// Gomocup's 20x20 openings, openings_freestyle20.txt, freestyle 96-24-0 over 120 games, +240.8
// +/- 74.8. Session 69, on smaller boards, freestyle, 600 games each at 0.05 s a move over 300
// openings of gomoku-tune openings --size N --count 300 --seed N: 11x11 142-68-390, +43.1 +/-
// 15.1; 13x13 232-228-140, +2.3 +/- 21.8.) (Tried then: a larger board scored as
// on a smaller reference than 15x15, which takes out more of the side to move's bias - 13x13,
// some 150 points more on 20x20 - at 0.05 s a move over 1,000 20x20 games against 15x15:
// 13x13 546-454-0, +32.1 +/- 18.0 Elo by pairs; 11x11 534-466-0, +23.7 +/- 19.3; 17x17 350-437-1
// over 788, -38.5 +/- 20.9; but 13x13 at 0.2 s 194-206-0 over 400, -10.4 +/- 25.6 (srand 6805).
// On 15x15 the same shift of the side to move's term, kLeafTempoCorrection at -200, scored
// 472-505-59 over 1,036 games at 0.05 s, -11.1 +/- 19.0. Not kept.)
struct BoardSizeTerms {
  int value[kMaxSize + 1][kRuleCount][2] = {};  // [size][rule][side to move]
  BoardSizeTerms() {
    for (int r = 0; r < kRuleCount; ++r) {
      auto emptyBoard = [&](int size, Color us) {
        const Board empty(size, Rule(r));
        return empty.evalSum(us, kMover) - empty.evalSum(opponent(us), kOther);
      };
      for (int size = kMinSize; size <= kMaxSize; ++size)
        for (Color us : {Color::Black, Color::White})
          value[size][r][index(us)] = emptyBoard(kFittedBoardSize, us) - emptyBoard(size, us);
    }
  }
};

// (The fitted size, where the term is 0, skips the table's first-use guard: every evaluation
// of a 15x15 game passes here.)
inline int boardSizeTerm(const Board& b) {
  if (b.size() == kFittedBoardSize) return 0;
  static const BoardSizeTerms terms;
  return terms.value[b.size()][int(b.rule())][index(b.sideToMove())];
}

int relationOf(const Board& b, Color c) {
  return c == b.sideToMove() ? kMover : kOther;
}

int cellValue(const Board& b, Point p, Color c) {
  const EvalWeights& w = evalWeights(b.rule());
  return w.cell[index(c)][relationOf(b, c)][comboIndex(b.cell(p).packed[index(c)])];
}

// A cell whose combination may be a double three (two open threes): only then is the
// recursive renju check needed; overline and double four are already worth 0 in the table.
bool mayBeDoubleThree(const Board& b, Point p) {
  const Threat t = b.cell(p).threat[index(Color::Black)];
  return t == Threat::Flex3x2 || t == Threat::Block4Flex3;
}

// The value the table gives black on points that are in fact forbidden double threes: the
// board's sums count them, the evaluation takes them back out.
int forbiddenDoubleThreeValue(const Board& b) {
  if (b.rule() != Rule::Renju || (b.threatCount(Color::Black, Threat::Flex3x2) == 0 &&
                                  b.threatCount(Color::Black, Threat::Block4Flex3) == 0))
    return 0;
  int total = 0;  // (a double-three point is next to black stones: in the candidate area)
  b.forEachCandidate([&](Point p) {
    if (mayBeDoubleThree(b, p) && forbiddenForBlack(b, p)) total += cellValue(b, p, Color::Black);
    return true;
  });
  return total;
}

}  // namespace

bool forbiddenForBlack(const Board& b, Point p) {
  if (b.rule() != Rule::Renju || !b.isEmpty(p)) return false;
  const Threat t = b.cell(p).threat[index(Color::Black)];
  if (t == Threat::Forbidden) return true;
  if (!mayBeDoubleThree(b, p)) return false;
  // The recursive check places and takes back stones; the board comes back bit for bit.
  return forbiddenKind(const_cast<Board&>(b), p) != Forbid::None;
}

namespace {

// One side's part of threatMask, from the board's incremental threat counts. (Under renju a
// black double-three point may be forbidden: the fit sees those as they are, without the
// recursive check.)
int threatBits(const Board& b, Color c) {
  const int openFour = b.threatCount(c, Threat::OpenFour);
  const int fourThree = b.threatCount(c, Threat::Block4Flex3);
  const int doubleThree = b.threatCount(c, Threat::Flex3x2);
  const int three = b.threatCount(c, Threat::Flex3) + b.threatCount(c, Threat::Flex3Plus);
  const int four = b.threatCount(c, Threat::Block4) + b.threatCount(c, Threat::Block4Plus);
  // Three or more points that make an open three and a second threat (a closed three or an
  // open two): an attack with that many ways to go on is more than the cells' sum says. Of
  // the counts tried as a seventh bit, in the fit's held-out loss on 8,000 games (session 67;
  // 0.5705 with six bits): these points 3 or more 0.5656, 2 or more 0.5662, 4 or more
  // 0.5673, any 0.5684; an open three's points 4 or more 0.5690; double twos 0.5697; fours
  // with a second threat 0.5707. Freestyle's tables fitted with it on 40,000 games, against
  // those before: +25.2 +/- 20.5 Elo by pairs over 1,036 games at 0.05 s a move, +26.1 +/- 29.1
  // over 400 at 0.2 s, +8.7 +/- 52.1 over 120 at 0.5 s, and on a 20x20 board +44.4 +/- 19.8
  // over 1,000 at 0.05 s (README, "Fitting the evaluation"). Renju's refit with it did not gain
  // (+2.6 +/- 22.2 on 20,000 games), nor standard's (+1.7 +/- 18.4): both keep tables that
  // ignore the bit. An eighth bit, looked for the same way with this one in (0.5616 held out
  // on 12,000 games), lowered it to 0.5606 at best (double-two and open-three-plus points
  // together 6 or more): not matched, not kept.
  const int threePlus = b.threatCount(c, Threat::Flex3Plus);
  return (openFour > 0) | (fourThree > 0) << 1 | (doubleThree > 0) << 2 | (three > 0) << 3 |
         (four > 0) << 4 | (openFour + fourThree + doubleThree >= 2) << 5 | (threePlus >= 3) << 6;
}

}  // namespace

std::string threatMaskName(const Board& b) {
  static const char* const kBitNames[kThreatMaskBits] = {
      "open four",
      "four-three",
      "double three",
      "open three",
      "four",
      "two or more winning points",
      "three or more points that make an open three and more"};
  const int mask = threatMask(b);
  std::string text = "threats to make next";
  for (int side = 0; side < 2; ++side) {
    const Color c = side == 0 ? b.sideToMove() : opponent(b.sideToMove());
    text += side == 0 ? " (" : "; ";
    text += std::string(colorName(c)) + ": ";
    const int bits = mask >> (side * kThreatMaskBits) & ((1 << kThreatMaskBits) - 1);
    if (!bits) text += "none";
    for (int i = 0, n = 0; i < kThreatMaskBits; ++i)
      if (bits >> i & 1) text += std::string(n++ ? ", " : "") + kBitNames[i];
  }
  return text + ")";
}

int threatMask(const Board& b) {
  const Color us = b.sideToMove();
  return threatBits(b, us) | threatBits(b, opponent(us)) << kThreatMaskBits;
}

int evaluate(const Board& b) {
  const Color us = b.sideToMove(), them = opponent(us);
  const EvalWeights& w = evalWeights(b.rule());
  int score =
      b.evalSum(us, kMover) - b.evalSum(them, kOther) + sideToMoveTerm(w) + boardSizeTerm(b);
  // The threats term, fitted with the tables: what a sum over cells cannot say (a four-three
  // to make wins for the side to move and only threatens for the other; two such points of
  // the other side cannot both be blocked). Against the tables before, at 0.05 s a move:
  // +19.1 +/- 16.4 Elo over 1600 freestyle games (389-344-67, 395-352-53), +61.4 +/- 24.1 over
  // 800 renju games (457-317-26); at 0.5 s a move 266-249-85 over 600 freestyle games (+9.8
  // +/- 25.9) and 52-45-3 over 100 renju games.
  // (Session 34, the term scaled against the fit, freestyle at 0.05 s a move: x1.25
  // 381-349-70 then 363-370-67, +5.4 +/- 16.3 Elo over 1,600 games; x1.5 360-359-81, +0.4 +/-
  // 22.9 over 800. Kept as fitted.)
  // (Session 65: the cell sums blended with those before the last move, from our view, as
  // Rapfi does to damp the odd-even swing - (149 now + 106 before) / 256 with the tables as
  // fitted: 367-608-25 over 1,000 freestyle games at 0.05 s a move, -85.4 +/- 20.0 Elo by pairs
  // (srand 6511), the bench's tree at depth 10 2.2 times as large (the siblings' scores
  // closer together, so the margins prune less); (192 now + 64 before) / 256, 473-489-38, -5.6
  // +/- 17.6 (srand 6531). Not kept, nor fitted that way.)
  // (Session 51: a pair term - for each empty cell a fitted value of both colours' threat
  // classes on it together, kept incrementally by the board - lowered the held-out loss
  // (freestyle 0.6221 -> 0.6156, renju 0.6080 -> 0.5810) but over 2,000 freestyle games at
  // 0.05 s a move scored +4.3 +/- 13.0 Elo by pairs, and -56.3 +/- 18.0 over 1,085 renju games.
  // Not kept; README, "Fitting the evaluation".)
  score += w.threat[index(us)][threatMask(b)];
  if (b.rule() == Rule::Renju) {
    const int forbidden = forbiddenDoubleThreeValue(b);
    score += us == Color::Black ? -forbidden : forbidden;
  }
  // Never a mate score, whatever the tables say.
  return std::clamp(score, -kEvalLimit, kEvalLimit);
}

namespace {

ColorBreakdown colorBreakdown(const Board& b, Color c) {
  ColorBreakdown cb;
  cb.color = c;
  cb.toMove = c == b.sideToMove();
  std::map<int, std::vector<Point>> cellsOf;  // combination -> its cells
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      Point p = makePoint(x, y);
      if (b.at(p) != Color::Empty) continue;
      if (c == Color::Black && b.rule() == Rule::Renju && forbiddenForBlack(b, p)) continue;
      cellsOf[comboIndex(b.cell(p).packed[index(c)])].push_back(p);
    }
  const EvalWeights& w = evalWeights(b.rule());
  for (auto& [combo, cells] : cellsOf) {
    const int weight = w.cell[index(c)][relationOf(b, c)][combo];
    if (weight == 0) continue;
    int live = 0;
    bool alone = true;
    for (LinePattern p : comboPatterns(combo)) {
      live += p != LinePattern::Dead;
      alone &= p == LinePattern::Dead || p == LinePattern::Block1 || p == LinePattern::Flex1;
    }
    const int count = static_cast<int>(cells.size());
    // (A cell dead on every line is no lone point: a stone there could make nothing. The
    // tables give that combination no value today, so it is skipped above anyway.)
    cb.terms.push_back(
        {comboName(combo), live >= 2, count, weight, count * weight, cells, alone && live > 0});
  }
  const int tempo = sideToMoveTerm(evalWeights(b.rule()));
  if (cb.toMove && tempo != 0) cb.terms.push_back({"side to move", true, 1, tempo, tempo});
  if (const int size = boardSizeTerm(b); cb.toMove && size != 0)
    cb.terms.push_back({kBoardSizeTermName, true, 1, size, size});
  std::stable_sort(cb.terms.begin(), cb.terms.end(), [](const EvalTerm& a, const EvalTerm& t) {
    return std::abs(a.contribution) > std::abs(t.contribution);
  });
  for (const EvalTerm& t : cb.terms) cb.total += t.contribution;
  return cb;
}

}  // namespace

Breakdown explain(const Board& b) {
  Breakdown bd;
  bd.perspective = b.sideToMove();
  bd.mover = colorBreakdown(b, bd.perspective);
  // The other color's values are subtracted: its terms are shown as it counts them.
  bd.other = colorBreakdown(b, opponent(bd.perspective));
  // The threats term is one for the position: counted on the side to move's side.
  if (const int threats = evalWeights(b.rule()).threat[index(bd.perspective)][threatMask(b)]) {
    const EvalTerm term{threatMaskName(b), true, 1, threats, threats};
    // In its place by size, like the other terms.
    auto at = std::find_if(bd.mover.terms.begin(), bd.mover.terms.end(), [&](const EvalTerm& t) {
      return std::abs(t.contribution) < std::abs(threats);
    });
    bd.mover.terms.insert(at, term);
    bd.mover.total += threats;
  }
  bd.score = bd.mover.total - bd.other.total;
  if (const int clamped = std::clamp(bd.score, -kEvalLimit, kEvalLimit); clamped != bd.score) {
    // The evaluation stops short of mate scores; the cut is a term of its own.
    bd.mover.terms.push_back({"cut at the limit", true, 1, clamped - bd.score, clamped - bd.score});
    bd.mover.total += clamped - bd.score;
    bd.score = clamped;
  }
  return bd;
}

CellExplanation explainCell(const Board& b, Point p) {
  CellExplanation e{};
  const CellInfo& info = b.cell(p);
  for (int c = 0; c < 2; ++c) {
    Color color = Color(c);
    e.threat[c] = info.threat[c];
    for (int d = 0; d < kDirCount; ++d) e.pattern[c][d] = info.pattern(color, d);
    const bool forbidden = color == Color::Black && forbiddenForBlack(b, p);
    e.value[c] = b.isEmpty(p) && !forbidden ? cellValue(b, p, color) : 0;
  }
  return e;
}

}  // namespace gomoku
