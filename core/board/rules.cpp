#include "core/board/rules.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

namespace gomoku {

const char* forbidName(Forbid f) {
  switch (f) {
    case Forbid::DoubleThree: return "double three";
    case Forbid::DoubleFour: return "double four";
    case Forbid::Overline: return "overline";
    default: return "none";
  }
}

namespace {

// What black's 4 line patterns (packed as in CellInfo) say about a point: None, a forbidden
// kind, or DoubleThree when it makes two or more open threes and only the recursive check can
// tell (a five wins before anything else; then overline, then double four).
Forbid forbidByPatterns(uint16_t packed) {
  int fours = 0, threes = 0;
  bool overline = false;
  for (int dir = 0; dir < kDirCount; ++dir) {
    switch (packedPattern(packed, dir)) {
      case LinePattern::Five: return Forbid::None;
      case LinePattern::Overline: overline = true; break;
      case LinePattern::DoubleFourLine: fours += 2; break;
      case LinePattern::Flex4:
      case LinePattern::Block4: ++fours; break;
      case LinePattern::Flex3:
      case LinePattern::Flex3Both: ++threes; break;
      default: break;
    }
  }
  if (overline) return Forbid::Overline;
  if (fours >= 2) return Forbid::DoubleFour;
  return threes >= 2 ? Forbid::DoubleThree : Forbid::None;
}

// Calls f(e) for each empty point e within 4 of p on line dir (a three's straight-four points
// are among them) until f returns true; returns whether it did.
template <class F>
bool anyEmptyOnLine(const Board& board, Point p, int dir, F&& f) {
  const StepRange r = stepsOnBoard(pointX(p), pointY(p), dir, 4, board.size());
  const int step = kDirDx[dir] + kDirDy[dir] * kStride;
  for (int k = r.kMin; k <= r.kMax; ++k) {
    const Point e = static_cast<Point>(p + k * step);
    if (k != 0 && board.at(e) == Color::Empty && f(e)) return true;
  }
  return false;
}

// With black's stone already on p: can the three on line dir become a straight four by a
// black move that is itself allowed?
bool isRealThree(Board& board, Point p, int dir) {
  return anyEmptyOnLine(board, p, dir, [&](Point e) {
    return board.pattern(e, Color::Black, dir) == LinePattern::Flex4 &&
           forbiddenKind(board, e) == Forbid::None;
  });
}

// isRealThree without the stone on p: the four points' patterns as they would be with it
// (Board::patternsWithStone - only their line through p changes). Decides unless a four
// point that might be allowed is itself a double three, whose check needs the stone placed:
// then nullopt.
std::optional<bool> isRealThreeUnplaced(const Board& board, Point p, int dir) {
  bool undecided = false;
  const bool real = anyEmptyOnLine(board, p, dir, [&](Point e) {
    const uint16_t packed = board.patternsWithStone(e, Color::Black, p, Color::Black).packed;
    if (packedPattern(packed, dir) != LinePattern::Flex4) return false;
    const Forbid f = forbidByPatterns(packed);
    undecided |= f == Forbid::DoubleThree;
    return f == Forbid::None;
  });
  if (real) return true;
  if (undecided) return std::nullopt;
  return false;
}

}  // namespace

Forbid forbiddenKind(Board& board, Point p) {
  if (board.rule() != Rule::Renju || !board.isEmpty(p)) return Forbid::None;
  const CellInfo& info = board.cell(p);
  const Forbid byPatterns = forbidByPatterns(info.packed[index(Color::Black)]);
  if (byPatterns != Forbid::DoubleThree) return byPatterns;

  // Only a double three needs the recursive check below (thousands of instructions a point,
  // as each three's four points are checked in turn), and the same point of the same position
  // is asked about again and again: by the move generator, the evaluation and the open-four
  // test at one node, and by every iteration of the deepening. So its answers are kept, per
  // thread, one word an entry: the position's key mixed with the point and the board size,
  // the answer in the lowest bit. (Only a memo: it never changes an answer.) On the heap,
  // made at a thread's first question: a 128 KiB thread_local array would be static TLS, which
  // glibc carves out of every thread's stack - a 512 KiB engine thread's too.
  constexpr int kMemoBits = 14;
  using Memo = std::array<uint64_t, size_t(1) << kMemoBits>;
  thread_local std::unique_ptr<Memo> memo;
  if (!memo) memo = std::make_unique<Memo>();  // zeroed: no entry matches a tag (its low bit is 1)
  const uint64_t tag = (board.key() ^ ((uint64_t(p) << 8 | uint64_t(board.size())) *
                                       0x9E3779B97F4A7C15ull)) | 1;
  uint64_t& entry = (*memo)[(tag >> 1) & ((size_t(1) << kMemoBits) - 1)];
  if ((entry | 1) == tag) return (entry & 1) ? Forbid::DoubleThree : Forbid::None;

  uint16_t threeDirs = 0;
  for (int dir = 0; dir < kDirCount; ++dir)
    if (isOpenThree(info.pattern(Color::Black, dir))) threeDirs |= 1u << dir;
  // Most threes are decided without the stone on the board, the rest with it. (Placing it
  // refreshes 4 lines of cells for both colours: most of the check's cost, and 4.6 % of the
  // search's instructions on the bench's renju position 9.)
  int realThrees = 0;
  uint16_t undecided = 0;
  for (int dir = 0; dir < kDirCount && realThrees < 2; ++dir) {
    if (!(threeDirs >> dir & 1)) continue;
    const std::optional<bool> real = isRealThreeUnplaced(board, p, dir);
    if (!real) undecided |= 1u << dir;
    realThrees += real.value_or(false);
  }
  if (undecided && realThrees < 2) {
    Color side = board.sideToMove();
    {
      // The trial stone is never evaluated: it skips the evaluation sums (undo restores them).
      Board::EvalSumsPaused paused(board);
      board.place(p, Color::Black);
      for (int dir = 0; dir < kDirCount && realThrees < 2; ++dir)
        if ((undecided >> dir & 1) && isRealThree(board, p, dir)) ++realThrees;
      board.undo();
    }
    board.setSideToMove(side);
  }
  entry = (tag & ~uint64_t(1)) | uint64_t(realThrees >= 2);
  return realThrees >= 2 ? Forbid::DoubleThree : Forbid::None;
}

std::vector<Point> forbiddenPoints(Board& board) {
  std::vector<Point> result;
  if (board.rule() != Rule::Renju) return result;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      Point p = makePoint(x, y);
      if (board.at(p) == Color::Empty && forbiddenKind(board, p) != Forbid::None)
        result.push_back(p);
    }
  return result;
}

