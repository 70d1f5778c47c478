// The board's incremental state (Zobrist key, pattern codes, threat classes, candidate area,
// pattern and threat counts) after every place and undo equals a board built from scratch with
// the same stones, and undo restores exactly the state before the place.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/board/board.h"
#include "tests/support/board_compare.h"

namespace gomoku {
namespace {

using testsupport::boardDifference;
using testsupport::CompareOptions;
using testsupport::rebuild;

constexpr CompareOptions kExact{true, true};

// Walks a random game of `steps` place/undo operations (fixed seed), checking every step.
void randomWalk(int size, Rule rule, int steps, uint64_t seed) {
  CAPTURE(size);
  CAPTURE(std::string(ruleName(rule)));
  std::mt19937_64 rng(seed);
  Board board(size, rule);
  std::vector<Board> before;  // the board before each stone still on it
  int places = 0, undos = 0;
  for (int step = 0; step < steps; ++step) {
    CAPTURE(step);
    const bool undo = board.stoneCount() > 0 &&
                      (board.full() || rng() % 100 < (board.stoneCount() > size * size / 2 ? 45u : 25u));
    if (undo) {
      board.undo();
      ++undos;
      std::string diff = boardDifference(board, before.back(), kExact);
      REQUIRE_MESSAGE(diff.empty(), "undo did not restore the board: " << diff);
      before.pop_back();
    } else {
      // Mostly candidate points (as a search plays), sometimes anywhere; sometimes an explicit
      // color against the turn (set-up positions do that).
      std::vector<Point> pool;
      const bool anywhere = rng() % 4 == 0;
      for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
          Point p = makePoint(x, y);
          if (board.isEmpty(p) && (anywhere || board.isCandidate(p) || board.stoneCount() == 0))
            pool.push_back(p);
        }
      if (pool.empty())
        for (int y = 0; y < size; ++y)
          for (int x = 0; x < size; ++x)
            if (board.isEmpty(makePoint(x, y))) pool.push_back(makePoint(x, y));
      REQUIRE_FALSE(pool.empty());
      Point p = pool[rng() % pool.size()];
      before.push_back(board);
      if (rng() % 10 == 0)
        board.place(p, rng() % 2 ? Color::Black : Color::White);
      else
        board.place(p);
      ++places;
      REQUIRE(board.at(p) != Color::Empty);
      REQUIRE(board.lastMove() == p);
      REQUIRE(board.key() == (before.back().key() ^ Board::stoneKey(board.at(p), p) ^
                              (before.back().sideToMove() != board.sideToMove() ? Board::sideKey() : 0)));
    }
    // Against a board built from scratch, the stones placed in a shuffled order.
    std::vector<Point> order = board.moves();
    std::shuffle(order.begin(), order.end(), rng);
    Board fresh = rebuild(board, order);
    std::string diff = boardDifference(board, fresh);
    REQUIRE_MESSAGE(diff.empty(), "incremental board differs from a rebuilt one: " << diff);
  }
  CHECK(places > steps / 2);
  CHECK(undos > steps / 10);
  // Unwind everything: back to the empty board.
  while (board.stoneCount() > 0) {
    board.undo();
    REQUIRE(boardDifference(board, before.back(), kExact).empty());
    before.pop_back();
  }
  CHECK(boardDifference(board, Board(size, rule), kExact).empty());
}

TEST_CASE("random place/undo walks match boards built from scratch") {
  const Rule rules[] = {Rule::Freestyle, Rule::Standard, Rule::Renju};
  for (Rule rule : rules) {
    randomWalk(5, rule, 1500, 11 + static_cast<int>(rule));
    randomWalk(9, rule, 2000, 23 + static_cast<int>(rule));
    randomWalk(15, rule, 3000, 37 + static_cast<int>(rule));
    randomWalk(22, rule, 3000, 41 + static_cast<int>(rule));
  }
}

TEST_CASE("place then undo restores every field, from every position of a full game") {
  // Fill a 15x15 board in random order; at each stage try place+undo on every empty point.
  for (Rule rule : {Rule::Freestyle, Rule::Renju}) {
    CAPTURE(std::string(ruleName(rule)));
    std::mt19937_64 rng(7);
    std::vector<Point> all;
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 15; ++x) all.push_back(makePoint(x, y));
    std::shuffle(all.begin(), all.end(), rng);
    Board board(15, rule);
    for (size_t i = 0; i < all.size(); i += 1 + i / 40) {
      Board snapshot = board;
      for (Point p : all) {
        if (!board.isEmpty(p)) continue;
        board.place(p);
        board.undo();
      }
      std::string diff = boardDifference(board, snapshot, kExact);
      REQUIRE_MESSAGE(diff.empty(), "after place+undo at stage " << i << ": " << diff);
      for (size_t k = i; k < std::min(all.size(), i + 1 + i / 40); ++k) board.place(all[k]);
    }
    CHECK(board.full());
  }
}

