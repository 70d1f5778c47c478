// Every case of tests/data/rules_renju.txt: forbidden points with their kind, the full
// forbidden set where Rapfi listed it, the five / must-block items and the full-board draw.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/game/game.h"
#include "core/board/rules.h"
#include "tests/support/testdata.h"

namespace gomoku {
namespace {

std::vector<Point> sorted(std::vector<Point> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::string listText(const std::vector<Point>& points) {
  std::string text;
  for (Point p : points) {
    if (!text.empty()) text += ',';
    text += pointToText(p);
  }
  return text.empty() ? "none" : text;
}

// "33" / "44" / "6" / "forbidden" / "none" against what the board says.
bool kindMatches(const std::string& expected, Forbid got) {
  if (expected == "33") return got == Forbid::DoubleThree;
  if (expected == "44") return got == Forbid::DoubleFour;
  if (expected == "6") return got == Forbid::Overline;
  if (expected == "forbidden") return got != Forbid::None;
  if (expected == "none") return got == Forbid::None;
  FAIL("unknown expected kind '" << expected << "'");
  return false;
}

std::vector<Point> fivePoints(const Board& board, Color c) {
  std::vector<Point> points;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      Point p = makePoint(x, y);
      if (board.isEmpty(p) && board.threat(p, c) == Threat::Five) points.push_back(p);
    }
  return points;
}

TEST_CASE("rules_renju.txt: forbidden points, five points and the full-board draw") {
  auto records = testdata::load("rules_renju.txt");
  REQUIRE_MESSAGE(records.size() == 34, "rules_renju.txt not found or changed in "
                                            << testdata::dataDir());
  int checked = 0, fullSets = 0, bestItems = 0, draws = 0;
  for (const auto& record : records) {
    const std::string id = record.get("id");
    CAPTURE(id);
    if (record.get("expect").rfind("draw", 0) == 0) {
      // Replay under every rule the record names: no five at any time, a draw at the end.
      auto moves = testdata::points(record.get("moves"), ',', testdata::size(record));
      REQUIRE(moves.has_value());
      for (Rule rule : testdata::rules(record)) {
        CAPTURE(std::string(ruleName(rule)));
        Game game(testdata::size(record), rule);
        for (size_t i = 0; i < moves->size(); ++i) {
          REQUIRE_FALSE(game.isOver());
          auto error = game.play((*moves)[i]);
          REQUIRE_MESSAGE(!error, "move " << i + 1 << ": " << error.value_or(""));
        }
        CHECK(game.ply() == testdata::size(record) * testdata::size(record));
        CHECK(game.result() == GameResult::Draw);
        CHECK(game.endReason() == EndReason::FullBoard);
        ++draws;
      }
      continue;
    }

    Board board;
    REQUIRE(testdata::setUp(record, board));
    REQUIRE(board.rule() == Rule::Renju);
    const Color side = board.sideToMove();
    const uint64_t key = board.key();

    // check=<point>:<kind>, and all_forbidden=<point>:<kind>,... (the complete list).
    std::vector<std::string> items = record.checks;
    for (const std::string& item : testdata::split(record.get("all_forbidden"), ','))
      items.push_back(item);
    for (const std::string& item : items) {
      CAPTURE(item);
      auto colon = item.find(':');
      REQUIRE(colon != std::string::npos);
      auto p = testdata::point(item.substr(0, colon), board.size());
      REQUIRE(p.has_value());
      const std::string expected = item.substr(colon + 1);
      if (side == Color::White) {
        // White has no forbidden points: "none" means white may play there.
        REQUIRE(expected == "none");
        CHECK(isLegal(board, *p, Color::White));
      } else {
        Forbid got = forbiddenKind(board, *p);
        CHECK_MESSAGE(kindMatches(expected, got), "got " << forbidName(got));
        CHECK(isLegal(board, *p, Color::Black) == (expected == "none"));
      }
      ++checked;
    }
    if (record.has("all_forbidden")) {
      std::vector<Point> expected;
      for (const std::string& item : testdata::split(record.get("all_forbidden"), ','))
        expected.push_back(*testdata::point(item.substr(0, item.find(':')), board.size()));
      std::vector<Point> got = forbiddenPoints(board);
      CHECK_MESSAGE(sorted(got) == sorted(expected), "got " << listText(sorted(got)));
    }
    if (record.has("rapfi_all_forbidden")) {
      std::string list = record.get("rapfi_all_forbidden");
      std::vector<Point> expected;
      if (list != "none") {
        auto points = testdata::points(list, ',', board.size());
        REQUIRE(points.has_value());
        expected = *points;
      }
      std::vector<Point> got = forbiddenPoints(board);
      CHECK_MESSAGE(sorted(got) == sorted(expected),
                    "expected " << listText(sorted(expected)) << ", got " << listText(sorted(got)));
      ++fullSets;
    }

    // best=: five points for the side to move, or the one block of the opponent's five.
    if (record.has("best")) {
      auto best = testdata::points(record.get("best"), '|', board.size());
      REQUIRE(best.has_value());
      if (record.get("type") == "must_block") {
        CHECK(sorted(fivePoints(board, opponent(side))) == sorted(*best));
        CHECK(fivePoints(board, side).empty());
      } else {
        std::vector<Point> fives = fivePoints(board, side);
        for (Point p : *best) {
          CAPTURE(pointToText(p));
          CHECK(std::find(fives.begin(), fives.end(), p) != fives.end());
          CHECK(isLegal(board, p, side));
          board.place(p, side);
          CHECK(board.lastMoveWon());
          board.undo();
        }
        if (record.get("type") == "exact_five") CHECK(sorted(fives) == sorted(*best));
      }
      for (Point p : *best) CHECK(isLegal(board, p, side));
      ++bestItems;
    }
    CHECK(board.key() == key);  // the forbidden checks used the board as scratch only
    CHECK(board.sideToMove() == side);
  }
  CHECK(checked == 33);  // 30 check= items + the 3 of all_forbidden=
  CHECK(fullSets == 28);
  CHECK(bestItems == 4);
  CHECK(draws == 2);
}

// The definition, the slow way: the stone on the board, each three's straight-four points
// checked in turn, recursively, with no memo and no shortcut.
Forbid forbiddenByDefinition(Board& board, Point p) {
  if (!board.isEmpty(p)) return Forbid::None;
  const CellInfo& info = board.cell(p);
  int fours = 0, threes = 0;
  bool overline = false;
  for (int dir = 0; dir < kDirCount; ++dir) {
    const LinePattern lp = info.pattern(Color::Black, dir);
    if (lp == LinePattern::Five) return Forbid::None;
    overline |= lp == LinePattern::Overline;
    fours += lp == LinePattern::DoubleFourLine ? 2 : lp == LinePattern::Flex4 || lp == LinePattern::Block4;
    threes += isOpenThree(lp);
  }
  if (overline) return Forbid::Overline;
  if (fours >= 2) return Forbid::DoubleFour;
  if (threes < 2) return Forbid::None;
  bool three[kDirCount];
  for (int dir = 0; dir < kDirCount; ++dir)
    three[dir] = isOpenThree(info.pattern(Color::Black, dir));
  const Color side = board.sideToMove();
  int realThrees = 0;
  board.place(p, Color::Black);
  for (int dir = 0; dir < kDirCount; ++dir) {
    if (!three[dir]) continue;
    bool real = false;
    for (int k = -4; k <= 4 && !real; ++k) {
      const int ex = pointX(p) + k * kDirDx[dir], ey = pointY(p) + k * kDirDy[dir];
      if (k == 0 || !onBoard(ex, ey, board.size())) continue;
      const Point e = makePoint(ex, ey);
      real = board.isEmpty(e) && board.pattern(e, Color::Black, dir) == LinePattern::Flex4 &&
             forbiddenByDefinition(board, e) == Forbid::None;
    }
    realThrees += real;
  }
  board.undo();
  board.setSideToMove(side);
  return realThrees >= 2 ? Forbid::DoubleThree : Forbid::None;
}

// forbiddenKind keeps its double-three answers in a per-thread memo (by position and point).
// The memo must never change an answer: every position of the file, and each with a white or a
// black stone added on each empty point of its area, asked in turn and again in the reverse
// order on this thread (so the memo serves most of the second pass, with the positions'
// answers mixed), must give what a fresh thread - an empty memo - says for each query alone.
TEST_CASE("renju: the forbidden-point memo never changes an answer") {
  auto records = testdata::load("rules_renju.txt");
  REQUIRE(records.size() == 34);
  struct Query {
    Board board;
    Point point;
  };
  std::vector<Query> queries;
  for (const auto& record : records) {
    if (record.get("expect").rfind("draw", 0) == 0) continue;
    Board board;
    REQUIRE(testdata::setUp(record, board));
    std::vector<Board> positions = {board};
    for (int y = board.areaMinY(); y <= board.areaMaxY(); ++y)
      for (int x = board.areaMinX(); x <= board.areaMaxX(); ++x) {
        const Point q = makePoint(x, y);
        if (!board.isCandidate(q)) continue;
        for (Color c : {Color::White, Color::Black}) {
          Board changed = board;
          changed.place(q, c);
          positions.push_back(changed);
        }
      }
    for (Board& position : positions)
      for (int y = position.areaMinY(); y <= position.areaMaxY(); ++y)
        for (int x = position.areaMinX(); x <= position.areaMaxX(); ++x) {
          const Point p = makePoint(x, y);
          const CellInfo& info = position.cell(p);
          int threes = 0;
          for (int dir = 0; dir < kDirCount; ++dir)
            threes += isOpenThree(info.pattern(Color::Black, dir));
          // Only these reach the recursive check, and so the memo.
          if (position.isEmpty(p) && threes >= 2) queries.push_back({position, p});
        }
  }
  REQUIRE(queries.size() > 100);
  std::vector<Forbid> fresh(queries.size());
  for (size_t i = 0; i < queries.size(); ++i)
    std::thread([&, i] { fresh[i] = forbiddenKind(queries[i].board, queries[i].point); }).join();
  const int doubleThrees = int(std::count(fresh.begin(), fresh.end(), Forbid::DoubleThree));
  CHECK(doubleThrees > 0);
  CHECK(doubleThrees < int(queries.size()));  // both answers among them
  int mismatches = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (size_t k = 0; k < queries.size(); ++k) {
      const size_t i = pass == 0 ? k : queries.size() - 1 - k;
      mismatches += forbiddenKind(queries[i].board, queries[i].point) != fresh[i];
    }
  CHECK(mismatches == 0);
}

TEST_CASE("renju: the double-three check agrees with the definition played out on the board") {
  // forbiddenKind decides most threes without its stone on the board (the straight-four
  // points' patterns as they would be with it); this compares it with the definition on every
  // point that makes two open threes, in the file's positions and in random renju games.
  std::vector<Board> positions;
  for (const auto& record : testdata::load("rules_renju.txt")) {
    if (record.get("expect").rfind("draw", 0) == 0) continue;
    Board board;
    REQUIRE(testdata::setUp(record, board));
    positions.push_back(board);
  }
  std::mt19937_64 rng(3505);
  for (int game = 0; game < 400; ++game) {
    Board board(15, Rule::Renju);
    board.place(makePoint(7, 7));
    // Stones near the middle, either colour, so that threes cross often.
    for (int move = 0; move < 30 && !board.lastMoveWon(); ++move) {
      const Point p = makePoint(4 + int(rng() % 7), 4 + int(rng() % 7));
      if (!board.isEmpty(p) || isForbidden(board, p)) continue;
      board.place(p, rng() % 3 ? board.sideToMove() : opponent(board.sideToMove()));
      if (move >= 10) positions.push_back(board);
    }
  }
  int doubleThrees = 0, checked = 0, mismatches = 0;
  for (Board& board : positions)
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x) {
        const Point p = makePoint(x, y);
        if (!board.isEmpty(p) || board.threat(p, Color::Black) == Threat::Forbidden) continue;
        int threes = 0;
        for (int dir = 0; dir < kDirCount; ++dir)
          threes += isOpenThree(board.pattern(p, Color::Black, dir));
        if (threes < 2) continue;
        const Forbid expected = forbiddenByDefinition(board, p);
        ++checked;
        doubleThrees += expected == Forbid::DoubleThree;
        mismatches += forbiddenKind(board, p) != expected;
      }
  MESSAGE("points making two open threes: " << checked << ", forbidden: " << doubleThrees);
  CHECK(doubleThrees > 50);
  CHECK(checked - doubleThrees > 50);  // both answers among them
  CHECK(mismatches == 0);
}

}  // namespace
}  // namespace gomoku
