#include "core/board/board.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <iterator>

namespace gomoku {

namespace {

struct ZobristTable {
  uint64_t stone[2][kPointCount];
  uint64_t side;
};

// Fixed seed: keys (and so node counts at a fixed depth) are the same on every run.
const ZobristTable& zobrist() {
  static const ZobristTable table = [] {
    ZobristTable t{};
    uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state] {  // splitmix64
      uint64_t z = (state += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& colorKeys : t.stone)
      for (auto& k : colorKeys) k = next();
    t.side = next();
    return t;
  }();
  return table;
}

constexpr uint64_t codeOf(Color c) { return c == Color::Black ? kCodeBlack : kCodeWhite; }

// Position of (x, y) along its line in direction dir: x for every direction but vertical.
constexpr int linePos(int dir, int x, int y) { return dir == 1 ? y : x; }

}  // namespace

uint64_t Board::stoneKey(Color c, Point p) { return zobrist().stone[index(c)][p]; }
uint64_t Board::sideKey() { return zobrist().side; }

Board::Board(int size, Rule rule) { reset(size, rule); }

void Board::reset(int size, Rule rule) {
  size_ = std::clamp(size, kMinSize, kMaxSize);
  rule_ = rule;
  tables_ = &patternTables(rule);
  values_ = &packedCellValues(rule);
  side_ = Color::Black;
  key_ = 0;
  history_.clear();
  moveList_.clear();
  deltas_.clear();
  fiveHint_[0] = fiveHint_[1] = kNullPoint;
  stones_.fill(Color::Wall);
  occupied_.fill(0);
  rowMask_ = (uint32_t(1) << size_) - 1;
  for (auto& dirLines : lines_) dirLines.fill(~0ull);
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      stones_[makePoint(x, y)] = Color::Empty;
      for (int dir = 0; dir < kDirCount; ++dir) setCode(dir, x, y, kCodeEmpty);
    }
  std::fill(&threatCount_[0][0], &threatCount_[0][0] + 2 * kThreatCount, 0);
  std::fill(&evalSum_[0][0], &evalSum_[0][0] + 4, 0);
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      Point p = makePoint(x, y);
      computeCell(p);
      countCell(p, +1);
    }
  int c = size_ / 2;
  area_ = {int8_t(c), int8_t(c), int8_t(c), int8_t(c)};
}

Board::Patterns Board::patternsWithStone(Point q, Color c, Point p, Color stone) const {
  const int dx = pointX(p) - pointX(q), dy = pointY(p) - pointY(q);
  // The line through both and p's step along it (kDirDx / kDirDy: the window's order).
  const int dir = dy == 0 ? 0 : dx == 0 ? 1 : dx == dy ? 2 : 3;
  const int k = dir == 1 ? dy : dx;
  assert(p != q && (dx == 0 || dy == 0 || dx == dy || dx == -dy) && std::abs(k) <= kHalfWindow &&
         "threatWithStone: p on a line through q, within a window's half-width");
  uint32_t window = windowAt(dir, pointX(q), pointY(q));
  const int shift = 2 * (kHalfWindow + k);
  window = (window & ~(3u << shift)) | (uint32_t(codeOf(stone)) << shift);
  const uint16_t pattern = uint16_t(tables_->patterns(window)[index(c)]);
  const uint16_t packed =
      uint16_t((cells_[q].packed[index(c)] & ~(0xFu << (4 * dir))) | (pattern << (4 * dir)));
  return {packed, tables_->combine(c, packed)};
}

void Board::setSideToMove(Color c) {
  if (c == side_) return;
  key_ ^= zobrist().side;
  side_ = c;
}

int Board::lineIndex(int dir, int x, int y, int size) {
  switch (dir) {
    case 0: return y;
    case 1: return x;
    case 2: return x - y + size - 1;
    default: return x + y;
  }
}

void Board::setCode(int dir, int x, int y, uint64_t code) {
  uint64_t& line = lines_[dir][lineIndex(dir, x, y, size_)];
  int shift = 2 * (linePos(dir, x, y) + kHalfWindow);
  line = (line & ~(3ull << shift)) | (code << shift);
}

