#include "core/search/threat.h"

#include <algorithm>
#include <cstdlib>

#include "core/search/movegen.h"

namespace gomoku {

namespace {
// (2^20 entries instead: `gomoku-bench solver` 62 of 83 and with `--wide 6` 68 of 83 as
// before, in about the same time - the table is not what the long proofs lack. Session 42.)
constexpr int kCacheBits = 16;
constexpr size_t kCacheSize = size_t(1) << kCacheBits;
constexpr uint64_t lockOf(uint64_t key) { return (key >> kCacheBits) & ((uint64_t(1) << 46) - 1); }
// The wide VCT's VCF probes: fours at most, and nodes at most a probe.
constexpr int kProbeFours = 12;
constexpr uint64_t kProbeNodes = 150;
// Quiet threats a wide VCT may use in one sequence (the cache's level field holds 1 + this):
// two fewer than its threats, from 1 up to 3, so the deepening on threats deepens on quiet
// threats too. (A flat 2 missed the wins that need three - quintet's renju bench_vct_white,
// k11 then the quiet n8, h6 and m5 on the way, 9 threats in 1.37 M nodes - and a flat 3
// found those but the shallower wins later: the fukumi move's 4 threats in 211k nodes
// instead of 171k; this way 165k. `gomoku-bench solver --wide 6`: 68 of 83 instead of 67 at
// 2 M nodes a position, 59 as before at 300k; `--wide 9 --nodes 8000000` 70 instead of 69.)
constexpr int kWideQuietThreats = 3;
constexpr int wideQuietThreats(int maxThreats) {
  return std::clamp(maxThreats - 2, 1, kWideQuietThreats);
}

// The attacker's threat moves: fours (VCF), or fours and open-three makers (VCT), strongest
// first, never a forbidden point; with `related` given, only those on its 4 lines within 4.
// (Session 50: the threats that won earlier in the same solve() ordered earlier in their
// class, with the defender's last refutation at a position tried first - the solver bench's
// wins in 24 % fewer nodes - scored 921-968-111 over 2,000 games at 0.05 s a move (-8.2 +/-
// 11.4 Elo by pairs) and 284-274-42 over 600 at 0.2 s (+5.8 +/- 18.6), and no puzzle more.
// Not kept; README.)
int threatMoves(Board& b, ThreatMode mode, MoveList& list, Point related) {
  ScoredMove* out = list.items.data();
  Color us = b.sideToMove();
  Threat minimum = mode == ThreatMode::Vcf ? Threat::Block4 : Threat::Flex3;  // Vct, VctWide
  // How many cells the scan must find: every threat point lies within 2 of one of our stones
  // (a four's window of five holds three more of them, an open three's window of four two
  // more), so inside the candidate area, and the scan can stop at the last one.
  int left = 0;
  for (int t = int(minimum); t <= int(Threat::OpenFour); ++t) left += b.threatCount(us, Threat(t));
  if (left == 0) return 0;
  int n = 0;
  auto consider = [&](Point p) {
    const Threat t = b.threat(p, us);
    if (t < minimum || t == Threat::Five) return;
    if (us == Color::Black && isForbiddenFast(b, p)) return;
    out[n++] = {p, int(t) * 1000 + orderingScore(b, p) / 16};
  };
  if (related != kNullPoint) {
    // Only the cells on the 4 lines through `related`, within 4 of it: 32 at most instead of
    // the whole area. Put back in the scan's order (row by row: ascending points) before the
    // sort by score, which then sees the same sequence as after a full scan: the same tree.
    for (int dir = 0; dir < kDirCount; ++dir) {
      const StepRange r = stepsOnBoard(pointX(related), pointY(related), dir, 4, b.size());
      const int step = kDirDx[dir] + kDirDy[dir] * kStride;
      for (int k = r.kMin; k <= r.kMax; ++k) {
        const Point p = static_cast<Point>(related + k * step);
        // (Any empty point will do: one that makes a three or a four is next to our stones.)
        if (k != 0 && b.at(p) == Color::Empty) consider(p);
      }
    }
    std::sort(out, out + n, [](const ScoredMove& a, const ScoredMove& c) { return a.move < c.move; });
  } else {
    b.forEachCandidate([&](Point p) {
      const Threat t = b.threat(p, us);
      if (t < minimum || t == Threat::Five) return true;
      consider(p);
      return --left > 0;
    });
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

ThreatSolver::~ThreatSolver() = default;

void ThreatSolver::clearCache() {
  std::fill(cache_.begin(), cache_.end(), CacheEntry{});
  if (probe_) probe_->clearCache();
}

void ThreatSolver::setAbort(const std::atomic<bool>* stop,
                            std::chrono::steady_clock::time_point deadline) {
  stop_ = stop;
  deadline_ = deadline;
  if (probe_) probe_->setAbort(stop, deadline);
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

int ThreatSolver::level() const { return mode_ == ThreatMode::Vcf ? 0 : 1 + quietLeft_; }

bool ThreatSolver::cachedFail(uint64_t key, int depth) const {
  const CacheEntry e = cache_[key & (kCacheSize - 1)];
  // (A VCT's fail would do for a VCF too, but leaving the VCF's fails to itself keeps the
  // search's tree as it was.)
  return e.used && e.lock == lockOf(key) && !e.win && int(e.level) >= level() &&
         (e.level == 0) == (level() == 0) &&
         int(e.depth) >= depth && (!e.connectedFail || scope_ == ThreatScope::Connected);
}

bool ThreatSolver::cachedWin(uint64_t key, int depth) const {
  const CacheEntry e = cache_[key & (kCacheSize - 1)];
  return e.used && e.lock == lockOf(key) && e.win && int(e.level) <= level() &&
         int(e.depth) <= depth;
}

void ThreatSolver::remember(uint64_t key, int depth, bool win) {
  CacheEntry& e = cache_[key & (kCacheSize - 1)];
  e.lock = lockOf(key);
  e.depth = uint64_t(std::clamp(depth, 0, 127));
  e.used = 1;
  e.level = unsigned(level());
  e.win = win;
  e.connectedFail = !win && scope_ == ThreatScope::Connected;
}

bool ThreatSolver::solve(Board& b, ThreatMode mode, int maxThreats, uint64_t maxNodes,
                         std::vector<Point>* line, ThreatScope scope) {
  mode_ = mode;
  quietLeft_ = mode == ThreatMode::VctWide ? wideQuietThreats(maxThreats) : 0;
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
  if (quietLeft_ > 0 && !outOfBudget() && quietThreats(b, depth, line)) {
    remember(key, depth, true);
    return true;
  }
  if (!outOfBudget()) remember(key, depth, false);
  return false;
}

// The wide VCT's quiet threats: a move of the attacker's short of an open three (an open two,
// a closed three, two of those) that threatens a VCF, tried after its fours and threes. At
// most kWideQuietThreats in a sequence (the cache tells the searches with fewer left apart:
// level()).
bool ThreatSolver::quietThreats(Board& b, int depth, std::vector<Point>* line) {
  FrameList frame(*this);
  MoveList& moves = *frame;
  moves.count = 0;
  const Color us = b.sideToMove();
  b.forEachCandidate([&](Point p) {
    const Threat t = b.threat(p, us);
    if (t >= Threat::Flex2 && t < Threat::Flex3 && !(us == Color::Black && isForbiddenFast(b, p)))
      moves.add(p, orderingScore(b, p));
    return true;
  });
  moves.sort();
  FrameList answersFrame(*this);
  MoveList& answers = *answersFrame;
  --quietLeft_;
  bool win = false;
  for (int i = 0; i < moves.count && !win && !outOfBudget(); ++i) {
    b.place(moves.items[i].move);
    // Below an open three: no four or open three of ours to answer, so `answers` is the
    // defender's every move (or its five, which wins).
    win = generateMoves(b, answers) == NodeKind::Normal && defendVcfThreat(b, depth - 1, answers, line);
    b.undo();
    if (win && line) line->insert(line->begin(), moves.items[i].move);
  }
  ++quietLeft_;
  return win;
}

// Does the side to move win by fours? A probe with a small budget of its own: a fail may only
// mean "not found", which the callers treat as "no threat" (never as a win).
bool ThreatSolver::vcfNow(Board& b, std::vector<Point>* line, ThreatScope scope) {
  if (!probe_) {
    probe_ = std::make_unique<ThreatSolver>();
    probe_->setAbort(stop_, deadline_);
  }
  const uint64_t left = budget_ > nodes_ ? budget_ - nodes_ : 0;
  const bool win =
      probe_->solve(b, ThreatMode::Vcf, kProbeFours, std::min(left, kProbeNodes), line, scope);
  nodes_ += probe_->nodes();
  return win;
}

// Would the attacker win by fours if the defender (to move) passed? The win's line, if given.
bool ThreatSolver::vcfAfterPass(Board& b, std::vector<Point>* line) {
  const Color defenderColor = b.sideToMove();
  b.setSideToMove(opponent(defenderColor));
  const bool win = vcfNow(b, line, ThreatScope::Connected);
  b.setSideToMove(defenderColor);
  return win;
}

// Does the attacker (to move) still win by playing `line`, a VCF found before the defender's
// last stone? Each four must still be a four whose one block is the line's next move, with no
// five of the defender's in between, until a five or two five points. A cheap test: most of
// the defender's answers to a quiet threat leave its VCF as it was. The line as it ran, to
// the five, goes to `played` (if given).
bool ThreatSolver::replayWins(Board& b, const std::vector<Point>& line, std::vector<Point>* played) {
  const Color us = b.sideToMove(), them = opponent(us);
  const size_t before = played ? played->size() : 0;
  size_t placed = 0;
  bool win = false;
  auto play = [&](Point p) {
    b.place(p);
    ++placed;
    if (played) played->push_back(p);
  };
  for (size_t i = 0; i < line.size(); i += 2) {
    const Point four = line[i];
    if (!b.isEmpty(four) || b.threatCount(them, Threat::Five) > 0) break;
    if (b.threat(four, us) == Threat::Five) {
      if (played) played->push_back(four);
      win = true;
      break;
    }
    if (b.threat(four, us) < Threat::Block4 || (us == Color::Black && isForbiddenFast(b, four))) break;
    play(four);
    Point fives[2];
    const int n = fivePoints(b, us, fives, 2);
    if (n >= 2) {  // two five points: the block of one leaves the other
      if (played) played->insert(played->end(), {fives[0], fives[1]});
      win = true;
      break;
    }
    if (n != 1 || i + 1 >= line.size() || fives[0] != line[i + 1]) break;
    if (them == Color::Black && isForbiddenFast(b, fives[0])) break;  // the line's end is no five
    play(fives[0]);
  }
  for (; placed > 0; --placed) b.undo();
  if (!win && played) played->resize(before);
  return win;
}

// Every answer in `answers`, played in turn, loses: `loses(sub)` says so with the answer on the
// board (and the attacker to move). With a line asked for, the first answer's line is built,
// or with longest lines (setLongestLines) each answer's and the longest kept. A proof cut by
// the budget is a fail.
template <class Loses>
bool ThreatSolver::everyAnswerLoses(Board& b, MoveList& answers, std::vector<Point>* line,
                                    Loses loses) {
  answers.sort();
  std::vector<Point> mainLine, sub;
  for (int i = 0; i < answers.count; ++i) {
    if (outOfBudget()) return false;
    sub.clear();
    b.place(answers.items[i].move);
    const bool lost = loses(line && (i == 0 || longestLines_) ? &sub : nullptr);
    b.undo();
    if (!lost) return false;
    if (line && (i == 0 || sub.size() + 1 > mainLine.size())) {
      mainLine.assign(1, answers.items[i].move);
      mainLine.insert(mainLine.end(), sub.begin(), sub.end());
    }
  }
  if (line) line->insert(line->begin(), mainLine.begin(), mainLine.end());
  return true;
}

// The defender against a VCF threat: every answer must leave the attacker a VCF (the same one
// replayed, or another), or else a (wide) VCT with the threats left.
bool ThreatSolver::defendVcfThreat(Board& b, int depth, MoveList& answers, std::vector<Point>* line) {
  std::vector<Point> threatLine;
  if (answers.count == 0 || !vcfAfterPass(b, &threatLine)) return false;
  return everyAnswerLoses(b, answers, line, [&](std::vector<Point>* sub) {
    ++nodes_;
    return replayWins(b, threatLine, sub) || vcfNow(b, sub) || attacker(b, depth, sub);
  });
}

// The defender has no answer (nothing stops the open three, or the only blocks of a four are
// forbidden to black). For the line, it still plays on - first on one of the attacker's
// open-four points, else anywhere it may - and the attacker's win goes on from there, so the
// line shows how the game really ends, with the five.
void ThreatSolver::appendDelayingLine(Board& b, int depth, std::vector<Point>* line) {
  Color defenderColor = b.sideToMove(), attackerColor = opponent(defenderColor);
  for (int pass = 0; pass < 2; ++pass) {
    const bool ended = !b.forEachCandidate([&](Point p) {
      if ((pass == 0) != (b.threat(p, attackerColor) == Threat::OpenFour)) return true;
      if (defenderColor == Color::Black && isForbiddenFast(b, p)) return true;
      if (outOfBudget()) return false;  // (each attacker() below counts a node before it checks)
      std::vector<Point> sub;
      b.place(p);
      bool win = attacker(b, depth + 1, &sub);  // the open four is one more threat
      b.undo();
      if (!win) return true;
      line->insert(line->begin(), sub.begin(), sub.end());
      line->insert(line->begin(), p);
      return false;
    });
    if (ended) return;
  }
}

// Defender to move after a threat: every answer must lose for the threat to win.
bool ThreatSolver::defender(Board& b, int depth, std::vector<Point>* line) {
  ++nodes_;
  FrameList frame(*this);
  MoveList& list = *frame;
  NodeKind kind = generateMoves(b, list);
  if (kind == NodeKind::WinNow) return false;
  // No four and no open three to answer. In a wide VCT a quiet threat may still stand (the
  // defender's four and its block came between): its VCF is to be answered, if there is one.
  // (Session 41: the same in the plain VCT where the attacker's last move was the forced block
  // of a counter-four - a four that also closed the three, the block leaving a VCF threat.
  // After deepdef35's f9 it proves the opponent's f8 with 4 threats in 16k nodes, which the
  // plain VCT never finds and the wide VCT finds only at 4 threats, after 4 M nodes of plain
  // VCT; `gomoku-bench solver` 62 of 83 either way, 5 % more nodes. In games, the same binary
  // with and without, 361-375-64 over 800 games at 0.05 s a move, -6.1 +/- 23.1 Elo (srand
  // 4105). Not kept.)
  if (kind == NodeKind::Normal)
    return mode_ == ThreatMode::VctWide && defendVcfThreat(b, depth, list, line);
  if (kind == NodeKind::DefendThree && mode_ == ThreatMode::Vcf) return false;
  if (list.count == 0) {
    // No move stops the threat (or the only blocks are forbidden for black). For the line,
    // the defender still plays on (it blocks one end of the open four to come) and loses.
    if (line) appendDelayingLine(b, depth, line);
    return true;
  }
  // In a VCT each four spends one of the threats left, so a win that ends with a long VCF after
  // the defender's answer (after a quiet threat, or a counter-four and its block, only a few
  // are left) would be out of reach: the VCF probe that answers a quiet threat's defences
  // (defendVcfThreat) looks for it here too. (A freestyle puzzle's win, g7 then the quiet d11,
  // needs VCFs of up to 7 fours after the defender's counter-fours: found with 4 threats.)
  const bool probeVcf = mode_ != ThreatMode::Vcf;
  return everyAnswerLoses(b, list, line, [&](std::vector<Point>* sub) {
    return attacker(b, depth, sub) || (probeVcf && vcfNow(b, sub));
  });
}

}  // namespace gomoku
