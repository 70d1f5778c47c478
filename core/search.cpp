#include "core/search.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/eval.h"
#include "core/movegen.h"

namespace gomoku {

namespace {

constexpr int mateIn(int ply) { return kScoreMate - ply; }
constexpr int matedIn(int ply) { return -kScoreMate + ply; }

// Mate scores are stored relative to the node, so a TT hit at another ply reads correctly.
int toTT(int s, int ply) { return s > kScoreMateBound ? s + ply : s < -kScoreMateBound ? s - ply : s; }
int fromTT(int s, int ply) { return s > kScoreMateBound ? s - ply : s < -kScoreMateBound ? s + ply : s; }

struct ReductionTable {
  int8_t r[64][64];
  ReductionTable() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        r[d][m] = d && m ? static_cast<int8_t>(0.4 + std::log(d) * std::log(m) / 1.9) : 0;
  }
};
const ReductionTable& reductions() {
  static const ReductionTable table;
  return table;
}

// A quiet move neither makes nor blocks a three or a four.
bool isQuiet(const Board& b, Point p) {
  const CellInfo& info = b.cell(p);
  int us = index(b.sideToMove());
  return info.threat[us] < Threat::Flex3 && info.threat[1 - us] < Threat::Flex3;
}

constexpr uint64_t kCheckEvery = 256;
constexpr int64_t kPublishEveryMs = 50;
constexpr int kQuiescenceVcfDepth = 8;
constexpr uint64_t kQuiescenceVcfNodes = 400;

}  // namespace

Searcher::Searcher(TranspositionTable* shared)
    : ownTt_(shared ? nullptr : std::make_unique<TranspositionTable>(64)),
      tt_(shared ? shared : ownTt_.get()),
      moveLists_(kMaxPly) {
  solver_.clearCache();
  std::memset(history_, 0, sizeof(history_));
  for (auto& k : killers_) k[0] = k[1] = kNullPoint;
}

void Searcher::clear() {
  if (ownTt_) tt_->clear();
  solver_.clearCache();
  std::memset(history_, 0, sizeof(history_));
  for (auto& k : killers_) k[0] = k[1] = kNullPoint;
}

int64_t Searcher::elapsedMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                start_)
      .count();
}

bool Searcher::timeUp() {
  if (aborted_) return true;
  // A countdown of its own: nodes_ also grows by the solvers' node counts in jumps, so
  // "nodes_ is a multiple of 256" could be skipped for a whole search and the clock never read.
  if (--checkCountdown_ > 0) return false;
  checkCountdown_ = kCheckEvery;
  liveNodes_.store(nodes_, std::memory_order_relaxed);
  if (stop_->load(std::memory_order_relaxed) ||
      (limits_.maxNodes && nodes_ >= limits_.maxNodes)) {
    aborted_ = true;
    return true;
  }
  int64_t ms = elapsedMs();
  // Stop a little before the limit: the move still has to travel back to the caller.
  if (limits_.timeMs > 0 && !limits_.infinite &&
      ms >= limits_.timeMs - std::max<int64_t>(1, limits_.timeMs / 100)) {
    aborted_ = true;
    return true;
  }
  if (ms - lastPublishMs_ >= kPublishEveryMs) publish(false);
  return false;
}