uint32_t Board::windowAt(int dir, int x, int y) const {
  uint64_t line = lines_[dir][lineIndex(dir, x, y, size_)];
  return static_cast<uint32_t>(line >> (2 * linePos(dir, x, y))) & kWindowMask;
}

void Board::computeCell(Point p) {
  int x = pointX(p), y = pointY(p);
  CellInfo& info = cells_[p];
  info.packed[0] = info.packed[1] = 0;
  for (int dir = 0; dir < kDirCount; ++dir) {
    const auto& pats = tables_->patterns(windowAt(dir, x, y));
    info.packed[0] |= static_cast<uint16_t>(static_cast<int>(pats[0]) << (4 * dir));
    info.packed[1] |= static_cast<uint16_t>(static_cast<int>(pats[1]) << (4 * dir));
  }
  info.threat[0] = tables_->combine(Color::Black, info.packed[0]);
  info.threat[1] = tables_->combine(Color::White, info.packed[1]);
}

template <bool kTrackEval>
void Board::countCell(Point p, int sign) {
  const CellInfo& info = cells_[p];
  for (int c = 0; c < 2; ++c) {
    threatCount_[c][static_cast<int>(info.threat[c])] += sign;
    if (!kTrackEval) continue;
    const CellValue v = (*values_)[c][info.packed[c]];
    evalSum_[c][kMover] += sign * v.mover;
    evalSum_[c][kOther] += sign * v.other;
  }
}

std::array<int, kLinePatternCount> Board::patternCounts(Color c) const {
  std::array<int, kLinePatternCount> counts{};
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      Point q = makePoint(x, y);
      if (stones_[q] != Color::Empty) continue;
      for (int dir = 0; dir < kDirCount; ++dir) ++counts[int(cells_[q].pattern(c, dir))];
    }
  return counts;
}