bool isLegal(Board& board, Point p, Color c) {
  if (!board.isEmpty(p)) return false;
  return c != Color::Black || forbiddenKind(board, p) == Forbid::None;
}

bool sideToMoveCanPlay(Board& board) {
  if (board.full()) return false;
  if (board.rule() != Rule::Renju || board.sideToMove() != Color::Black) return true;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x)
      if (isLegal(board, makePoint(x, y), Color::Black)) return true;
  return false;
}

std::vector<Point> winningLine(const Board& board, Point p) {
  std::vector<Point> line;
  if (!board.contains(p)) return line;
  Color c = board.at(p);
  if (c != Color::Black && c != Color::White) return line;
  int x = pointX(p), y = pointY(p);
  for (int dir = 0; dir < kDirCount; ++dir) {
    int dx = kDirDx[dir], dy = kDirDy[dir];
    int back = 0, fwd = 0;
    while (onBoard(x - (back + 1) * dx, y - (back + 1) * dy, board.size()) &&
           board.at(makePoint(x - (back + 1) * dx, y - (back + 1) * dy)) == c)
      ++back;
    while (onBoard(x + (fwd + 1) * dx, y + (fwd + 1) * dy, board.size()) &&
           board.at(makePoint(x + (fwd + 1) * dx, y + (fwd + 1) * dy)) == c)
      ++fwd;
    if (isWinningRun(board.rule(), c, back + fwd + 1)) {
      for (int k = -back; k <= fwd; ++k) line.push_back(makePoint(x + k * dx, y + k * dy));
      return line;
    }
  }
  return line;
}

}  // namespace gomoku
