#include "core/search/threat.h"

#include <algorithm>
#include <cstdlib>

#include "core/search/movegen.h"

namespace gomoku {

namespace {
constexpr int kCacheBits = 16;
constexpr size_t kCacheSize = size_t(1) << kCacheBits;

// The attacker's threat moves: fours (VCF), or fours and open-three makers (VCT), strongest
// first, never a forbidden point; with `related` given, only those on its 4 lines within 4.
int threatMoves(Board& b, ThreatMode mode, MoveList& list, Point related) {
  ScoredMove* out = list.items.data();
  Color us = b.sideToMove();
  Threat minimum = mode == ThreatMode::Vcf ? Threat::Block4 : Threat::Flex3;
  // How many cells the scan must find: every threat point lies within 2 of one of our stones
  // (a four's window of five holds three more of them, an open three's window of four two
  // more), so inside the candidate area, and the scan can stop at the last one.
  int left = 0;
  for (int t = int(minimum); t <= int(Threat::OpenFour); ++t) left += b.threatCount(us, Threat(t));
  if (left == 0) return 0;
  int n = 0;
  for (int y = b.areaMinY(); y <= b.areaMaxY() && left > 0; ++y)
    for (int x = b.areaMinX(); x <= b.areaMaxX() && left > 0; ++x) {
      Point p = makePoint(x, y);
      if (!b.isCandidate(p)) continue;
      Threat t = b.threat(p, us);
      if (t < minimum || t == Threat::Five) continue;
      --left;
      if (related != kNullPoint) {
        int dx = std::abs(x - pointX(related)), dy = std::abs(y - pointY(related));
        if (!(dx == 0 || dy == 0 || dx == dy) || std::max(dx, dy) > 4) continue;
      }
      if (us == Color::Black && isForbiddenFast(b, p)) continue;
      out[n++] = {p, int(t) * 1000 + orderingScore(b, p) / 16};
    }
  std::sort(out, out + n, [](const ScoredMove& a, const ScoredMove& c) { return a.score > c.score; });
  list.count = n;
  return n;
}
}  // namespace

// The move list of one recursion level, taken from the solver's heap-allocated pool.
class ThreatSolver::FrameList {
 public:
  explicit FrameList(ThreatSolver& solver) : solver_(solver) {
    if (solver.level_ == solver.frames_.size()) solver.frames_.push_back(std::make_unique<MoveList>());
    list_ = solver.frames_[solver.level_++].get();
  }
  ~FrameList() { --solver_.level_; }
  FrameList(const FrameList&) = delete;
  FrameList& operator=(const FrameList&) = delete;
  MoveList& operator*() { return *list_; }