// After the stone at (x, y) changed, recomputes direction dir of the empty cells within
// `reach` steps on that line: only their window on this line can have changed. The threat
// counts change only by the old and new threat class, the evaluation sums by the old and new
// pattern combination's values (unless paused: kTrackEval false).
// The hottest loop of the engine (about half of the search's instructions): the tables are
// read through locals and the sums kept in registers until the end, both colors written out.
// The direction is a template parameter: its shifts and steps are constants, which frees
// enough registers that the path of a cell whose patterns do not change (most cells) no
// longer reloads the line, the table or the shift from the stack (-6.8 % of the search's
// instructions on the bench).
template <bool kTrackEval, bool kCompact, int dir>
void Board::refreshLine(int x, int y, int reach, Delta& delta) {
  constexpr int shift = 4 * dir;
  const int pos = linePos(dir, x, y);
  // The steps k that stay on the board, worked out once instead of checked per cell.
  int kMin = std::max(-reach, -x), kMax = std::min(reach, size_ - 1 - x);
  if (dir == 1) kMin = std::max(-reach, -y), kMax = std::min(reach, size_ - 1 - y);
  if (dir == 2) kMin = std::max(kMin, -y), kMax = std::min(kMax, size_ - 1 - y);
  if (dir == 3) kMin = std::max(kMin, y - (size_ - 1)), kMax = std::min(kMax, y);
  // The line from the first cell's window on, shifted a cell further at each step.
  uint64_t line = lines_[dir][lineIndex(dir, x, y, size_)] >> (2 * (pos + kMin));
  constexpr int step = kDirDx[dir] + kDirDy[dir] * kStride;
  const int origin = makePoint(x, y);
  const std::array<LinePattern, 2>* patterns = tables_->line.data();
  const Threat* threats[2] = {tables_->threat[0].data(), tables_->threat[1].data()};
  const CellValue* values[2] = {(*values_)[0].data(), (*values_)[1].data()};
  int sums[2][2] = {};
  bool lostFive = false;
  SavedCell* saved = delta.cells + delta.cellCount;
  // One color's part of a changed cell.
  auto update = [&](int c, Point q, CellInfo& info, uint16_t old, uint16_t now) {
    if (kTrackEval) {
      const CellValue before = values[c][old], after = values[c][now];
      sums[c][kMover] += after.mover - before.mover;
      sums[c][kOther] += after.other - before.other;
    }
    const Threat was = info.threat[c], t = threats[c][now];
    if (t == was) return;
    lostFive |= was == Threat::Five;
    --threatCount_[c][int(was)];
    ++threatCount_[c][int(t)];
    info.threat[c] = t;
    if (t == Threat::Five) fiveHint_[c] = q;
  };
  // Both colors' packed patterns as one word, loaded and stored whole (memcpy): one shift, one
  // compare per cell. Which half is black's depends on the byte order.
  constexpr int kBlack = std::endian::native == std::endian::little ? 0 : 16, kWhite = 16 - kBlack;
  constexpr uint32_t keepBoth = ~((0xFu << shift) | (0xFu << (shift + 16)));
  // (k = 0 is the stone just placed: not empty, so skipped like any other stone.)
  for (int k = kMin; k <= kMax; ++k, line >>= 2) {
    if (line >> (2 * kHalfWindow) & 3) continue;  // the window's centre: a stone on q
    const Point q = static_cast<Point>(origin + k * step);
    const uint32_t window = static_cast<uint32_t>(line) & kWindowMask;
    const std::array<LinePattern, 2> pats =
        patterns[kCompact ? compactKey(window) : windowKey(window)];
    CellInfo& info = cells_[q];
    uint32_t oldBoth;
    std::memcpy(&oldBoth, info.packed, sizeof oldBoth);
    const uint32_t patsBoth = uint32_t(pats[0]) << kBlack | uint32_t(pats[1]) << kWhite;
    const uint32_t nowBoth = (oldBoth & keepBoth) | (patsBoth << shift);
    if (nowBoth == oldBoth) continue;
    assert(saved < std::end(delta.cells) && "refreshLine: undo record full");
    saved->point = q;
    std::memcpy(&saved->info, &info, sizeof info);
    ++saved;
    std::memcpy(info.packed, &nowBoth, sizeof nowBoth);
    const uint16_t old0 = uint16_t(oldBoth >> kBlack), old1 = uint16_t(oldBoth >> kWhite);
    const uint16_t now0 = uint16_t(nowBoth >> kBlack), now1 = uint16_t(nowBoth >> kWhite);
    if (now0 != old0) update(0, q, info, old0, now0);
    if (now1 != old1) update(1, q, info, old1, now1);
  }
  delta.cellCount = static_cast<int>(saved - delta.cells);
  delta.lostFive |= lostFive;
  if (kTrackEval)
    for (int c = 0; c < 2; ++c) {
      evalSum_[c][kMover] += sums[c][kMover];
      evalSum_[c][kOther] += sums[c][kOther];
    }
}

void Board::saveCounters(Counters& out) const {
  std::memcpy(out.threatCount, threatCount_, sizeof(threatCount_));
  std::memcpy(out.evalSum, evalSum_, sizeof(evalSum_));
  std::memcpy(out.fiveHint, fiveHint_, sizeof(fiveHint_));
}

void Board::restoreCounters(const Counters& in) {
  std::memcpy(threatCount_, in.threatCount, sizeof(threatCount_));
  std::memcpy(evalSum_, in.evalSum, sizeof(evalSum_));
  std::memcpy(fiveHint_, in.fiveHint, sizeof(fiveHint_));
}

void Board::updateArea(Point p) {
  int x = pointX(p), y = pointY(p);
  int x0 = std::max(0, x - kNearRadius), x1 = std::min(size_ - 1, x + kNearRadius);
  int y0 = std::max(0, y - kNearRadius), y1 = std::min(size_ - 1, y + kNearRadius);
  if (history_.size() == 1) {
    area_ = {int8_t(x0), int8_t(y0), int8_t(x1), int8_t(y1)};
    return;
  }
  area_.minX = std::min<int8_t>(area_.minX, x0);
  area_.minY = std::min<int8_t>(area_.minY, y0);
  area_.maxX = std::max<int8_t>(area_.maxX, x1);
  area_.maxY = std::max<int8_t>(area_.maxY, y1);
}

