// The board's per-direction line patterns against a slow reference written here from the
// definitions (a five; a four = one move from a five; a straight four = two five points five
// apart; a three = one move from a straight four / a four; ...), evaluated on the 11-cell
// window read directly from the stones. Plus hand-made lines with known answers.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/board/board.h"
#include "core/board/rules.h"

namespace gomoku {
namespace {

// Window seen from one color: 'X' own stone, 'O' opponent or edge, '.' empty; index 5 is the
// cell being classified (already 'X').
LinePattern referenceUncached(const std::string& w, bool exactFive);

LinePattern reference(const std::string& w, bool exactFive) {
  static std::map<std::string, LinePattern> memo[2];  // without it the recursion is factorial
  auto& m = memo[exactFive];
  auto it = m.find(w);
  if (it != m.end()) return it->second;
  LinePattern p = referenceUncached(w, exactFive);
  m.emplace(w, p);
  return p;
}

LinePattern referenceUncached(const std::string& w, bool exactFive) {
  int run = 1;
  for (int i = 4; i >= 0 && w[i] == 'X'; --i) ++run;
  for (int i = 6; i < 11 && w[i] == 'X'; ++i) ++run;
  if (exactFive ? run == 5 : run >= 5) return LinePattern::Five;
  if (run >= 6) return LinePattern::Overline;

  std::vector<int> fives;
  bool can[kLinePatternCount] = {};
  int straightFourMoves = 0, openThreeMoves = 0;  // how many moves make each
  for (int e = 0; e < 11; ++e) {
    if (w[e] != '.') continue;
    std::string next = w;
    next[e] = 'X';
    // What the new stone at e makes, seen from e: the run through e must include the centre's
    // run for it to count for this cell, so judge the whole window from e's line of stones.
    int r = 1;
    for (int i = e - 1; i >= 0 && next[i] == 'X'; --i) ++r;
    for (int i = e + 1; i < 11 && next[i] == 'X'; ++i) ++r;
    bool five = exactFive ? r == 5 : r >= 5;
    // A five made at e only counts if it runs through the centre.
    int lo = e, hi = e;
    while (lo > 0 && next[lo - 1] == 'X') --lo;
    while (hi < 10 && next[hi + 1] == 'X') ++hi;
    if (five && lo <= 5 && hi >= 5) {
      fives.push_back(e);
      continue;
    }
    const LinePattern made = reference(next, exactFive);
    can[static_cast<int>(made)] = true;
    straightFourMoves += made == LinePattern::Flex4;
    openThreeMoves += made == LinePattern::Flex3 || made == LinePattern::Flex3Both;
  }
  if (fives.size() >= 2) {
    for (size_t i = 0; i < fives.size(); ++i)
      for (size_t j = i + 1; j < fives.size(); ++j)
        if (fives[j] - fives[i] == 5) return LinePattern::Flex4;
    return LinePattern::DoubleFourLine;
  }
  if (fives.size() == 1) return LinePattern::Block4;
  auto has = [&](LinePattern p) { return can[static_cast<int>(p)]; };
  // An open three or two is told apart by the number of moves that make it grow.
  if (has(LinePattern::Flex4))
    return straightFourMoves == 1 ? LinePattern::Flex3 : LinePattern::Flex3Both;
  if (has(LinePattern::Block4) || has(LinePattern::DoubleFourLine)) return LinePattern::Block3;
  if (has(LinePattern::Flex3) || has(LinePattern::Flex3Both))
    return openThreeMoves <= 2   ? LinePattern::Flex2
           : openThreeMoves == 3 ? LinePattern::Flex2Three
                                 : LinePattern::Flex2Many;
  if (has(LinePattern::Block3)) return LinePattern::Block2;
  if (has(LinePattern::Flex2) || has(LinePattern::Flex2Three) || has(LinePattern::Flex2Many))
    return LinePattern::Flex1;
  if (has(LinePattern::Block2)) return LinePattern::Block1;
  return LinePattern::Dead;
}

bool exactFor(Rule rule, Color c) {
  return rule == Rule::Standard || (rule == Rule::Renju && c == Color::Black);
}

std::string windowOf(const Board& board, Point p, int dir, Color c) {
  std::string w(11, '.');
  for (int k = -5; k <= 5; ++k) {
    int x = pointX(p) + k * kDirDx[dir], y = pointY(p) + k * kDirDy[dir];
    char ch = 'O';
    if (onBoard(x, y, board.size())) {
      Color s = board.at(makePoint(x, y));
      ch = s == Color::Empty ? '.' : s == c ? 'X' : 'O';
    }
    w[k + 5] = ch;
  }
  w[5] = 'X';
  return w;
}

// Compares every empty cell, direction and color of the board with the reference.
void compareAll(const Board& board) {
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      Point p = makePoint(x, y);
      if (!board.isEmpty(p)) continue;
      for (Color c : {Color::Black, Color::White})
        for (int dir = 0; dir < kDirCount; ++dir) {
          std::string w = windowOf(board, p, dir, c);
          LinePattern want = reference(w, exactFor(board.rule(), c));
          LinePattern got = board.pattern(p, c, dir);
          REQUIRE_MESSAGE(got == want, pointToText(p) << " dir " << dir << " " << colorName(c)
                                                      << " window " << w << ": board says "
                                                      << linePatternName(got) << ", reference "
                                                      << linePatternName(want));
        }
    }
}

// Puts a line pattern ('X' black, 'O' white, '.' empty) on row 8 from column a, or on another
// direction through (x0, y0).
Board lineBoard(Rule rule, const std::string& stones, int dir = 0, int x0 = 2, int y0 = 7) {
  Board board(15, rule);
  for (size_t i = 0; i < stones.size(); ++i) {
    int x = x0 + static_cast<int>(i) * kDirDx[dir], y = y0 + static_cast<int>(i) * kDirDy[dir];
    if (stones[i] == 'X') board.place(makePoint(x, y), Color::Black);
    if (stones[i] == 'O') board.place(makePoint(x, y), Color::White);
  }
  board.setSideToMove(Color::Black);
  return board;
}

Point along(int i, int dir = 0, int x0 = 2, int y0 = 7) {
  return makePoint(x0 + i * kDirDx[dir], y0 + i * kDirDy[dir]);
}

TEST_CASE("hand-made lines: open three, four, straight four, double four, overline") {
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    for (int dir = 0; dir < kDirCount; ++dir) {
      CAPTURE(std::string(ruleName(rule)));
      CAPTURE(dir);
      const int y0 = dir == 3 ? 12 : 2;
      // ".XXX." : both ends make a straight four, so the stones form an open three.
      Board three = lineBoard(rule, "..XXX..", dir, 2, y0);
      CHECK(three.pattern(along(1, dir, 2, y0), Color::Black, dir) == LinePattern::Flex4);
      CHECK(three.pattern(along(5, dir, 2, y0), Color::Black, dir) == LinePattern::Flex4);
      CHECK(three.threat(along(1, dir, 2, y0), Color::Black) == Threat::OpenFour);
      // ".XXXX." : five at both ends.
      Board four = lineBoard(rule, ".XXXX.", dir, 2, y0);
      CHECK(four.pattern(along(0, dir, 2, y0), Color::Black, dir) == LinePattern::Five);
      CHECK(four.pattern(along(5, dir, 2, y0), Color::Black, dir) == LinePattern::Five);
      CHECK(four.threatCount(Color::Black, Threat::Five) == 2);
      // "OXXX.." : a closed three; the next point makes a four (one five point).
      Board closed = lineBoard(rule, "OXXX...", dir, 2, y0);
      CHECK(closed.pattern(along(4, dir, 2, y0), Color::Black, dir) == LinePattern::Block4);
      // "X.X.X.X" : the centre makes two fours on one line.
      Board df = lineBoard(rule, "X.X.X.X", dir, 2, y0);
      CHECK(df.pattern(along(3, dir, 2, y0), Color::Black, dir) == LinePattern::DoubleFourLine);
      CHECK(df.threat(along(3, dir, 2, y0), Color::Black) ==
            (rule == Rule::Renju ? Threat::Forbidden : Threat::OpenFour));
      CHECK(df.threat(along(3, dir, 2, y0), Color::White) != Threat::OpenFour);
      if (rule == Rule::Renju) CHECK(forbiddenKind(df, along(3, dir, 2, y0)) == Forbid::DoubleFour);
      // "XXX.XX" : the gap makes six.
      Board six = lineBoard(rule, "XXX.XX", dir, 2, y0);
      LinePattern gap = six.pattern(along(3, dir, 2, y0), Color::Black, dir);
      CHECK(gap == (rule == Rule::Freestyle ? LinePattern::Five : LinePattern::Overline));
      compareAll(three);
      compareAll(four);
      compareAll(closed);
      compareAll(df);
      compareAll(six);
    }
}

TEST_CASE("open twos and threes by their ways to grow") {
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(std::string(ruleName(rule)));
    // One black stone on f8 in open space: next to it a two that four points make an open
    // three (..XX..), one apart three points (.X.X.), two apart two points (X..X).
    Board one = lineBoard(rule, "X", 0, 5, 7);
    CHECK(one.pattern(makePoint(6, 7), Color::Black, 0) == LinePattern::Flex2Many);
    CHECK(one.pattern(makePoint(7, 7), Color::Black, 0) == LinePattern::Flex2Three);
    CHECK(one.pattern(makePoint(8, 7), Color::Black, 0) == LinePattern::Flex2);
    // Two on f8 g8: h8 makes ..XXX.. (two moves make a straight four), i8 makes XX.X (one).
    Board two = lineBoard(rule, "XX", 0, 5, 7);
    CHECK(two.pattern(makePoint(7, 7), Color::Black, 0) == LinePattern::Flex3Both);
    CHECK(two.pattern(makePoint(8, 7), Color::Black, 0) == LinePattern::Flex3);
    // Both are open threes to the threat classes.
    CHECK(two.threat(makePoint(7, 7), Color::Black) == Threat::Flex3);
    CHECK(two.threat(makePoint(8, 7), Color::Black) == Threat::Flex3);
    // A wall two cells off leaves one straight-four move: O.XX... at h8 is a plain open three.
    Board walled = lineBoard(rule, "O.XX", 0, 3, 7);
    CHECK(walled.pattern(makePoint(7, 7), Color::Black, 0) == LinePattern::Flex3);
    compareAll(one);
    compareAll(two);
    compareAll(walled);
  }
}

