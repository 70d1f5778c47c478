// The board: stones, side to move, Zobrist key, and for every cell its line patterns and
// threat class for both colors, kept up to date incrementally on place/undo (only the cells
// within 5 steps - 4 for a stone whose color may win with six - on the 4 lines through the
// move are recomputed). Also the candidate area (empty cells within 2 of a stone) and
// per-color counts of threats over the empty cells, and the sums of the evaluation's cell
// values over them, which the evaluation reads.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "core/eval/eval_tables.h"
#include "core/board/pattern.h"
#include "core/board/types.h"

namespace gomoku {

// Patterns of one cell: for each color the 4 directional patterns packed 4 bits each
// (direction d at bits 4d..4d+3), and the threat class they combine to.
// Aligned to a word: place() saves and undo() restores tens of these a move, one load and one
// store each.
struct alignas(8) CellInfo {
  uint16_t packed[2];  // [color]
  Threat threat[2];    // [color]

  LinePattern pattern(Color c, int dir) const { return packedPattern(packed[index(c)], dir); }
};

class Board {
 public:
  explicit Board(int size = kDefaultSize, Rule rule = Rule::Freestyle);

  void reset(int size, Rule rule);

  int size() const { return size_; }
  Rule rule() const { return rule_; }
  Color sideToMove() const { return side_; }
  void setSideToMove(Color c);  // for set-up positions whose stone counts say otherwise
  int stoneCount() const { return static_cast<int>(history_.size()); }
  int emptyCount() const { return size_ * size_ - stoneCount(); }
  bool full() const { return emptyCount() == 0; }
  uint64_t key() const { return key_; }
  Point lastMove() const { return history_.empty() ? kNullPoint : history_.back().point; }
  const std::vector<Point>& moves() const { return moveList_; }

  bool contains(Point p) const {
    return p != kNullPoint && pointX(p) < size_ && pointY(p) < size_;
  }
  Color at(Point p) const { return stones_[p]; }
  bool isEmpty(Point p) const { return contains(p) && stones_[p] == Color::Empty; }

  // Places a stone of the side to move (or of color c) on an empty point; the side to move
  // becomes the other color. The caller guarantees the point is empty and on the board.
  void place(Point p);
  void place(Point p, Color c);
  void undo();

  // True if the last stone placed made a winning line for its color under the rule.
  bool lastMoveWon() const { return !history_.empty() && history_.back().won; }

  const CellInfo& cell(Point p) const { return cells_[p]; }
  LinePattern pattern(Point p, Color c, int dir) const { return cells_[p].pattern(c, dir); }
  Threat threat(Point p, Color c) const { return cells_[p].threat[index(c)]; }
  // The threat class the empty point q would have for c if a stone of color `stone` stood on
  // the empty point p, which lies on one of q's lines within a window's half-width: that one
  // line's pattern recomputed, the board unchanged. (Under renju, black's forbidden points
  // need more than the lines through q: not for those.) patternsWithStone also gives the
  // patterns themselves, packed as in CellInfo.
  struct Patterns {
    uint16_t packed;
    Threat threat;
  };
  Patterns patternsWithStone(Point q, Color c, Point p, Color stone) const;
  Threat threatWithStone(Point q, Color c, Point p, Color stone) const {
    return patternsWithStone(q, c, p, stone).threat;
  }

  // Candidate area: empty cells within Chebyshev distance 2 of some stone. Row y of it as a
  // bit mask (bit x: the point (x, y)) is the stones of rows y-2..y+2 spread two columns
  // either way, less the row's own stones: the scans walk these bits (forEachCandidate)
  // instead of testing every cell of the area's box.
  uint32_t candidateRow(int y) const {
    const uint32_t* o = &occupied_[y + kNearRadius];
    uint32_t m = o[-2] | o[-1] | o[0] | o[1] | o[2];
    m |= m << 1 | m << 2 | m >> 1 | m >> 2;
    return m & ~o[0] & rowMask_;
  }
  bool isCandidate(Point p) const {
    return stones_[p] == Color::Empty && (candidateRow(pointY(p)) >> pointX(p) & 1);
  }
  // Calls f(p) for each point of the candidate area, row by row and x ascending, until f
  // returns false; returns false if it stopped early.
  template <class F>
  bool forEachCandidate(F&& f) const {
    for (int y = area_.minY; y <= area_.maxY; ++y)
      for (uint32_t row = candidateRow(y); row; row &= row - 1)
        if (!f(makePoint(std::countr_zero(row), y))) return false;
    return true;
  }
  // Bounding box of the candidate area (inclusive); empty board: the centre point only.
  int areaMinX() const { return area_.minX; }
  int areaMinY() const { return area_.minY; }
  int areaMaxX() const { return area_.maxX; }
  int areaMaxY() const { return area_.maxY; }