TEST_CASE("paused evaluation sums: threats stay exact, and unwinding restores the sums") {
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(std::string(ruleName(rule)));
    std::mt19937_64 rng(91 + static_cast<int>(rule));
    Board board(15, rule);
    for (int i = 0; i < 12; ++i) {  // a middle game to start from
      std::vector<Point> pool;
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x)
          if (board.isCandidate(makePoint(x, y)) || board.stoneCount() == 0) pool.push_back(makePoint(x, y));
      board.place(pool[rng() % pool.size()]);
    }
    const Board snapshot = board;
    REQUIRE_FALSE(board.pauseEvalSums(true));
    for (int i = 0; i < 20; ++i) {
      std::vector<Point> pool;
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x)
          if (board.isCandidate(makePoint(x, y))) pool.push_back(makePoint(x, y));
      board.place(pool[rng() % pool.size()]);
      // The threats (what the solvers read) are kept while the sums are not.
      const Board fresh = rebuild(board, board.moves());
      for (Color c : {Color::Black, Color::White})
        for (int t = 0; t < kThreatCount; ++t)
          REQUIRE(board.threatCount(c, Threat(t)) == fresh.threatCount(c, Threat(t)));
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x) {
          const Point p = makePoint(x, y);
          if (!board.isEmpty(p)) continue;
          REQUIRE(board.cell(p).packed[0] == fresh.cell(p).packed[0]);
          REQUIRE(board.cell(p).packed[1] == fresh.cell(p).packed[1]);
        }
    }
    for (int i = 0; i < 20; ++i) board.undo();
    REQUIRE(board.pauseEvalSums(false));
    const std::string diff = boardDifference(board, snapshot, kExact);
    REQUIRE_MESSAGE(diff.empty(), "after unwinding a paused line: " << diff);
  }
}

TEST_CASE("candidate area: points within 2 of a stone, bounding box, empty-board centre") {
  Board board(15, Rule::Freestyle);
  CHECK(board.areaMinX() == 7);
  CHECK(board.areaMaxX() == 7);
  CHECK(board.areaMinY() == 7);
  CHECK(board.areaMaxY() == 7);
  board.place(makePoint(1, 13));
  CHECK(board.areaMinX() == 0);
  CHECK(board.areaMaxX() == 3);
  CHECK(board.areaMinY() == 11);
  CHECK(board.areaMaxY() == 14);
  board.place(makePoint(10, 4));
  CHECK(board.areaMinX() == 0);
  CHECK(board.areaMaxX() == 12);
  CHECK(board.areaMinY() == 2);
  CHECK(board.areaMaxY() == 14);
  for (int y = 0; y < 15; ++y)
    for (int x = 0; x < 15; ++x) {
      Point p = makePoint(x, y);
      bool near = (std::max(std::abs(x - 1), std::abs(y - 13)) <= 2) ||
                  (std::max(std::abs(x - 10), std::abs(y - 4)) <= 2);
      CHECK(board.isCandidate(p) == (near && board.isEmpty(p)));
    }
  board.undo();
  CHECK(board.areaMaxX() == 3);
  CHECK(board.areaMinY() == 11);
  board.undo();
  CHECK(board.areaMinX() == 7);
  CHECK(board.areaMaxY() == 7);
}