TEST_CASE("lines against the edge: the edge blocks like a stone") {
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    // "XXXX" from column a: only e8 completes a five; a straight four is impossible.
    Board edge = lineBoard(rule, "XXXX", 0, 0, 7);
    CHECK(edge.pattern(makePoint(4, 7), Color::Black, 0) == LinePattern::Five);
    CHECK(edge.threatCount(Color::Black, Threat::Five) == 1);
    // "XXX" from column a: d8 makes a four that the edge has already closed.
    Board edge3 = lineBoard(rule, "XXX", 0, 0, 7);
    CHECK(edge3.pattern(makePoint(3, 7), Color::Black, 0) == LinePattern::Block4);
    // Same in the corner, on the diagonal.
    Board corner = lineBoard(rule, "XXX", 2, 0, 0);
    CHECK(corner.pattern(makePoint(3, 3), Color::Black, 2) == LinePattern::Block4);
    // A cell 4 from the edge with 4 empty cells: a lone stone in a line of exactly 5 cells.
    Board five(5, rule);
    CHECK(five.pattern(makePoint(2, 2), Color::Black, 0) != LinePattern::Dead);
    CHECK(five.pattern(makePoint(0, 4), Color::Black, 1) != LinePattern::Dead);
    compareAll(edge);
    compareAll(edge3);
    compareAll(corner);
    compareAll(five);
  }
}