void Searcher::updatePv(int ply, Point move) {
  pv_[ply][ply] = move;
  int next = ply + 1 < kMaxPly ? pvLength_[ply + 1] : ply + 1;
  for (int i = ply + 1; i < next; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pvLength_[ply] = std::max(next, ply + 1);
}

SearchInfo Searcher::snapshot() const {
  SearchInfo info;
  info.searchId = searchId_;
  info.running = true;
  info.depth = depth_;
  info.completedDepth = completedDepth_;
  info.selDepth = selDepth_;
  info.nodes = nodes_;
  info.betaCutoffs = betaCutoffs_;
  info.firstMoveCutoffs = firstMoveCutoffs_;
  info.ttProbes = ttProbes_;
  info.ttHits = ttHits_;
  info.elapsedMs = elapsedMs();
  info.allottedMs = limits_.infinite ? 0 : limits_.timeMs;
  info.nps = info.elapsedMs > 0 ? nodes_ * 1000 / uint64_t(info.elapsedMs) : 0;
  info.solver = solverName_;
  for (const RootMove& rm : rootMoves_) {
    RootMoveInfo r;
    r.move = rm.move;
    r.score = rm.score > -kScoreInfinite ? rm.score : rm.previousScore;
    r.depth = rm.depth;
    r.nodes = rm.nodes;
    r.pv = rm.pv;
    info.rootMoves.push_back(std::move(r));
  }
  if (!rootMoves_.empty()) {
    info.bestMove = rootMoves_[0].move;
    info.score = info.rootMoves[0].score;
    info.pv = rootMoves_[0].pv;
    if (info.pv.empty()) info.pv.push_back(info.bestMove);
  }
  info.iterations = iterations_;
  return info;
}

void Searcher::publish(bool force) {
  int64_t ms = elapsedMs();
  if (!force && ms - lastPublishMs_ < kPublishEveryMs) return;
  lastPublishMs_ = ms;
  if (publish_ && *publish_) (*publish_)(snapshot());
}

SearchInfo Searcher::run(const Board& position, const Limits& limits,
                         const std::atomic<bool>& stop, uint64_t searchId,
                         const Publish& publisher) {
  board_ = position;
  limits_ = limits;
  stop_ = &stop;
  publish_ = &publisher;
  searchId_ = searchId;
  aborted_ = false;
  checkCountdown_ = 1;
  start_ = std::chrono::steady_clock::now();
  lastPublishMs_ = 0;
  nodes_ = betaCutoffs_ = firstMoveCutoffs_ = ttProbes_ = ttHits_ = 0;
  liveNodes_.store(0, std::memory_order_relaxed);
  selDepth_ = depth_ = completedDepth_ = 0;
  rootMoves_.clear();
  iterations_.clear();
  solverName_.clear();
  if (helperIndex_ == 0) tt_->newSearch();
  for (auto& side : history_)
    for (int& h : side) h /= 4;
  for (auto& k : killers_) k[0] = k[1] = kNullPoint;

  auto finish = [&]() {
    SearchInfo info = snapshot();
    info.running = false;
    info.finished = true;
    if (publish_ && *publish_) (*publish_)(info);
    return info;
  };

  MoveList list;
  NodeKind kind = generateMoves(board_, list);
  if (list.count == 0) {
    // No candidate survived the filters (empty board, or black boxed in by forbidden
    // points): fall back to the centre, then to any legal point.
    int c = board_.size() / 2;
    Point centre = makePoint(c, c);
    if (board_.isEmpty(centre) && !isForbiddenFast(board_, centre)) list.add(centre, 0);
    for (int y = 0; y < board_.size() && list.count == 0; ++y)
      for (int x = 0; x < board_.size(); ++x) {
        Point p = makePoint(x, y);
        if (board_.isEmpty(p) && !(board_.sideToMove() == Color::Black && isForbiddenFast(board_, p))) {
          list.add(p, 0);
          break;
        }
      }
  }
  if (list.count == 0) return finish();  // full board (or nothing legal): no move
  list.sort();
  for (const ScoredMove& m : list)
    rootMoves_.push_back({m.move, -kScoreInfinite, 0, 0, 0, {m.move}});

  if (kind == NodeKind::WinNow) {
    rootMoves_.resize(1);
    rootMoves_[0].score = mateIn(1);
    rootMoves_[0].depth = 1;
    completedDepth_ = depth_ = 1;
    return finish();
  }
  if (kind != NodeKind::MustBlock && lapse()) return finish();

  // Threat solvers first: a proven win by fours (or threats) needs no deeper search. They
  // share one node budget (at most a third of the node limit), must end by a third of the
  // move time, and stop() reaches them too.
  if (rootMoves_.size() > 1 && helperIndex_ == 0 && limits_.vcfThreats > 0) {
    bool timed = limits_.timeMs > 0 && !limits_.infinite;
    auto deadline = timed ? start_ + std::chrono::milliseconds(std::max<int64_t>(1, limits_.timeMs / 3))
                          : std::chrono::steady_clock::time_point{};
    solver_.setAbort(stop_, deadline);
    uint64_t budget = 1000000;  // time is bounded by the deadline, nodes by the node limit
    if (limits_.maxNodes) budget = std::min<uint64_t>(budget, limits_.maxNodes / 3);
    auto spend = [&](uint64_t n) {
      nodes_ += n;
      budget -= std::min(budget, n);
    };
    auto exhausted = [&] {
      return budget == 0 || stop_->load(std::memory_order_relaxed) ||
             (timed && std::chrono::steady_clock::now() >= deadline);
    };
    std::vector<Point> line;
    if (solver_.solve(board_, ThreatMode::Vcf, limits_.vcfThreats, budget / 2 + budget / 4, &line))
      solverName_ = "VCF";
    spend(solver_.nodes());
    // VCT by iterative deepening on the number of threats.
    for (int threats = 2; solverName_.empty() && limits_.maxDepth >= 6 &&
                          threats <= limits_.vctThreats && !exhausted();
         ++threats) {
      if (solver_.solve(board_, ThreatMode::Vct, threats, budget / 2, &line)) solverName_ = "VCT";
      spend(solver_.nodes());
    }
    if (solverName_.empty() && !exhausted() && limits_.vcfThreats >= 8) dropMovesLosingToVcf(budget);
    solver_.setAbort(stop_, {});  // the leaves' VCF has a small node budget of its own
    if (!solverName_.empty() && !line.empty()) {
      auto it = std::find_if(rootMoves_.begin(), rootMoves_.end(),
                             [&](const RootMove& rm) { return rm.move == line[0]; });
      if (it != rootMoves_.end()) {
        std::rotate(rootMoves_.begin(), it, it + 1);
        rootMoves_[0].score = mateIn(int(line.size()));
        rootMoves_[0].pv = line;
        rootMoves_[0].depth = int(line.size());
        completedDepth_ = depth_ = int(line.size());
        iterations_.push_back({depth_, line[0], rootMoves_[0].score, line, nodes_, elapsedMs(), {}});
        return finish();
      }
      solverName_.clear();
    }
  }

  int maxDepth = std::clamp(limits_.maxDepth, 1, kMaxPly - 8);
  if (rootMoves_.size() == 1) maxDepth = std::min(maxDepth, 2);
  int score = 0;
  for (int depth = 1; depth <= maxDepth; ++depth) {
    // Lazy SMP: odd helpers skip every other depth, so the threads spread over depths.
    if (helperIndex_ % 2 == 1 && depth > 2 && depth < maxDepth && (depth + helperIndex_) % 2 == 0)
      continue;
    depth_ = depth;
    for (RootMove& rm : rootMoves_) rm.previousScore = rm.score > -kScoreInfinite ? rm.score : rm.previousScore;
    int delta = 60;
    int failLows = 0, failHighs = 0;
    int alpha = -kScoreInfinite, beta = kScoreInfinite;
    if (depth >= 4 && !isMateScore(score)) {
      alpha = std::max(score - delta, -kScoreInfinite);
      beta = std::min(score + delta, kScoreInfinite);
    }
    while (true) {
      int s = searchRoot(alpha, beta, depth);
      if (aborted_) break;
      if (s <= alpha && alpha > -kScoreInfinite) {
        ++failLows;
        alpha = std::max(s - delta, -kScoreInfinite);
        delta *= 3;
      } else if (s >= beta && beta < kScoreInfinite) {
        ++failHighs;
        beta = std::min(s + delta, kScoreInfinite);
        delta *= 3;
      } else {
        score = s;
        break;
      }
      if (delta > 2000) alpha = -kScoreInfinite, beta = kScoreInfinite;
    }
    if (aborted_) break;
    completedDepth_ = depth;
    IterationInfo it;
    it.depth = depth;
    it.bestMove = rootMoves_[0].move;
    it.score = rootMoves_[0].score;
    it.pv = rootMoves_[0].pv;
    it.nodes = nodes_;
    it.elapsedMs = elapsedMs();
    it.failLows = failLows, it.failHighs = failHighs;
    for (const RootMove& rm : rootMoves_)
      it.rootMoves.push_back({rm.move, rm.score > -kScoreInfinite ? rm.score : rm.previousScore,
                              rm.depth, rm.nodes, {}});
    iterations_.push_back(std::move(it));
    publish(true);

    if (isMateScore(score) && depth > mateDistance(score) + 1) break;
    if (limits_.timeMs > 0 && !limits_.infinite && elapsedMs() * 2 > limits_.timeMs) break;
    if (limits_.maxNodes && nodes_ * 2 > limits_.maxNodes) break;
  }
  // An aborted iteration may leave moves without a score: the previous best stays first.
  for (RootMove& rm : rootMoves_)
    if (rm.score == -kScoreInfinite) rm.score = rm.previousScore;

  if (limits_.noise > 0 && !isMateScore(rootMoves_[0].score)) {
    // Casual levels: perturb the scores of the moves that were searched with full windows
    // and take the best of those; a move that loses by force is never chosen.
    uint64_t s = limits_.seed * 0x9E3779B97F4A7C15ull + board_.key();
    int best = 0, bestValue = -kScoreInfinite;
    int considered = std::min<int>(int(rootMoves_.size()), std::max(1, limits_.multiPv));
    for (int i = 0; i < considered; ++i) {
      if (rootMoves_[i].score < -kScoreMateBound) continue;
      s ^= s >> 33, s *= 0xFF51AFD7ED558CCDull, s ^= s >> 33;
      int noise = int(s % uint64_t(2 * limits_.noise + 1)) - limits_.noise;
      if (rootMoves_[i].score + noise > bestValue) bestValue = rootMoves_[i].score + noise, best = i;
    }
    std::rotate(rootMoves_.begin(), rootMoves_.begin() + best, rootMoves_.begin() + best + 1);
  }
  return finish();
}

// Casual levels: now and then the engine does not look at the position as a whole but only at
// its own stones — it plays the point that makes its own best shape (the evaluation's value of
// that point for it, plus the level's noise), blind to the opponent's open threes. A four of
// the opponent is never overlooked (the caller skips lapses when one must be blocked).
bool Searcher::lapse() {
  if (limits_.lapsePermille <= 0 || helperIndex_ != 0 || board_.stoneCount() == 0) return false;
  uint64_t r = (limits_.seed + 1) * 0x9E3779B97F4A7C15ull ^ board_.key();
  r ^= r >> 31, r *= 0xBF58476D1CE4E5B9ull, r ^= r >> 29;
  if (int(r % 1000) >= limits_.lapsePermille) return false;
  Color us = board_.sideToMove();
  Point best = kNullPoint;
  int bestValue = -kScoreInfinite;
  for (int y = board_.areaMinY(); y <= board_.areaMaxY(); ++y)
    for (int x = board_.areaMinX(); x <= board_.areaMaxX(); ++x) {
      Point p = makePoint(x, y);
      if (!board_.isCandidate(p)) continue;
      if (us == Color::Black && isForbiddenFast(board_, p)) continue;
      r ^= r >> 31, r *= 0x94D049BB133111EBull, r ^= r >> 29;
      int noise = limits_.noise > 0 ? int(r % uint64_t(2 * limits_.noise + 1)) - limits_.noise : 0;
      int value = explainCell(board_, p).value[index(us)] + noise;
      if (value > bestValue) bestValue = value, best = p;
    }
  if (best == kNullPoint) return false;
  rootMoves_.assign(1, {best, evaluate(board_), 0, 1, 1, {best}});
  completedDepth_ = depth_ = 1;
  return true;
}

// If the opponent could win by continuous fours were it to move, every root move that leaves
// that win standing loses, however deep the search would have to look to see it. Such moves
// are dropped unless nothing else is left (then the longest defence is searched as usual).
void Searcher::dropMovesLosingToVcf(uint64_t budget) {
  Color us = board_.sideToMove();
  board_.setSideToMove(opponent(us));
  // Small budgets: the leaves' VCF already sees the short wins, and a search that fails to
  // find a VCF can be long; this must stay cheap in the common case of no threat at all.
  bool threatened = solver_.solve(board_, ThreatMode::Vcf, 100, std::min<uint64_t>(budget / 4, 20000));
  nodes_ += solver_.nodes();
  board_.setSideToMove(us);
  if (!threatened) return;
  // The rest of the budget, shared by the root moves.
  uint64_t perMove = std::clamp<uint64_t>(budget / 2 / rootMoves_.size(), 200, 2000);
  std::vector<RootMove> keep;
  for (const RootMove& rm : rootMoves_) {
    board_.place(rm.move);
    bool loses = solver_.solve(board_, ThreatMode::Vcf, 100, perMove);
    nodes_ += solver_.nodes();
    board_.undo();
    if (!loses) keep.push_back(rm);
    if (stop_->load(std::memory_order_relaxed)) return;
  }
  if (!keep.empty()) rootMoves_ = std::move(keep);
}

int Searcher::searchRoot(int alpha, int beta, int depth) {
  int multiPv = std::max(1, limits_.multiPv);
  int best = -kScoreInfinite;
  std::vector<int> fullScores;
  for (size_t i = 0; i < rootMoves_.size(); ++i) {
    RootMove& rm = rootMoves_[i];
    uint64_t before = nodes_;
    board_.place(rm.move);
    int score;
    if (int(i) < multiPv) {
      int a = multiPv > 1 ? -kScoreInfinite : alpha;
      int b = multiPv > 1 ? kScoreInfinite : beta;
      score = -search(-b, -a, depth - 1, 1, false);
    } else {
      int r = depth >= 3 && i >= 8 && isQuiet(board_, rm.move) ? 1 : 0;
      score = -search(-alpha - 1, -alpha, depth - 1 - r, 1, true);
      if (r && score > alpha && !aborted_) score = -search(-alpha - 1, -alpha, depth - 1, 1, true);
      if (score > alpha && score < beta && !aborted_) score = -search(-beta, -alpha, depth - 1, 1, false);
    }
    board_.undo();
    rm.nodes += nodes_ - before;
    if (aborted_) break;
    if (int(i) < multiPv || score > alpha) {
      rm.score = score;
      rm.depth = depth;
      rm.pv.assign(1, rm.move);
      for (int k = 1; k < pvLength_[1]; ++k) rm.pv.push_back(pv_[1][k]);
      best = std::max(best, score);
      if (int(i) < multiPv) {
        fullScores.push_back(score);
        if (int(i) == multiPv - 1) alpha = std::max(alpha, *std::min_element(fullScores.begin(), fullScores.end()));
      } else {
        alpha = score;
      }
      if (score >= beta) break;
    } else {
      rm.score = -kScoreInfinite;
    }
  }
  std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
  return best;
}

int Searcher::search(int alpha, int beta, int depth, int ply, bool cutNode) {
  bool pvNode = beta - alpha > 1;
  pvLength_[ply] = ply;
  ++nodes_;
  if (timeUp()) return 0;
  if (ply > selDepth_) selDepth_ = ply;

  Color us = board_.sideToMove(), them = opponent(us);
  if (board_.threatCount(us, Threat::Five) > 0) {
    Point p[1];
    if (fivePoints(board_, us, p, 1)) return mateIn(ply + 1);
  }
  if (board_.full()) return 0;
  if (ply >= kMaxPly - 4) return evaluate(board_);

  // Mate distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, matedIn(ply));
  beta = std::min(beta, mateIn(ply + 1));
  if (alpha >= beta) return alpha;

  if (depth <= 0) return quiesce(alpha, beta, ply);

  uint64_t key = board_.key();
  TTEntry tte;
  ++ttProbes_;
  bool ttHit = tt_->probe(key, tte);
  Point ttMove = kNullPoint;
  if (ttHit) {
    ++ttHits_;
    ttMove = board_.isEmpty(tte.move) ? tte.move : kNullPoint;
    int ttScore = fromTT(tte.score, ply);
    if (!pvNode && tte.depth >= depth &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore >= beta) ||
         (tte.bound == Bound::Upper && ttScore <= alpha)))
      return ttScore;
  }
  int staticEval = ttHit ? tte.eval : evaluate(board_);

  bool theyThreaten = board_.threatCount(them, Threat::Five) > 0 ||
                      board_.threatCount(them, Threat::Flex4) > 0;
  // Reverse futility: far above beta with nothing urgent against us, a shallow search
  // would not bring it back.
  if (!pvNode && !theyThreaten && depth <= 3 && staticEval - 90 * depth >= beta &&
      std::abs(beta) < kScoreMateBound)
    return staticEval;

  MoveList& list = moveLists_[ply];  // on the heap: the engine may run on a small stack
  NodeKind kind = generateMoves(board_, list);
  if (kind == NodeKind::WinNow) return mateIn(ply + 1);
  if (list.count == 0) {
    if (kind == NodeKind::MustBlock) return matedIn(ply + 2);
    if (kind == NodeKind::DefendThree) return matedIn(ply + 4);
    return 0;  // nothing legal: a draw
  }
  if (kind == NodeKind::MustBlock && list.count >= 2) {
    Point p[2];
    if (fivePoints(board_, them, p, 2) >= 2) return matedIn(ply + 2);
  }

  int ius = index(us);
  for (ScoredMove& m : list) {
    if (m.move == ttMove)
      m.score += 1 << 24;
    else if (m.move == killers_[ply][0] || m.move == killers_[ply][1])
      m.score += 900;
    m.score += std::min(history_[ius][m.move] >> 4, 800);
  }

  bool oneReply = list.count == 1;
  int best = -kScoreInfinite;
  Point bestMove = kNullPoint;
  int moveCount = 0;
  int origAlpha = alpha;
  const auto& red = reductions();
  for (int i = 0; i < list.count; ++i) {
    // Selection sort step: the best remaining move next (most nodes cut early).
    int bi = i;
    for (int j = i + 1; j < list.count; ++j)
      if (list.items[j].score > list.items[bi].score) bi = j;
    std::swap(list.items[i], list.items[bi]);
    Point move = list.items[i].move;
    bool quiet = kind == NodeKind::Normal && isQuiet(board_, move);

    // Late-move pruning: at shallow depth, quiet moves far down the ordering rarely matter.
    if (!pvNode && quiet && moveCount >= 3 + 2 * depth * depth && best > -kScoreMateBound)
      continue;

    int newDepth = depth - 1 + (oneReply ? 1 : 0);
    board_.place(move);
    tt_->prefetch(board_.key());
    ++moveCount;
    int score;
    if (moveCount == 1) {
      score = -search(-beta, -alpha, newDepth, ply + 1, !pvNode && !cutNode);
    } else {
      int r = 0;
      if (depth >= 3 && quiet && moveCount > 2) {
        r = red.r[std::min(depth, 63)][std::min(moveCount, 63)];
        if (cutNode) ++r;
        if (pvNode) --r;
        r = std::clamp(r, 0, newDepth - 1);
      }
      score = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, true);
      if (r > 0 && score > alpha && !aborted_)
        score = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
      if (pvNode && score > alpha && score < beta && !aborted_)
        score = -search(-beta, -alpha, newDepth, ply + 1, false);
    }
    board_.undo();
    if (aborted_) return 0;

    if (score > best) {
      best = score;
      bestMove = move;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, move);
        if (alpha >= beta) {
          ++betaCutoffs_;
          if (moveCount == 1) ++firstMoveCutoffs_;
          if (quiet) {
            if (killers_[ply][0] != move) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = move;
            }
            history_[ius][move] += depth * depth;
          }
          break;
        }
      }
    }
  }
  if (moveCount == 0) return staticEval;  // everything pruned: trust the evaluation

  Bound bound = best >= beta ? Bound::Lower : best > origAlpha ? Bound::Exact : Bound::Upper;
  tt_->store(key, bestMove, toTT(best, ply), staticEval, depth, bound);
  return best;
}