// The scans walk candidateRow's bits (and isCandidate reads them): every row's mask must hold
// exactly the empty points within distance 2 of a stone, counted out point by point, through
// random games on boards from 5x5 to 22x22 (stones on the edges spread past them, where the
// mask must cut) and back through undo.
TEST_CASE("candidate area: candidateRow's bits are the empty points within 2 of a stone") {
  uint64_t rng = 0x5DEECE66Dull;
  auto next = [&](uint64_t n) {
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (rng >> 33) % n;
  };
  auto rowsAgree = [](const Board& board) {
    const int n = board.size();
    for (int y = 0; y < n; ++y) {
      uint32_t expected = 0;
      for (int x = 0; x < n; ++x) {
        bool near = false;
        for (int dy = -2; dy <= 2; ++dy)
          for (int dx = -2; dx <= 2; ++dx)
            near |= x + dx >= 0 && x + dx < n && y + dy >= 0 && y + dy < n &&
                    board.at(makePoint(x + dx, y + dy)) != Color::Empty;
        if (near && board.isEmpty(makePoint(x, y))) expected |= uint32_t(1) << x;
      }
      if (board.candidateRow(y) != expected) return false;
    }
    return true;
  };
  for (int size : {5, 6, 15, 20, 22}) {
    Board board(size, Rule::Freestyle);
    CHECK(rowsAgree(board));
    for (int game = 0; game < 4; ++game) {
      int placed = 0;
      for (int i = 0; i < size * size / 2; ++i) {
        Point p = makePoint(int(next(size)), int(next(size)));
        if (!board.isEmpty(p)) continue;
        board.place(p);
        ++placed;
        REQUIRE(rowsAgree(board));
      }
      for (; placed > 0; --placed) {
        board.undo();
        REQUIRE(rowsAgree(board));
      }
    }
  }
}

}  // namespace
}  // namespace gomoku

namespace gomoku {

TEST_CASE("board: threatWithStone gives the threat class a stone on p would leave at q") {
  // Random positions in the three rules; every empty q and every empty p in line with it
  // within a window's half-width, both colors of stone: the prediction against the board with
  // the stone placed (black's classes under renju excepted: see threatWithStone).
  int compared = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(std::string(ruleName(rule)));
    std::mt19937_64 rng(404 + static_cast<int>(rule));
    for (int game = 0; game < 6; ++game) {
      Board board(15, rule);
      const int stones = 10 + static_cast<int>(rng() % 30);
      for (int i = 0; i < stones; ++i) {
        std::vector<Point> pool;
        for (Point p = 0; p < kPointCount; ++p)
          if (board.contains(p) && (board.stoneCount() == 0 || board.isCandidate(p)))
            pool.push_back(p);
        board.place(pool[rng() % pool.size()]);
        if (board.lastMoveWon()) break;
      }
      for (Point q = 0; q < kPointCount; ++q) {
        if (!board.isEmpty(q)) continue;
        for (int dir = 0; dir < kDirCount; ++dir)
          for (int k = -kHalfWindow; k <= kHalfWindow; ++k) {
            const int x = pointX(q) + k * kDirDx[dir], y = pointY(q) + k * kDirDy[dir];
            if (k == 0 || x < 0 || y < 0 || x >= board.size() || y >= board.size()) continue;
            const Point p = makePoint(x, y);
            if (!board.isEmpty(p)) continue;
            for (Color stone : {Color::Black, Color::White}) {
              Threat predicted[2] = {board.threatWithStone(q, Color::Black, p, stone),
                                     board.threatWithStone(q, Color::White, p, stone)};
              board.place(p, stone);
              for (Color c : {Color::Black, Color::White}) {
                if (rule == Rule::Renju && c == Color::Black) continue;
                CHECK(predicted[index(c)] == board.threat(q, c));
                ++compared;
              }
              board.undo();
            }
          }
      }
    }
  }
  CHECK(compared > 10000);
}

}  // namespace gomoku