TEST_CASE("random positions: every cell, direction and color agrees with the reference") {
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    for (int size : {5, 8, 15, 22}) {
      CAPTURE(std::string(ruleName(rule)));
      CAPTURE(size);
      std::mt19937_64 rng(1000 + size * 3 + static_cast<int>(rule));
      for (int round = 0; round < 4; ++round) {
        Board board(size, rule);
        const int stones = size * size * (round + 1) / 8;
        for (int i = 0; i < stones; ++i) {
          Point p = makePoint(static_cast<int>(rng() % size), static_cast<int>(rng() % size));
          if (!board.isEmpty(p)) continue;
          board.place(p, rng() % 2 ? Color::Black : Color::White);
          if (i % 7 == 0) compareAll(board);
        }
        compareAll(board);
      }
    }
}

TEST_CASE("the window's outermost cells matter only as the color's own stone, and only for exact five") {
  // Board::placeOnLines relies on this: a stone 5 steps from a cell changes the cell's pattern
  // only for a color that must not make six, and only when the stone is of that color.
  for (Rule rule : {Rule::Standard, Rule::Renju, Rule::Freestyle}) {
    CAPTURE(std::string(ruleName(rule)));
    const PatternTables& tables = patternTables(rule);
    for (int color = 0; color < 2; ++color) {
      const Color c = Color(color);
      const uint32_t own = c == Color::Black ? kCodeBlack : kCodeWhite;
      const bool exact = !isWinningRun(rule, c, 6);
      int differences = 0;
      for (uint32_t inner = 0; inner < (1u << 16); ++inner) {
        // The 11-cell window, 2 bits a cell, centre (cell 5) empty; cells 1-4 and 6-9 from
        // `inner`, the outermost cells 0 and 10 set below.
        const uint32_t middle = ((inner & 0xFFu) << 2) | ((inner >> 8 & 0xFFu) << 12);
        LinePattern seen[2][4];
        for (uint32_t outer = 0; outer < 4; ++outer) {
          seen[0][outer] = tables.patterns(middle | outer)[color];
          seen[1][outer] = tables.patterns(middle | outer << 20)[color];
        }
        for (int side = 0; side < 2; ++side)
          for (uint32_t outer = 0; outer < 4; ++outer) {
            // Under exact five, any code that is not our stone must read as the empty cell.
            const uint32_t same = exact && outer == own ? own : kCodeEmpty;
            differences += seen[side][outer] != seen[side][same];
          }
      }
      CAPTURE(color);
      CHECK(differences == 0);
    }
  }
}

}  // namespace
}  // namespace gomoku
