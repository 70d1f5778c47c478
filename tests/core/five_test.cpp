// Five detection in all 4 directions everywhere on 5x5, 15x15 and 22x22 (edges and corners
// included), and the overline under each rule.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/board/rules.h"

namespace gomoku {
namespace {

constexpr Rule kRules[] = {Rule::Freestyle, Rule::Standard, Rule::Renju};

std::vector<Point> sorted(std::vector<Point> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST_CASE("five in every direction at every place, edges and corners included") {
  for (int size : {5, 15, 22}) {
    for (Rule rule : kRules) {
      Board board(size, rule);
      int lines = 0;
      for (int dir = 0; dir < kDirCount; ++dir) {
        const int dx = kDirDx[dir], dy = kDirDy[dir];
        for (int y0 = 0; y0 < size; ++y0)
          for (int x0 = 0; x0 < size; ++x0) {
            if (!onBoard(x0 + 4 * dx, y0 + 4 * dy, size)) continue;
            std::vector<Point> five;
            for (int k = 0; k < 5; ++k) five.push_back(makePoint(x0 + k * dx, y0 + k * dy));
            for (Color c : {Color::Black, Color::White}) {
              CAPTURE(size);
              CAPTURE(std::string(ruleName(rule)));
              CAPTURE(dir);
              CAPTURE(pointToText(five[0]));
              CAPTURE(std::string(colorName(c)));
              const int missing = (x0 + 2 * y0 + dir) % 5;  // which stone comes last
              for (int k = 0; k < 5; ++k) {
                if (k == missing) continue;
                board.place(five[k], c);
                REQUIRE_FALSE(board.lastMoveWon());
              }
              const Point last = five[missing];
              REQUIRE(board.pattern(last, c, dir) == LinePattern::Five);
              REQUIRE(board.threat(last, c) == Threat::Five);
              REQUIRE(board.patternCounts(c)[int(LinePattern::Five)] >= 1);
              REQUIRE(board.threatCount(c, Threat::Five) >= 1);
              if (c == Color::Black) REQUIRE(forbiddenKind(board, last) == Forbid::None);
              board.place(last, c);
              REQUIRE(board.lastMoveWon());
              REQUIRE(sorted(winningLine(board, last)) == sorted(five));
              for (Point p : five) REQUIRE(sorted(winningLine(board, p)) == sorted(five));
              for (int k = 0; k < 5; ++k) board.undo();
              REQUIRE(board.stoneCount() == 0);
              REQUIRE(board.key() == 0);
              ++lines;
            }
          }
      }
      // (size-4) * (size * 2 + (size-4) * 2) lines, two colors.
      CHECK(lines == 2 * (size - 4) * (2 * size + 2 * (size - 4)));
    }
  }
}

TEST_CASE("five through a game at a corner of a 5x5 board") {
  Game game(5, Rule::Renju);
  // Black on the diagonal a1..e5, white on the second column.
  const Point black[] = {makePoint(0, 0), makePoint(1, 1), makePoint(2, 2), makePoint(3, 3),
                         makePoint(4, 4)};
  const Point white[] = {makePoint(1, 0), makePoint(2, 1), makePoint(3, 2), makePoint(4, 3)};
  for (int i = 0; i < 4; ++i) {
    REQUIRE_FALSE(game.play(black[i]).has_value());
    REQUIRE_FALSE(game.play(white[i]).has_value());
  }
  REQUIRE_FALSE(game.isOver());
  REQUIRE_FALSE(game.play(black[4]).has_value());
  CHECK(game.result() == GameResult::BlackWins);
  CHECK(sorted(game.winningLine()) == sorted(std::vector<Point>(black, black + 5)));
}

// Stones at c8 d8 e8 g8 h8 of one color; f8 joins them into six.
struct SixFixture {
  Board board;
  Point gap = makePoint(5, 7);
  SixFixture(Rule rule, Color c) : board(15, rule) {
    for (int x : {2, 3, 4, 6, 7}) board.place(makePoint(x, 7), c);
    board.setSideToMove(c);
  }
};

TEST_CASE("overline: freestyle wins, standard does not") {
  for (Color c : {Color::Black, Color::White}) {
    CAPTURE(std::string(colorName(c)));
    SixFixture free(Rule::Freestyle, c);
    CHECK(free.board.pattern(free.gap, c, 0) == LinePattern::Five);
    CHECK(free.board.threat(free.gap, c) == Threat::Five);
    free.board.place(free.gap, c);
    CHECK(free.board.lastMoveWon());
    CHECK(winningLine(free.board, free.gap).size() == 6);

    SixFixture standard(Rule::Standard, c);
    CHECK(standard.board.pattern(standard.gap, c, 0) == LinePattern::Overline);
    CHECK(standard.board.threat(standard.gap, c) != Threat::Five);
    CHECK(standard.board.threat(standard.gap, c) != Threat::Forbidden);
    CHECK(isLegal(standard.board, standard.gap, c));
    standard.board.place(standard.gap, c);
    CHECK_FALSE(standard.board.lastMoveWon());
    CHECK(winningLine(standard.board, standard.gap).empty());
  }
}

TEST_CASE("overline under renju: forbidden for black, a win for white") {
  SixFixture black(Rule::Renju, Color::Black);
  CHECK(black.board.pattern(black.gap, Color::Black, 0) == LinePattern::Overline);
  CHECK(black.board.threat(black.gap, Color::Black) == Threat::Forbidden);
  CHECK(forbiddenKind(black.board, black.gap) == Forbid::Overline);
  CHECK_FALSE(isLegal(black.board, black.gap, Color::Black));
  black.board.place(black.gap, Color::Black);  // the board itself allows it; it is no win
  CHECK_FALSE(black.board.lastMoveWon());
  CHECK(winningLine(black.board, black.gap).empty());

  SixFixture white(Rule::Renju, Color::White);
  CHECK(white.board.pattern(white.gap, Color::White, 0) == LinePattern::Five);
  CHECK(white.board.threat(white.gap, Color::White) == Threat::Five);
  CHECK(isLegal(white.board, white.gap, Color::White));
  white.board.place(white.gap, Color::White);
  CHECK(white.board.lastMoveWon());
  CHECK(winningLine(white.board, white.gap).size() == 6);

  // Through Game: black's six is refused, white's six wins.
  Game game(15, Rule::Renju);
  for (const char* m : {"c8", "c1", "d8", "d1", "e8", "e1", "g8", "g1", "h8", "h1", "a15"})
    REQUIRE_FALSE(game.play(*parsePointText(m, 15)).has_value());
  REQUIRE(game.sideToMove() == Color::White);
  REQUIRE_FALSE(game.play(*parsePointText("f1", 15)).has_value());
  CHECK(game.result() == GameResult::WhiteWins);
  CHECK(game.winningLine().size() == 6);
}

TEST_CASE("renju black: exactly five next to an overline point still wins") {
  // b8 c8 d8 e8 . g8: f8 would make six; a8 makes exactly five.
  Board board(15, Rule::Renju);
  for (int x : {1, 2, 3, 4, 6}) board.place(makePoint(x, 7), Color::Black);
  board.setSideToMove(Color::Black);
  CHECK(forbiddenKind(board, makePoint(5, 7)) == Forbid::Overline);
  CHECK(forbiddenKind(board, makePoint(0, 7)) == Forbid::None);
  CHECK(board.threat(makePoint(0, 7), Color::Black) == Threat::Five);
  board.place(makePoint(0, 7), Color::Black);
  CHECK(board.lastMoveWon());
}

}  // namespace
}  // namespace gomoku