int Searcher::quiesce(int alpha, int beta, int ply) {
  pvLength_[ply] = ply;
  Color us = board_.sideToMove(), them = opponent(us);
  Point p[2];
  if (fivePoints(board_, us, p, 1)) return mateIn(ply + 1);
  int blocks = fivePoints(board_, them, p, 2);
  if (blocks >= 2) return matedIn(ply + 2);
  if (blocks == 1) {
    // The opponent has a four: the block is forced, so play it and look again.
    if (us == Color::Black && isForbiddenFast(board_, p[0])) return matedIn(ply + 2);
    if (ply >= kMaxPly - 4) return evaluate(board_);
    ++nodes_;
    if (timeUp()) return 0;
    if (ply + 1 > selDepth_) selDepth_ = ply + 1;
    board_.place(p[0]);
    int score = -quiesce(-beta, -alpha, ply + 1);
    board_.undo();
    return score;
  }
  if (board_.threatCount(us, Threat::Flex4) > 0) {
    // An open four (or double four) wins unless black's point is forbidden.
    if (us != Color::Black || board_.rule() != Rule::Renju) return mateIn(ply + 3);
    for (int y = board_.areaMinY(); y <= board_.areaMaxY(); ++y)
      for (int x = board_.areaMinX(); x <= board_.areaMaxX(); ++x) {
        Point q = makePoint(x, y);
        if (board_.isCandidate(q) && board_.threat(q, us) == Threat::Flex4 &&
            !isForbiddenFast(board_, q))
          return mateIn(ply + 3);
      }
  }
  int standPat = evaluate(board_);
  if (standPat >= beta) return standPat;
  int fours = board_.threatCount(us, Threat::Block4) + board_.threatCount(us, Threat::Block4Plus) +
              board_.threatCount(us, Threat::Block4Flex3);
  if (fours > 0 && limits_.leafVcfThreats > 0) {
    bool win = solver_.solve(board_, ThreatMode::Vcf,
                             std::min(kQuiescenceVcfDepth, limits_.leafVcfThreats), kQuiescenceVcfNodes,
                             &vcfLine_);
    nodes_ += solver_.nodes();
    if (win) return mateIn(ply + int(vcfLine_.size()));
  }
  return standPat;
}

}  // namespace gomoku