 private:
  ThreatSolver& solver_;
  MoveList* list_;
};

ThreatSolver::ThreatSolver() : cache_(kCacheSize, CacheEntry{}) {}

void ThreatSolver::clearCache() {
  std::fill(cache_.begin(), cache_.end(), CacheEntry{});
}

void ThreatSolver::setAbort(const std::atomic<bool>* stop,
                            std::chrono::steady_clock::time_point deadline) {
  stop_ = stop;
  deadline_ = deadline;
}

bool ThreatSolver::outOfBudget() {
  if (aborted_ || nodes_ > budget_) return true;
  // A countdown of its own: the defender counts nodes without coming here, so waiting for
  // "nodes_ is a multiple of 256" could skip the clock for the whole solve.
  if (--checkCountdown_ == 0) {
    checkCountdown_ = 256;
    bool late = deadline_ != std::chrono::steady_clock::time_point{} &&
                std::chrono::steady_clock::now() >= deadline_;
    aborted_ = late || (stop_ && stop_->load(std::memory_order_relaxed));
  }
  return aborted_;
}

bool ThreatSolver::cachedFail(uint64_t key, int depth) const {
  const CacheEntry e = cache_[key & (kCacheSize - 1)];
  return e.used && e.lock == key >> kCacheBits && !e.win && e.mode == unsigned(mode_) &&
         int(e.depth) >= depth && (!e.connectedFail || scope_ == ThreatScope::Connected);
}

bool ThreatSolver::cachedWin(uint64_t key, int depth) const {
  const CacheEntry e = cache_[key & (kCacheSize - 1)];
  return e.used && e.lock == key >> kCacheBits && e.win &&
         (e.mode == unsigned(mode_) || e.mode == unsigned(ThreatMode::Vcf)) &&
         int(e.depth) <= depth;
}

void ThreatSolver::remember(uint64_t key, int depth, bool win) {
  CacheEntry& e = cache_[key & (kCacheSize - 1)];
  e.lock = key >> kCacheBits;
  e.depth = uint64_t(std::clamp(depth, 0, 127));
  e.used = 1;
  e.mode = unsigned(mode_);
  e.win = win;
  e.connectedFail = !win && scope_ == ThreatScope::Connected;
}

bool ThreatSolver::solve(Board& b, ThreatMode mode, int maxThreats, uint64_t maxNodes,
                         std::vector<Point>* line, ThreatScope scope) {
  mode_ = mode;
  scope_ = scope;
  startStones_ = b.stoneCount();
  nodes_ = 0;
  budget_ = maxNodes;
  aborted_ = false;
  checkCountdown_ = 1;
  if (line) line->clear();
  // The solver never evaluates: its moves skip the evaluation sums (undone stones restore them).
  Board::EvalSumsPaused paused(b);
  return attacker(b, maxThreats, line);
}

// Attacker to move: win now, block the defender's four if it has one, or make a threat.
bool ThreatSolver::attacker(Board& b, int depth, std::vector<Point>* line) {
  ++nodes_;
  Color us = b.sideToMove(), them = opponent(us);
  Point p[2];
  if (fivePoints(b, us, p, 1)) {
    if (line) line->push_back(p[0]);
    return true;
  }
  int blocks = fivePoints(b, them, p, 2);
  if (blocks >= 2) return false;
  // The budget ends the search here, before the forced block too: a defender with several
  // fours can string them in any order, and a tree of only forced blocks and fives once ran a
  // VCT of 2 threats allowed 6,612 nodes past 7 million when the check came after the block.
  if (outOfBudget()) return false;
  if (blocks == 1) {  // forced: block, and the defender moves again
    if (us == Color::Black && isForbiddenFast(b, p[0])) return false;
    b.place(p[0]);
    bool win = defender(b, depth, line);
    b.undo();
    if (win && line) line->insert(line->begin(), p[0]);
    return win;
  }
  if (depth <= 0) return false;
  uint64_t key = b.key();
  if (cachedFail(key, depth)) return false;
  // A cached win has no line to give: it serves only the branches that build none.
  if (!line && cachedWin(key, depth)) return true;

  FrameList frame(*this);
  MoveList& moves = *frame;
  // Connected: the attacker's previous threat, two stones back (the defender's answer between).
  Point related = kNullPoint;
  if (scope_ == ThreatScope::Connected && b.stoneCount() >= startStones_ + 2)
    related = b.moves()[b.moves().size() - 2];
  int n = threatMoves(b, mode_, moves, related);
  for (int i = 0; i < n && !outOfBudget(); ++i) {
    b.place(moves.items[i].move);
    bool win = defender(b, depth - 1, line);
    b.undo();
    if (win) {
      if (line) line->insert(line->begin(), moves.items[i].move);
      remember(key, depth, true);
      return true;
    }
  }
  if (!outOfBudget()) remember(key, depth, false);
  return false;
}

// The defender has no answer (nothing stops the open three, or the only blocks of a four are
// forbidden to black). For the line, it still plays on - first on one of the attacker's
// open-four points, else anywhere it may - and the attacker's win goes on from there, so the
// line shows how the game really ends, with the five.
void ThreatSolver::appendDelayingLine(Board& b, int depth, std::vector<Point>* line) {
  Color defenderColor = b.sideToMove(), attackerColor = opponent(defenderColor);
  for (int pass = 0; pass < 2; ++pass)
    for (int y = b.areaMinY(); y <= b.areaMaxY(); ++y)
      for (int x = b.areaMinX(); x <= b.areaMaxX(); ++x) {
        Point p = makePoint(x, y);
        if (!b.isCandidate(p) || (pass == 0) != (b.threat(p, attackerColor) == Threat::OpenFour)) continue;
        if (defenderColor == Color::Black && isForbiddenFast(b, p)) continue;
        std::vector<Point> sub;
        b.place(p);
        bool win = attacker(b, depth + 1, &sub);  // the open four is one more threat
        b.undo();
        if (!win) continue;
        line->insert(line->begin(), sub.begin(), sub.end());
        line->insert(line->begin(), p);
        return;
      }
}

// Defender to move after a threat: every answer must lose for the threat to win.
bool ThreatSolver::defender(Board& b, int depth, std::vector<Point>* line) {
  ++nodes_;
  FrameList frame(*this);
  MoveList& list = *frame;
  NodeKind kind = generateMoves(b, list);
  if (kind == NodeKind::WinNow || kind == NodeKind::Normal) return false;
  if (kind == NodeKind::DefendThree && mode_ == ThreatMode::Vcf) return false;
  if (list.count == 0) {
    // No move stops the threat (or the only blocks are forbidden for black). For the line,
    // the defender still plays on (it blocks one end of the open four to come) and loses.
    if (line) appendDelayingLine(b, depth, line);
    return true;
  }
  list.sort();
  std::vector<Point> mainLine;
  for (int i = 0; i < list.count; ++i) {
    if (outOfBudget()) return false;  // not proved in budget: a fail
    std::vector<Point> sub;
    b.place(list.items[i].move);
    // Only the first answer's line is kept: the others are proved without building one.
    bool win = attacker(b, depth, line && i == 0 ? &sub : nullptr);
    b.undo();
    if (!win) return false;
    if (i == 0 && line) {
      mainLine.push_back(list.items[i].move);
      mainLine.insert(mainLine.end(), sub.begin(), sub.end());
    }
  }
  if (line) line->insert(line->begin(), mainLine.begin(), mainLine.end());
  return true;
}

}  // namespace gomoku
