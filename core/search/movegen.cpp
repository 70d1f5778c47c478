#include "core/search/movegen.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "core/board/rules.h"

namespace gomoku {

namespace {

// (Session 49: SPSA over 10,400 games at 0.05 s a move, the values of Flex2 to Flex3Plus in
// both tables with razoring's and reverse futility's margins (to 314 and 165), moved them
// by up to 13 %; the result, 94 140 339 397 995 1271 / 46 62 189 256 536 706, scored
// 944-956-100 against these over 2,000 games, -2.1 +/- 12.4 Elo by pairs. Not kept.)
constexpr int kAttack[kThreatCount] = {
    -100000, 0, 100, 150, 300, 400, 1000, 1200, 5000, 1500, 2500, 10000, 20000, 100000};
constexpr int kDefend[kThreatCount] = {
    0, 0, 50, 60, 200, 250, 500, 700, 3000, 600, 1000, 6000, 8000, 50000};
// By pattern; the refined open twos and threes as their base class.
constexpr int kLineValue[kLinePatternCount] = {0,  0,  1,  2,  4,  10, 10, 10,
                                               12, 30, 30, 40, 60, 60, 0};

// Sum of the 4 directional values of a packed pattern word, for tie-breaking. Built by the
// compiler: a table made at first use would cost every call a check that it is made.
struct LineValueTable {
  std::array<int16_t, 1 << 16> value{};
  constexpr LineValueTable() {
    for (uint32_t packed = 0; packed < (1u << 16); ++packed) {
      int v = 0;
      for (int d = 0; d < 4; ++d) {
        const int nib = int(packedPattern(uint16_t(packed), d));
        if (nib < kLinePatternCount) v += kLineValue[nib];
      }
      value[packed] = static_cast<int16_t>(v);
    }
  }
};
constexpr LineValueTable kLineValues;

// Whether a packed pattern word has a four, double four, open four or five on some line.
bool hasFourLine(uint16_t packed) {
  for (int d = 0; d < 4; ++d)
    if (packedPattern(packed, d) >= LinePattern::Block4) return true;
  return false;
}

// orderingScore (below, with the measurements behind it), inlined in the scans here.
inline int scoreOf(const Board& b, Point p) {
  const CellInfo& info = b.cell(p);
  int us = index(b.sideToMove()), them = 1 - us;
  const auto& lv = kLineValues.value;
  // The line values are never negative: unsigned arithmetic spares the division's sign fix.
  const unsigned halve = b.rule() != Rule::Renju;
  const unsigned lines = unsigned(lv[info.packed[us]]) + unsigned(lv[info.packed[them]]) * 4u / 5u;
  return kAttack[int(info.threat[us])] + kDefend[int(info.threat[them])] + int(lines >> halve);
}

int countFlex3(uint16_t packed) {
  int n = 0;
  for (int d = 0; d < 4; ++d) n += isOpenThree(packedPattern(packed, d));
  return n;
}

bool hasFlex4(uint16_t packed) {
  for (int d = 0; d < 4; ++d)
    if (packedPattern(packed, d) == LinePattern::Flex4) return true;
  return false;
}

// generateDelayingDefence's scan; with `openFours` given it also collects the opponent's
// open-four points (every one lies on a line where it could make a four, so the scan passes
// them), up to kMaxOpenFours - more sets *openFourCount to kMaxOpenFours + 1. Under renju that
// includes black's forbidden points that make a straight four: a stone of white's that breaks
// the other four of a double four makes such a point an open four.
constexpr int kMaxOpenFours = 8;
void fillDefence(Board& b, MoveList& list, Point* openFours, int* openFourCount) {
  list.count = 0;
  Color us = b.sideToMove(), them = opponent(us);
  bool checkForbid = b.rule() == Rule::Renju && us == Color::Black;
  b.forEachCandidate([&](Point p) {
    const CellInfo& info = b.cell(p);
    // Their four lines through p: a threat class of a four or more, except where black's
    // point is forbidden under renju (a double four; an overline alone has no four line).
    const Threat theirs = info.threat[index(them)];
    if (info.threat[index(us)] < Threat::Block4 && theirs < Threat::Block4 &&
        !(theirs == Threat::Forbidden && hasFourLine(info.packed[index(them)])))
      return true;
    if (openFours && (theirs == Threat::OpenFour ||
                      (theirs == Threat::Forbidden && hasFlex4(info.packed[index(them)])))) {
      if (*openFourCount < kMaxOpenFours) openFours[*openFourCount] = p;
      *openFourCount = std::min(*openFourCount + 1, kMaxOpenFours + 1);
    }
    if (!(checkForbid && isForbiddenFast(b, p))) list.add(p, scoreOf(b, p));
    return true;
  });
}

}  // namespace

void MoveList::sort() {
  // Most lists sorted here are a few moves (the threat solver's defences: a block, or the
  // answers to an open three), and std::stable_sort takes a buffer from the heap at every
  // call: for those an insertion sort, stable too, so the order is the same.
  constexpr int kInsertionSortUpTo = 32;
  if (count > kInsertionSortUpTo) {
    std::stable_sort(begin(), end(),
                     [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
    return;
  }
  for (int i = 1; i < count; ++i) {
    const ScoredMove m = items[i];
    int j = i;
    for (; j > 0 && items[j - 1].score < m.score; --j) items[j] = items[j - 1];
    items[j] = m;
  }
}

// The threat classes decide; the line values (ours, and four fifths of theirs) break ties, at
// half weight except under renju (at full weight their sum, up to about 430, is more than the gaps
// between the lower threat classes, 100 to 400 in kAttack). Halved against full, freestyle, at
// 0.05 s a move: 381-359-60, 384-355-61, 377-361-62 and 760-713-127, +9.9 +/- 10.4 Elo over
// 4,000 games (LOS 97 %); at 0.5 s a move 80-84-36 over 200 (-6.9 +/- 43.8: not confirmed
// there, within its error). Under renju, halved lost: 361-399-40 and 359-392-49, -15.4 +/- 16.6
// over 1,600 games at 0.05 s a move, so renju keeps the full weight; under standard, halved
// scored 378-347-75 (+13.5 +/- 23.0 over 800). Renju halved again with session 64's renju
// tables: 482-484-34 over 1,000 games, -0.7 +/- 15.3 by pairs (session 65, srand 6542). Against
// half weight (freestyle, 800 games at 0.05 s a move): a quarter, 366-358-76 (+3.5 +/- 22.9); none
// at all, 363-367-70 (-1.7 +/- 23.0). Not kept. (The line values' tie-break replaced by the
// evaluation's value of the cell for each side, from the fitted tables, a quarter of it: -15.6
// +/- 23.6 Elo over 800 games at 0.05 s a move. The defence values kDefend scaled by 1.3: -13.5
// +/- 22.8; by 0.75: -0.4 +/- 23.2. The line values' tie-break doubled: -2.6 +/- 23.2.)
int orderingScore(const Board& b, Point p) { return scoreOf(b, p); }

bool isForbiddenFast(Board& b, Point p) {
  if (b.rule() != Rule::Renju) return false;
  const CellInfo& info = b.cell(p);
  if (info.threat[0] == Threat::Forbidden) return true;
  if (info.threat[0] == Threat::Five || countFlex3(info.packed[0]) < 2) return false;
  return forbiddenKind(b, p) != Forbid::None;
}

int fivePoints(const Board& b, Color c, Point out[], int max) {
  int n = 0;
  int count = b.threatCount(c, Threat::Five);
  if (count == 0) return 0;
  Point hint = b.fiveHint(c);
  if ((count == 1 || max == 1) && b.isEmpty(hint) && b.threat(hint, c) == Threat::Five) {
    out[0] = hint;
    return 1;
  }
  // (A five point is next to a stone of c's: in the candidate area.)
  b.forEachCandidate([&](Point p) {
    if (b.threat(p, c) == Threat::Five) out[n++] = p;
    return n < max;
  });
  return n;
}

namespace {
// Under renju: has black an open-four point that is not forbidden? Only a point that also makes
// two open threes can be (a four plus two threes is a double three), and only the recursive
// check can tell: any other open-four point answers at once, so those doubtful points are
// checked last. The scan ends at the last open-four point.
bool blackCanMakeOpenFour(Board& b) {
  Point doubtful[kMaxOpenFours];
  int doubtfulCount = 0;
  int left = b.threatCount(Color::Black, Threat::OpenFour);  // at least 1: see the caller
  bool found = false;
  b.forEachCandidate([&](Point p) {
    if (b.threat(p, Color::Black) != Threat::OpenFour) return true;
    if (countFlex3(b.cell(p).packed[0]) < 2)
      found = true;
    else if (doubtfulCount < kMaxOpenFours)
      doubtful[doubtfulCount++] = p;
    else
      found = !isForbiddenFast(b, p);
    return !found && --left > 0;
  });
  if (found) return true;
  for (int i = 0; i < doubtfulCount; ++i)
    if (!isForbiddenFast(b, doubtful[i])) return true;
  return false;
}
}  // namespace

bool canMakeOpenFour(Board& b, Color c) {
  if (b.threatCount(c, Threat::OpenFour) == 0) return false;
  if (b.rule() != Rule::Renju || c != Color::Black) return true;
  return blackCanMakeOpenFour(b);
}

NodeKind generateMoves(Board& b, MoveList& list) {
  list.count = 0;
  Color us = b.sideToMove(), them = opponent(us);
  bool checkForbid = b.rule() == Rule::Renju && us == Color::Black;

  Point fives[4];
  if (fivePoints(b, us, fives, 1)) {
    list.add(fives[0], kAttack[int(Threat::Five)]);
    return NodeKind::WinNow;
  }
  int blocks = fivePoints(b, them, fives, 4);
  if (blocks) {
    for (int i = 0; i < blocks; ++i)
      if (!checkForbid || !isForbiddenFast(b, fives[i])) list.add(fives[i], scoreOf(b, fives[i]));
    return NodeKind::MustBlock;
  }

  // (Also tried, in the search's nodes only: where the opponent can make a four-three, keep
  // just the point, the points on its lines that break it, those from which our forced block
  // of its four would be a four of ours, and our fours, as Rapfi's move generator does. At
  // 0.05 s a move: 404-357-39 then 758-755-87, +7 +/- 13.5 Elo over 2400 freestyle games; those
  // moves never reduced, +5.2 +/- 23.5 over 800; on a 20x20 board -18.3 +/- 24.1 over 800. Not
  // kept. Session 46, in the search only: the point, the points on its 4 lines within 4 and
  // our fours kept, over openings_freestyle15_gen.txt's 1,000 openings, both colours, at 0.05 s
  // a move: 899-986-115, -15.1 +/- 14.8 Elo. Not kept either.)
  if (canMakeOpenFour(b, them)) {
    // Every point that stops the open four lies on a line where the opponent could make a
    // four; keep our fours and those points after which it really cannot make one any more.
    // A stone changes the patterns of the cells on its 4 lines within a window's half-width
    // only, and a stone of ours never gives them a new straight four (it only blocks their
    // lines): a point answers if it leaves them no open-four point. So a point not in line
    // with all of them cannot answer, and for one in line only the line through it of each is
    // looked at again - no stone is placed.
    // Under renju, when the opponent is black, our stone can also make a point of black's
    // legal: break the other four of a double four (so fillDefence collects those points too),
    // or the double three of an open-four point - and whether a double three is forbidden
    // depends on other points too (a three is real only if it can become a straight four at
    // an allowed point). So a point left to black that makes fewer than two open threes is a
    // legal open four, and our point fails; where every point left makes two or more, the
    // stone is tried on the board. (Trying every point there: 5 % more of the search's
    // instructions on the bench's renju position 9, 4 % on the whole bench.)
    Point openFours[kMaxOpenFours];
    int openFourCount = 0;
    fillDefence(b, list, openFours, &openFourCount);
    if (openFourCount > kMaxOpenFours) openFourCount = 0;  // every point is tried
    const bool renjuBlackThreat = b.rule() == Rule::Renju && them == Color::Black;
    // Does our stone on p stop the open three? Our four does; otherwise no open-four point of
    // theirs may be left.
    auto answers = [&](Point p) {
      if (b.threat(p, us) >= Threat::Block4) return true;
      bool tryOnBoard = openFourCount == 0;
      for (int i = 0; i < openFourCount; ++i) {
        const Point q = openFours[i];
        if (q == p) continue;
        const int dx = std::abs(pointX(q) - pointX(p));
        const int dy = std::abs(pointY(q) - pointY(p));
        const bool inLine = !(dx && dy && dx != dy) && std::max(dx, dy) <= kHalfWindow;
        const Board::Patterns after = inLine ? b.patternsWithStone(q, them, p, us)
                                             : Board::Patterns{b.cell(q).packed[index(them)],
                                                               b.threat(q, them)};
        if (after.threat != Threat::OpenFour) continue;
        // Not a double three (or not renju's black): a legal open four.
        if (!renjuBlackThreat || countFlex3(after.packed) < 2) return false;
        tryOnBoard = true;  // unless a later point is surely legal
      }
      if (!tryOnBoard) return true;
      b.place(p);
      const bool stopped = !canMakeOpenFour(b, them);
      b.undo();
      return stopped;
    };
    // The trial stones are taken back at once and never evaluated: they skip the evaluation
    // sums (undo restores them).
    Board::EvalSumsPaused paused(b);
    int kept = 0;
    for (int i = 0; i < list.count; ++i)
      if (answers(list.items[i].move)) list.items[kept++] = list.items[i];
    list.count = kept;
    return NodeKind::DefendThree;
  }
  // (Session 34: in the search, after a node's first move, the points in line with no stone
  // of either colour within a window's reach - knight's-move points and the like - skipped:
  // 359-387-54, -12.2 +/- 23.3 Elo over 800 games at 0.05 s a move. Not kept. Session 46, the
  // other way, in the search's nodes only: the points 3 from a stone on its lines added to the
  // area, 873-1025-102 over openings_freestyle15_gen.txt both colours at 0.05 s a move, -26.5
  // +/- 14.9. Not kept.)
  b.forEachCandidate([&](Point p) {
    if (!(checkForbid && isForbiddenFast(b, p))) list.add(p, scoreOf(b, p));
    return true;
  });
  assert(std::all_of(list.begin(), list.end(), [&](const ScoredMove& m) { return b.isEmpty(m.move); }) &&
         "generateMoves: every move is on an empty point");
  return NodeKind::Normal;
}

void generateDelayingDefence(Board& b, MoveList& list) { fillDefence(b, list, nullptr, nullptr); }

}  // namespace gomoku