  // Counts over the empty cells (every cell, not just the candidate area). Threats are kept
  // incrementally (the search reads them at every node); line patterns are counted on demand,
  // all in one scan, because only the tuner and the tests ask.
  int threatCount(Color c, Threat t) const { return threatCount_[index(c)][static_cast<int>(t)]; }
  std::array<int, kLinePatternCount> patternCounts(Color c) const;

  // Sum over the empty cells of the evaluation's value of each cell's pattern combination for
  // color c as the side to move (kMover) or not (kOther); see eval_tables.h.
  int evalSum(Color c, int relation) const {
    assert(!evalSumsPaused_ && "evalSum(): the sums are paused (see pauseEvalSums)");
    return evalSum_[index(c)][relation];
  }

  // While paused, place() leaves the evaluation sums alone: undo() restores them from the
  // counters saved before the move anyway, so once every stone placed since the pause is taken
  // back they are exact again. For the threat solvers, which never evaluate and make most of
  // the moves: they skip two table lookups per changed cell and color (the bench's search ran
  // 5 % faster). Returns the previous setting, to restore.
  bool pauseEvalSums(bool paused) {
    bool was = evalSumsPaused_;
    evalSumsPaused_ = paused;
    return was;
  }

  // pauseEvalSums(true) for a scope, the previous setting restored at its end: for stones
  // that are taken back before anything is evaluated (trial stones, the threat solvers).
  class EvalSumsPaused {
   public:
    explicit EvalSumsPaused(Board& board) : board_(board), was_(board.pauseEvalSums(true)) {}
    ~EvalSumsPaused() { board_.pauseEvalSums(was_); }
    EvalSumsPaused(const EvalSumsPaused&) = delete;
    EvalSumsPaused& operator=(const EvalSumsPaused&) = delete;

   private:
    Board& board_;
    bool was_;
  };

  // The last cell that became a five point for c: a hint that spares a scan when c has a
  // single four (it may be stale: check that it is empty and still a five point).
  Point fiveHint(Color c) const { return fiveHint_[index(c)]; }

  // Zobrist key of a single stone (also used by tests and the TT).
  static uint64_t stoneKey(Color c, Point p);
  static uint64_t sideKey();

 private:
  struct Area {
    int8_t minX, minY, maxX, maxY;
  };
  struct Undo {
    Point point;
    Color color;
    bool won;
    Color sideBefore;
    Area area;
  };
  // What a place() changed besides the stone, so undo() restores it instead of recomputing:
  // the counters and sums as they were, and every cell whose patterns changed, in the order
  // they changed (undo restores them backwards, so a cell changed twice ends as it was).
  struct Counters {
    int threatCount[2][kThreatCount];
    int evalSum[2][2];
    Point fiveHint[2];
  };
  struct SavedCell {
    Point point;
    CellInfo info;
  };
  struct Delta {
    Counters counters;
    int cellCount;
    bool lostFive;  // some cell stopped being a five point (undo must look for new hints)
    SavedCell cells[kDirCount * 2 * kHalfWindow + 1];
  };

  static int lineIndex(int dir, int x, int y, int size);
  void setCode(int dir, int x, int y, uint64_t code);
  uint32_t windowAt(int dir, int x, int y) const;
  template <bool kTrackEval, bool kCompact, int dir>
  void refreshLine(int x, int y, int reach, Delta& delta);
  template <bool kTrackEval = true>
  void countCell(Point p, int sign);
  template <bool kTrackEval>
  void placeOnLines(Point p, Color c, Delta& delta);
  void computeCell(Point p);
  void updateArea(Point p);
  void saveCounters(Counters& out) const;
  void restoreCounters(const Counters& in);

  int size_ = kDefaultSize;
  Rule rule_ = Rule::Freestyle;
  const PatternTables* tables_ = nullptr;
  const PackedCellValues* values_ = nullptr;
  Color side_ = Color::Black;
  uint64_t key_ = 0;
  Area area_{};

  std::array<Color, kPointCount> stones_{};
  std::array<CellInfo, kPointCount> cells_{};
  static constexpr int kNearRadius = 2;  // the candidate area's reach
  // occupied_[y + kNearRadius]: the stones of row y as bits (bit x), with two empty rows of
  // padding either side; rowMask_ the board's columns. See candidateRow.
  std::array<uint32_t, kMaxSize + 2 * kNearRadius> occupied_{};
  uint32_t rowMask_ = 0;
  // lines_[dir][line]: 2 bits per cell, position p at bits 2*(p+5); walls outside the board.
  std::array<std::array<uint64_t, 2 * kMaxSize>, kDirCount> lines_{};
  int threatCount_[2][kThreatCount] = {};
  int evalSum_[2][2] = {};
  bool evalSumsPaused_ = false;
  Point fiveHint_[2] = {kNullPoint, kNullPoint};
  std::vector<Delta> deltas_;  // deltas_[i] undoes history_[i]; kept allocated for reuse
  std::vector<Undo> history_;
  std::vector<Point> moveList_;
};

}  // namespace gomoku