// The stone's own cell leaves the counts; its 4 lines take the stone and their cells are
// recomputed: those within 4 steps, and those 5 steps away when the stone's color wins only
// with exactly five. A cell's window reaches 5 steps, but its outermost cells matter only to
// a color that must not make six, and to it only as "own stone or not" (the pattern tests
// check this over the whole table): a stone 5 steps away changes nothing for the other color,
// nor for a color that wins with six. So freestyle (whose compact tables leave those cells
// out) and white under renju refresh 9 cells a line, not 11.
template <bool kTrackEval>
void Board::placeOnLines(Point p, Color c, Delta& delta) {
  countCell<kTrackEval>(p, -1);
  const int x = pointX(p), y = pointY(p);
  const bool compact = tables_->compact;
  const int reach = isWinningRun(rule_, c, 6) ? kHalfWindow - 1 : kHalfWindow;
  for (int dir = 0; dir < kDirCount; ++dir) setCode(dir, x, y, codeOf(c));
  if (compact) {
    refreshLine<kTrackEval, true, 0>(x, y, reach, delta);
    refreshLine<kTrackEval, true, 1>(x, y, reach, delta);
    refreshLine<kTrackEval, true, 2>(x, y, reach, delta);
    refreshLine<kTrackEval, true, 3>(x, y, reach, delta);
  } else {
    refreshLine<kTrackEval, false, 0>(x, y, reach, delta);
    refreshLine<kTrackEval, false, 1>(x, y, reach, delta);
    refreshLine<kTrackEval, false, 2>(x, y, reach, delta);
    refreshLine<kTrackEval, false, 3>(x, y, reach, delta);
  }
}

void Board::place(Point p) { place(p, side_); }

void Board::place(Point p, Color c) {
  assert(isEmpty(p) && "place(): the point must be empty and on the board");
  assert((c == Color::Black || c == Color::White) && "place(): a stone is black or white");
  history_.push_back({p, c, cells_[p].threat[index(c)] == Threat::Five, side_, area_});
  moveList_.push_back(p);
  if (deltas_.size() < history_.size()) deltas_.resize(history_.size());
  Delta& delta = deltas_[history_.size() - 1];
  saveCounters(delta.counters);
  delta.cellCount = 0;
  delta.lostFive = false;
  delta.cells[delta.cellCount++] = {p, cells_[p]};
  stones_[p] = c;
  occupied_[pointY(p) + kNearRadius] |= uint32_t(1) << pointX(p);
  if (evalSumsPaused_)
    placeOnLines<false>(p, c, delta);
  else
    placeOnLines<true>(p, c, delta);
  updateArea(p);
  key_ ^= zobrist().stone[index(c)][p];
  setSideToMove(opponent(c));
}

void Board::undo() {
  if (history_.empty()) return;
  assert(stones_[history_.back().point] == history_.back().color && "undo(): board and history agree");
  Undo u = history_.back();
  const Delta& delta = deltas_[history_.size() - 1];
  history_.pop_back();
  moveList_.pop_back();
  Point p = u.point;
  stones_[p] = Color::Empty;
  int x = pointX(p), y = pointY(p);
  occupied_[y + kNearRadius] &= ~(uint32_t(1) << x);
  for (int dir = 0; dir < kDirCount; ++dir) setCode(dir, x, y, kCodeEmpty);
  // Every cell place() changed, back to what it was (the stone's own cell first saved). The
  // five hints are not restored: like a recomputation, undo points them at the cells that
  // become five points again - which only a cell the move took a five point from can do, so
  // most undos skip the search for them (lostFive).
  Point hints[2] = {fiveHint_[0], fiveHint_[1]};
  for (int i = 1; delta.lostFive && i < delta.cellCount; ++i) {
    const SavedCell& saved = delta.cells[i];
    for (int c = 0; c < 2; ++c)
      if (saved.info.threat[c] == Threat::Five && cells_[saved.point].threat[c] != Threat::Five)
        hints[c] = saved.point;
  }
  for (int i = delta.cellCount - 1; i >= 0; --i) cells_[delta.cells[i].point] = delta.cells[i].info;
  restoreCounters(delta.counters);
  fiveHint_[0] = hints[0], fiveHint_[1] = hints[1];
  area_ = u.area;
  key_ ^= zobrist().stone[index(u.color)][p];
  setSideToMove(u.sideBefore);
}

}  // namespace gomoku
