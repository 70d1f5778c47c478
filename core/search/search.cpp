#include "core/search/search.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/eval/eval.h"
#include "core/search/movegen.h"
#include "core/search/movepick.h"
#include "core/search/search_detail.h"

namespace gomoku {

using namespace search_detail;

namespace {

// Mate scores are stored relative to the node, so a TT hit at another ply reads correctly.
int toTT(int s, int ply) { return s > kScoreMateBound ? s + ply : s < -kScoreMateBound ? s - ply : s; }
int fromTT(int s, int ply) { return s > kScoreMateBound ? s - ply : s < -kScoreMateBound ? s + ply : s; }

// Late-move reductions: about ln(depth) ln(move number) / 2.4 plies. (/ 1.9 before: / 2.4
// scored +13.5 +/- 16.7 Elo over 1600 games at 0.05 s a move, / 1.5 -11.7 +/- 23.7 over 800,
// / 3.0 +6.5 +/- 23.7 over 800; again in session 46, / 3.0 over openings_freestyle15_gen.txt
// both colours, 919-983-98 over 2,000, -11.1 +/- 14.9. Session 48, the same way, the table's
// 0.4 plies added to every entry changed: 0, 913-976-111, by pairs -10.9 +/- 12.6; 0.8,
// 914-988-98, -12.9 +/- 12.6. Session 65: from a node's second move on instead of its third,
// 490-457-53 over 1,000 games at 0.05 s a move, +11.5 +/- 15.3 by pairs (srand 6522), but at
// 0.2 s 182-187-31 over 400, -4.3 +/- 23.9 (6523). Not kept.)
struct ReductionTable {
  int8_t r[64][64];
  ReductionTable() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        r[d][m] = d && m ? static_cast<int8_t>(0.4 + std::log(d) * std::log(m) / 2.4) : 0;
  }
};
const ReductionTable& reductions() {
  static const ReductionTable table;
  return table;
}

constexpr uint64_t kCheckEvery = 256;
constexpr int64_t kPublishEveryMs = 50;
// The leaves' VCF. (800 nodes against 400: +1.5 +/- 16.5 Elo over 1600 games at 0.05 s a move,
// half of them with razoring's margin at 200; 200 against 400, -2.2 +/- 23.0 over 800. Up to 5
// fours instead of 8: 351-376-73, -10.9 +/- 23.0 over 800; 12: the bench's tree unchanged at
// depth 10. Session 37.)
constexpr int kQuiescenceVcfDepth = 8;
constexpr uint64_t kQuiescenceVcfNodes = 400;
// Lone open threes (isLoneThree) are reduced from the fifth move of a node on. (From the third:
// -15.2 +/- 23.4 Elo over 800 games at 0.05 s a move.)
constexpr int kLoneThreeReducedAfter = 4;
// Internal iterative reduction from this depth on. (From depth 5: -18.7 +/- 23.5 over 800. From
// depth 3: 468-475-57 over 1,000 freestyle games at 0.05 s a move, -2.4 +/- 18.1 Elo by pairs,
// srand 6203, session 62.)
constexpr int kReducedWithoutTtFrom = 4;
// Razoring's margin a ply. Razoring itself: +39.3 +/- 23.7 Elo over 800 games at 0.05 s a move
// (margin 200). 300 against 200: +21.2 +/- 13.5 over 2400 freestyle games at 0.05 s a move,
// +15.1 +/- 27.7 over 600 renju games, +52.5 +/- 63.3 over 100 freestyle games at 0.5 s.
// Once it read the table's score (800 games each at 0.05 s a move): up to depth 3 instead of
// 2, +2.6 +/- 23.5; a margin of 200, -20.9 +/- 23.6; of 400, -25.7 +/- 23.6. Under renju alone
// (session 33), 200 against 300: 762-777-61 over 1600 games at 0.05 s a move, -3.3 +/- 16.7;
// with session 59's renju tables, 400 against 300: 480-482-38 over 1,000, -0.7 +/- 16.2 by pairs
// (session 60, srand 6005).
constexpr int kRazorMargin = 300;
// Reverse futility's margin a ply. Freestyle, 150 against 90: +18.7 +/- 13.5 Elo over 2400
// games at 0.05 s a move (120: +13.9 +/- 23.6 over 800; without reverse futility -50.7 +/- 24.0).
// Renju, 150 against 90: -33 +/- 20 over 1200 games, so renju keeps 90. (Standard, not measured
// apart, follows freestyle.) Again with session 59's renju tables (session 60, 1,000 renju games
// at 0.05 s a move, by pairs): 120 against 90, 507-457-36, +17.4 +/- 16.8 (srand 6002), but at
// 0.2 s 184-195-21 over 400, -9.6 +/- 25.0 (6004); 150, 476-492-32, -5.6 +/- 17.2 (6003). 90 stays.
// With session 64's renju tables, 120 again: 480-488-32, -2.8 +/- 17.1 (session 65, srand 6541).
constexpr int kReverseFutilityMargin = 150;
constexpr int kReverseFutilityMarginRenju = 90;

}  // namespace


Searcher::Searcher(TranspositionTable* shared)
    : ownTt_(shared ? nullptr : std::make_unique<TranspositionTable>(kDefaultTableMb)),
      tt_(shared ? shared : ownTt_.get()),
      moveLists_(kMaxPly) {
  clearHistories();
}

void Searcher::clear() {
  if (ownTt_) tt_->clear();
  clearHistories();
}

void Searcher::clearHistories() {
  solver_.clearCache();
  std::memset(history_, 0, sizeof(history_));
  for (auto& k : killers_) k[0] = k[1] = kNullPoint;
  for (auto& side : counterMoves_) std::fill(std::begin(side), std::end(side), kNullPoint);
  continuation_.assign(size_t(2) * kPointCount * kPointCount, 0);
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
  // Stop a little before the limit: the move still has to travel back to the caller. The clock
  // never cuts the first iteration, though: a budget of a millisecond or two (a turn time
  // within the safety margin, "as fast as possible") cut it at its first node, and the move
  // played was the move generator's first guess, searched by nothing (level 1 at 0.02 s a move
  // scored 6-94 against the greedy player, 30-70 at 0.2 s). Depth 1 costs little: over the 424
  // positions of defense_deep, tactics_deep, bench_positions and deep_selfplay_freestyle, a
  // median of 0.05 ms and at most 0.57 ms (session 57). stop() and the node limit still end
  // it, and the callers answer by their deadline whatever it does.
  if (timeBudgetMs_ > 0 && !limits_.infinite && completedDepth_ > 0 &&
      ms >= timeBudgetMs_ - std::max<int64_t>(1, timeBudgetMs_ / 100)) {
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
  info.rule = board_.rule();
  info.running = true;
  info.depth = depth_;
  info.completedDepth = completedDepth_;
  info.selDepth = selDepth_;
  info.nodes = nodes_;
  info.solverNodes = solverNodes_;
  info.solverMs = int64_t(solverNanos_ / 1000000);
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
  // An open four (or a double four) to make and no four of theirs to answer first: five two
  // moves later, whatever they do. Cut here instead of searching the moves that get there.
  // +13.5 +/- 16.8 Elo over 1600 games at 0.05 s a move.
  if (board_.threatCount(them, Threat::Five) == 0 && canMakeOpenFour(board_, us))
    return mateIn(ply + 3);

  // Mate distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, matedIn(ply));
  beta = std::min(beta, mateIn(ply + 1));
  if (alpha >= beta) return alpha;

  // (Session 43: the leaves looked up in the table too, so that a leaf a search of its own had
  // scored - an earlier iteration's, or another path's - took that score where its bound
  // decided, before the quiescence: 375-344-81, 393-349-58 and 364-365-71 over 800 games each
  // at 0.05 s a move (srand 4304, 4311, 4313), 1132-1058-210, +10.7 +/- 13.3 Elo; but at 0.2 s
  // a move 77-98-25 and 87-86-27 (4315, 4316), 164-184-52 over 400, -17.4 +/- 31.9. Not kept.)
  if (depth <= 0) return quiesce(alpha, beta, ply);

  uint64_t key = board_.key();
  TTEntry tte;
  ++ttProbes_;
  bool ttHit = tt_->probe(key, tte);
  Point ttMove = kNullPoint;
  const int ttScore = ttHit ? fromTT(tte.score, ply) : 0;
  if (ttHit) {
    ++ttHits_;
    ttMove = board_.isEmpty(tte.move) ? tte.move : kNullPoint;
    if (!pvNode && tte.depth >= depth &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore >= beta) ||
         (tte.bound == Bound::Upper && ttScore <= alpha)))
      return ttScore;
  }
  // (A correction history - the evaluation corrected by what searches of similar nodes
  // returned, learned as the search goes, as Stockfish does by pawn structure - was tried with
  // two keys: the counts of each threat class for both sides, +2.2 +/- 23.6 Elo over 800 games
  // at 0.05 s a move, and the last two moves, -0.4 +/- 23.4. Not kept.)
  int staticEval = ttHit ? tte.eval : evaluate(board_);
  // Improving: our evaluation is above what it was at our previous node, two plies up (not
  // one: the evaluations of the two sides to move differ by the tempo). An improving node is
  // likelier to stay above beta, and its later moves likelier to matter: reverse futility asks
  // it a ply's margin less, and late-move pruning keeps 3 + 2 depth^2 quiet moves, against
  // (3 + 2 depth^2) / 2 + 1 at a node that is not improving. Against neither (a full margin and
  // 3 + 2 depth^2 at every node), at 0.05 s a move: +20.3 +/- 13.5 Elo over 2400 freestyle
  // games (402-347-51, then 798-713-89), +23.2 +/- 27.6 over 600 renju games, and on a 20x20
  // board (tests/data/openings_freestyle20_centred.txt) -8.7 +/- 13.9 over 2400 (1169-1229-2)
  // and at 0.1 s a move -10.9 +/- 24.1 over 800 (387-412-1); at 0.5 s a move, 47-46-7 over 100
  // freestyle games (+3.5 +/- 66.5). Kept for 15x15 and renju; 20x20 showed no gain, perhaps a
  // loss, then. With the engine of session 30, the nodes of boards above 15x15 all counted as
  // improving again (the old setting) scored 375-425-0 over 800 games on 20x20 at 0.05 s a
  // move (-21.7 +/- 24.2): it stays on for every size. (Again in session 69, with the board size
  // term's unbiased 20x20 evaluation, over openings_freestyle20_sel.txt: 287-349-0 over 636
  // games, -34.0 +/- 25.7 Elo by pairs.) The late-move-pruning half carries the
  // 15x15 gain: without it, -31.8 +/- 23.5 over 800 games (20x20: +1.7 +/- 24.1). (Tried with it, over 800 games at 0.05 s a move: a third
  // of the moves kept at a node that is not improving instead of half, -8.3 +/- 23.5; late-move
  // reductions a ply deeper there, -16.5 +/- 23.7.)
  // (Session 71: a node that must block a four treated as a chess engine treats a node in
  // check - not improving, no evaluation kept for the nodes two plies down, which compare with
  // four plies up instead - 485-486-65 over 1,036 freestyle games at 0.05 s a move over
  // openings_freestyle15_sel.txt, -0.3 +/- 17.7 Elo by pairs. Not kept.)
  staticEvals_[ply] = staticEval;
  const bool improving =
      ply >= 2 && staticEvals_[ply - 2] != kNoEval && staticEval > staticEvals_[ply - 2];
  // Internal iterative reduction: a node the table knows nothing of has no move to try first
  // and only a guessed ordering, so it is searched a ply shallower (cheaply), and the next
  // iteration finds its move in the table. +16.5 +/- 14.9 Elo over 2000 games (0.05 s and 0.1 s
  // a move); an earlier try, +6.9 +/- 33.5 over 400.
  // (Two plies at a cut node, from depth 5: the bench's tree at depth 10 40 % smaller, but
  // 369-374-57, -2.2 +/- 23.2 Elo over 800 games at 0.05 s a move, and 169-183-48, -12.2 +/-
  // 32.0 over 400 at 0.1 s. Session 37, not kept. From depth 3 instead of 4, session 69: the
  // bench's tree at depth 8 13 % smaller, but 458-498-80 over 1,036 freestyle games at 0.05 s a
  // move over openings_freestyle15_sel.txt, -13.4 +/- 18.7 Elo by pairs. Not kept.)
  if (!ttHit && depth >= kReducedWithoutTtFrom) --depth;
  // (Session 65, Stockfish's hindsight depth: a ply more where the parent reduced this node's
  // move by 3 or more and the opponent's position is not getting worse (the two nodes'
  // evaluations, less the side-to-move terms, sum to 0 or less), a ply less where it reduced it
  // by 2 or more and they sum to more than 300: 477-471-52 over 1,000 freestyle games at 0.05 s
  // a move, +2.1 +/- 16.2 Elo by pairs (srand 6514). Not kept.)
  // (Reducing where the table has no move, as Stockfish does, is the same here: every entry
  // holds one - the bench's tree at depth 8 did not change.)
  // (Session 38, 800 games at 0.05 s a move against the same binary without, as Rapfi does: a
  // PV node whose table entry is shallower searched 0.4 ply a ply of the lag shallower (at
  // most 3), 360-367-73, -3.0 +/- 23.0 Elo. Not kept.)

  // The pruning below decides by the table's score instead of the evaluation where the
  // table's bound says the score is nearer the truth: a lower bound above the evaluation, an
  // upper bound below it, an exact score. (Stockfish does the same.) Against the evaluation
  // alone, at 0.05 s a move: +14.6 +/- 13.7 Elo over 2400 freestyle games (406-366-28, then
  // 795-734-71), +28.7 +/- 24.2 over 800 on a 20x20 board, +18.5 +/- 27.6 over 600 renju
  // games; at 0.5 s a move 48-38-14 over 100 (+34.9 +/- 64.2). The search's tree at depth 8 on
  // the bench is 2.6 times smaller.
  int eval = staticEval;
  if (ttHit && std::abs(ttScore) < kScoreMateBound &&
      (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore > staticEval) ||
       (tte.bound == Bound::Upper && ttScore < staticEval)))
    eval = ttScore;
  // (A four-three of theirs to make counted as urgent too: +4.3 +/- 23.2 Elo over 800 games at
  // 0.05 s a move, not kept - perhaps as the evaluation's threats term already prices it.)
  bool theyThreaten = board_.threatCount(them, Threat::Five) > 0 ||
                      board_.threatCount(them, Threat::OpenFour) > 0;
  // Reverse futility: far above beta with nothing urgent against us, a shallow search
  // would not bring it back. (Up to depth 4 instead of 3: -13.5 +/- 23.4 Elo over 800 games;
  // again once it read the table's score, +7.8 +/- 23.4 over 800, not kept.)
  const int futilityMargin =
      board_.rule() == Rule::Renju ? kReverseFutilityMarginRenju : kReverseFutilityMargin;
  if (!pvNode && !theyThreaten && depth <= 3 &&
      eval - futilityMargin * (depth - improving) >= beta &&
      std::abs(beta) < kScoreMateBound)
    return eval;
  // (Session 43: returning the midpoint of the evaluation and beta instead, as Stockfish does,
  // 377-351-72 over 800 games at 0.05 s a move, +11.3 +/- 23.0 Elo (srand 4301); with the
  // root's fail-high re-search a ply shallower (search_root.cpp) 374-352-74, +9.6 (4305), and
  // with the leaves' table probe as well 364-362-74, +0.9 (4306), then 82-93-25 over 200 games
  // at 0.2 s (4307; a second run, 4308, stopped after 119 games at 61-47-11). Not kept.
  // Session 46, alone, over openings_freestyle15_gen.txt both colours: 984-932-84 over 2,000
  // games at 0.05 s a move (+9.0 +/- 14.9), but 579-588-93 over 1,260 at 0.2 s (stopped there,
  // about -2.5 Elo). Not kept.)
  // (Session 65: reverse futility skipped where our moves two and four plies back were both
  // fours - in the middle of our own attack, as Rapfi does - 471-478-51 over 1,000 freestyle
  // games at 0.05 s a move, -2.4 +/- 14.5 Elo by pairs (srand 6512). Not kept.)
  // (Session 38, 800 games at 0.05 s a move: a cut node whose evaluation is 150 a ply above
  // beta with nothing urgent against it, every move but a four a ply shallower - Rapfi's
  // "likely fail high" - 368-386-46, -7.8 +/- 23.4 Elo. Not kept.)
  // Razoring: far below alpha a ply or two from the leaves, with nothing urgent against us,
  // only our fours could bring the score back, and the quiescence's VCF looks at those. If it
  // does not, the node fails low without its moves being searched.
  if (!pvNode && !theyThreaten && depth <= 2 && eval + kRazorMargin * depth < alpha &&
      std::abs(alpha) < kScoreMateBound) {
    const int score = quiesce(alpha, alpha + 1, ply);
    if (score <= alpha) return score;
  }

  // (Null-move pruning - pass, and cut if a search R = 3 + depth / 4 plies shallower still
  // fails high - from depth 3 where the evaluation is at or above beta and the opponent has no
  // four, open three, four-three or double three: 385-372-43, +5.6 +/- 23.5 Elo over 800 games
  // at 0.05 s a move; at depth 9 the bench's tree grew 13 %: a pass gives the opponent a tempo
  // that in gomoku is worth more than most moves, so the null search often fails. With the
  // null search's mate as a threat extension, or its refutation ordered after the killers, the
  // bench's tree did not change at all. Not kept.)
  // (Tried in session 33, each over 800 games at 0.05 s a move against the same build without
  // it, and not kept. ProbCut - from depth 5 at a node with nothing to answer, up to 3 of our
  // threat moves (the table's move first, then our threes and fours) searched 4 plies
  // shallower against beta + 200, a cut when one stays above it: the bench's tree at depth 10
  // was 27 % smaller, but 360-372-68, -5.2 +/- 23.1. Our moves restricted, from depth 3, to
  // the points of the opponent's VCF after a pass (a full VCF of 200 nodes) and our fours:
  // 339-409-52, -30.5 +/- 23.4.)
  // (Session 37, 800 games each at 0.05 s a move, not kept: a VCT for the side to move here,
  // from depth 6 (300 nodes, 6 threats), a win returned as a mate score - the bench's tree at
  // depth 10 13 % smaller, but 343-388-69, -19.6 +/- 23.1 Elo; at PV nodes only, from depth 4
  // (2,000 nodes, 8 threats), 289-438-73, -65.5 +/- 23.4, and at 0.2 s a move, where the
  // solves cost a quarter as much of the search, still 73-104-23 over 200 games, -54.3 +/-
  // 46.1: not the cost alone (the mate's distance is the first defence's line, not the
  // longest; unexamined). The opponent's VCF after a pass (200 nodes, from depth 3) and its
  // line's points ordered first (+3000) and never reduced or pruned: 334-407-59, -31.8 +/-
  // 23.3; ordered first (+800) only: 337-392-71, -23.9 +/- 23.1.)
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
  Point previous = board_.lastMove();
  // Continuation history: the rows of the opponent's last move and of our own move before it.
  const std::vector<Point>& played = board_.moves();
  int16_t* afterTheirs = continuationRow(0, previous);
  int16_t* afterOurs = continuationRow(1, played.size() >= 2 ? played[played.size() - 2] : kNullPoint);
  OrderingHints hints;
  hints.ttMove = ttMove;
  hints.killers[0] = killers_[ply][0];
  hints.killers[1] = killers_[ply][1];
  hints.counter = previous != kNullPoint ? counterMoves_[ius][previous] : kNullPoint;
  hints.history = history_[ius];
  hints.afterTheirs = afterTheirs;
  hints.afterOurs = afterOurs;
  MovePicker picker(list, hints);

  bool oneReply = list.count == 1;
  int best = -kScoreInfinite;
  Point bestMove = kNullPoint;
  int moveCount = 0;
  int origAlpha = alpha;
  const auto& red = reductions();
  // (Session 46: Rapfi's counts, (3 + depth^1.32) / (2 - improving) - far fewer from depth 3 -
  // 930-976-94 over openings_freestyle15_gen.txt both colours at 0.05 s a move, -8.0 +/- 14.9
  // Elo. Not kept.)
  const int lateMoves = improving ? 3 + 2 * depth * depth : (3 + 2 * depth * depth) / 2 + 1;
  for (Point move; (move = picker.next()) != kNullPoint;) {
    bool quiet = kind == NodeKind::Normal && isQuiet(board_, move);
    const bool lateLoneThree = moveCount >= kLoneThreeReducedAfter && isLoneThree(board_, move);
    bool reducible = kind == NodeKind::Normal &&
                     (isReducible(board_, move) || lateLoneThree || isLoneFour(board_, move));

    // Late-move pruning: at shallow depth, quiet moves far down the ordering rarely matter.
    // Once it prunes one it prunes every quiet move after it (moveCount and best only grow),
    // so those leave the picker at once instead of each costing a selection step: the
    // search's instructions on the bench -3.3 %, the tree all but the same (the other moves'
    // order changes only among equal scores: 817,760 nodes at depth 8 against 817,758);
    // 387-349-64, +16.5 +/- 23.2 Elo over 800 games at 0.05 s a move.
    if (!pvNode && quiet && moveCount >= lateMoves && best > -kScoreMateBound) {
      picker.dropRemaining([&](Point m) { return isQuiet(board_, m); });
      continue;
    }
    // (Lone fours - reduced like quiet moves, isLoneFour - pruned like them too: 361-357-82,
    // +1.7 +/- 22.8 Elo over 800 games at 0.05 s a move, session 38. Not kept. Session 62: our
    // double twos and closed threes plus a two never pruned, as many long wins begin with one
    // - the bench's tree 16 % larger - 467-474-59 over 1,000 freestyle games at 0.05 s a move,
    // -2.4 +/- 16.8 Elo by pairs, srand 6202. Not kept.)
    // (Futility pruning of quiet moves at depth 1-2 when the evaluation + 120 x depth is at or
    // below alpha: 380-377-43, +1.3 +/- 23.5 over 800 games at 0.05 s a move. Not kept.)

    // (A ply more also where an open three leaves two answers or fewer, up to ply 2 x depth:
    // the bench's tree 22 % larger, and at 300k nodes a position defense_deep.txt 50/54 and
    // tactics_deep.txt 37/40 against 52 and 38. Session 34, not kept.)
    int newDepth = depth - 1 + (oneReply ? 1 : 0);
    // (Session 38, 800 games each at 0.05 s a move, not kept: a ply more for every answer to
    // an open three where it has two answers or fewer (fours included), 352-375-73, -10.0 +/-
    // 23.0 Elo; the answers' fours far from the three (more than 4 from the opponent's last
    // move, on no point of a three or four of theirs) a ply less, 323-407-70, -36.6.)
    // Threat extension: an open three forces the few replies that stop it, so a line of
    // threes costs one ply per pair of moves and a long forced win comes into view. (Fours
    // are not extended: the one-reply extension of the forced block already gives them their
    // ply back, and extending them too lost 26 Elo. Up to ply 3 x depth instead of 2 x depth:
    // -1.7 +/- 23.4 over 800 games at 0.05 s a move. A move that makes a new four-three point
    // of ours - a quiet threat of a win by fours - extended a ply and never reduced or pruned:
    // -3.5 +/- 23.5 over 800; with the four-three narrowing noted in movegen.cpp, -30.0 +/- 23.6.
    // Session 70, half a ply a three - our open three not extended when our move two plies up
    // was an extended three, so a run of threes gains every second ply: 468-493-75 over 1,036
    // freestyle games at 0.05 s a move over openings_freestyle15_sel.txt, -8.4 +/- 18.5 Elo by
    // pairs. Not kept.)
    if (!oneReply && ply < 2 * depth_) {
      Threat t = board_.threat(move, us);
      if (t >= Threat::Flex3 && t < Threat::Block4) ++newDepth;
    }
    board_.place(move);
    tt_->prefetch(board_.key());
    ++moveCount;
    int score;
    if (moveCount == 1) {
      score = -search(-beta, -alpha, newDepth, ply + 1, !pvNode && !cutNode);
    } else {
      int r = 0;
      if (depth >= 3 && reducible && moveCount > 2) {
        r = red.r[std::min(depth, 63)][std::min(moveCount, 63)];
        // (Tried over 1600 games each at 0.05 s a move, half of them with razoring's margin at
        // 200: 2 plies more at cut nodes, +3.3 +/- 16.6 Elo; a ply less for killers and the
        // counter-move, +6.9 +/- 16.6. Reducing by a ply the fours that answer an open three
        // without blocking it: -0.4 +/- 23.3 over 800.)
        // (Session 34, 800 games each at 0.05 s a move: a ply more when the table's move makes
        // or blocks a three or a four, 371-360-69, +4.8 +/- 23.0 Elo; a ply less at an
        // improving node, 369-360-71, +3.9 +/- 23.0. Not kept.)
        if (cutNode) ++r;
        if (pvNode) --r;
        // (Session 42, 800 games each at 0.05 s a move against the same binary without, not
        // kept: a ply more once more than 3 of this node's moves were refuted by a cut -
        // Stockfish's cutoff count - 361-360-79, +0.4 +/- 22.9 Elo (srand 4201); a ply less
        // where the table's entry is exact, a stand-in for Stockfish's "was a PV node" flag,
        // 338-382-80, -19.1 +/- 22.9 (srand 4203).)
        // (Session 65, Rapfi's continuing attack: a ply less where our move two plies back made
        // an open three or more and this one makes a three, or a double two or more within 4 of
        // it: 470-471-59 over 1,000 freestyle games at 0.05 s a move, -0.3 +/- 16.1 Elo by pairs
        // (srand 6513). Not kept.)
        // (Session 70, 1,036 freestyle games each at 0.05 s a move over
        // openings_freestyle15_sel.txt, Elo by pairs: a ply more for a move more than 3 points
        // (across or along) from both the opponent's last move and our own before it, 497-469-70,
        // +9.4 +/- 17.7 (the bench's tree at depth 10 all but the same: it seldom applies); more
        // than 2, 488-470-78, +6.0 +/- 17.6; a ply less for a move next to the opponent's last
        // move (the tree 50 % larger), 456-509-71, -17.8 +/- 17.1. Not kept.)
        // (Session 43: a ply less for a move that makes or blocks a double two or more -
        // threat class Flex2x2 and up, for either side - 360-363-77, -1.3 +/- 22.9 Elo over
        // 800 games at 0.05 s a move (srand 4302); the bench's tree at depth 10 1.9 times as
        // large. Not kept.)
        r = std::clamp(r, 0, newDepth - 1);
      }
      score = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, true);
      if (r > 0 && score > alpha && !aborted_)
        score = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
      // (Session 38: that re-search a ply deeper when the reduced one beat the best by 300 + 60
      // a ply of the reduction, a ply shallower when it stayed below the best plus newDepth
      // points - Stockfish's - 364-355-81, +3.9 +/- 22.9 Elo over 800 games at 0.05 s a move.
      // Not kept.)
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
        // (Session 38: the PV node's remaining moves a ply shallower once one raised alpha, from
        // depth 3 to 11, as Rapfi and Stockfish do: 354-358-88, -1.7 +/- 22.7 Elo over 800 games
        // at 0.05 s a move. Not kept.)
        if (alpha >= beta) {
          ++betaCutoffs_;
          if (moveCount == 1) ++firstMoveCutoffs_;
          if (quiet) {
            if (killers_[ply][0] != move) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = move;
            }
            if (previous != kNullPoint) counterMoves_[ius][previous] = move;
            // Capped (far above the 12,800 where the ordering stops telling values apart),
            // so an analysis left running for hours cannot overflow it.
            history_[ius][move] = std::min(history_[ius][move] + depth * depth, 1 << 30);
            // (Session 61: this history with gravity instead - h += b - h b / 12800, b = min(4
            // depth^2, 3000), so that it never saturates the ordering's 800 - 473-465-62 over
            // 1,000 games at 0.05 s a move, +2.8 +/- 14.7 Elo by pairs, srand 6101. Not kept.)
            // (The histories - not the killers or the counter-move - also taught by the moves
            // that make or block threes and fours, at nodes with nothing to answer: the bench's
            // tree 7 % smaller, but 362-368-70, -2.6 +/- 23.0 Elo over 800 games at 0.05 s a
            // move, session 34. Not kept.)
            // (A malus for the quiet moves tried before the one that cut - Stockfish's: the
            // history less depth^2, the continuation rows less the bonus, with gravity -
            // 387-363-50 then 749-735-116, +5.5 +/- 13.4 Elo over 2400 games at 0.05 s a move.
            // Not kept.)
            // Bonus with gravity: an entry stays below 16384 however often it cuts.
            const int bonus = std::min(16 * depth * depth, 4000);
            for (int16_t* row : {afterTheirs, afterOurs})
              if (row) row[move] = int16_t(row[move] + bonus - row[move] * bonus / 16384);
          }
          break;
        }
      }
    }
  }
  if (moveCount == 0) return staticEval;  // everything pruned: trust the evaluation
  // (Session 42: a node where every move failed low gave the opponent's move that led to it
  // the history a cut would have taught it, depth^2 - Stockfish's bonus for the prior move.
  // The same binary with and without, at 0.05 s a move: 2301-2155-344 over 4,800 games (4,000
  // freestyle, srand 4202, 4205, 4208, 4212, 4213; 800 renju, 4210), +10.6 +/- 9.5 Elo; three
  // times the bonus +8.7 +/- 23.0 over 800, the opponent's continuation row taught too +8.3
  // +/- 23.1. But at 0.2 s a move 78-97-25 and 77-96-27 (srand 4214, 4215; the first while
  // the tests ran on one of the two cores): -33.1 +/- 32.0 over 400 games. Not kept: the gain
  // did not carry to the longer time.)

  Bound bound = best >= beta ? Bound::Lower : best > origAlpha ? Bound::Exact : Bound::Upper;
  tt_->store(key, bestMove, toTT(best, ply), staticEval, depth, bound);
  return best;
}

bool Searcher::solve(ThreatMode mode, int maxThreats, uint64_t maxNodes, std::vector<Point>* line,
                     ThreatScope scope) {
  const auto began = std::chrono::steady_clock::now();
  const bool win = solver_.solve(board_, mode, maxThreats, maxNodes, line, scope);
  nodes_ += solver_.nodes();
  solverNodes_ += solver_.nodes();
  solverNanos_ += uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now() - began)
                               .count());
  return win;
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
  // An open four (or double four) to make wins, as in search(), unless black's points for it
  // are all forbidden (canMakeOpenFour looks).
  if (canMakeOpenFour(board_, us)) return mateIn(ply + 3);
  int standPat = evaluate(board_);
  // (The opponent's VCF at the leaves as well - given the move, would they win by fours? -
  // with 300 off the stand-pat when they would: 266-506-28, -107.5 +/- 24.8 Elo over 800 games
  // at 0.05 s a move. The opponent usually has such a VCF at a leaf that the next move would
  // stop, so it cost solver nodes - 7 to 18 times as many at depth 8 on the bench, with 400 and
  // 200 off - for a penalty that was mostly noise.)
  if (standPat >= beta) return standPat;
  // (Session 38: after the VCF below fails, our fours within 4 of our last move searched as a
  // quiescence - each four, its forced block, the quiescence again, up to two fours deep, the
  // best of those and the stand-pat returned, as Rapfi's leaves do - 321-395-84, -32.2 +/- 22.9
  // Elo over 800 games at 0.05 s a move: the bench's tree at depth 8 34 % larger. Not kept.)
  int fours = board_.threatCount(us, Threat::Block4) + board_.threatCount(us, Threat::Block4Plus) +
              board_.threatCount(us, Threat::Block4Flex3);
  // A small VCF of connected fours only (see ThreatScope): against the full search it cut the
  // solver's nodes on the bench by 72 % and gained 17.4 +/- 33.2 Elo (0.05 s a move, 400
  // games), 38.4 +/- 47.5 (0.2 s, 200 games), and 5.2 +/- 33.7 in renju (0.05 s, 400 games).
  // (Storing its result in the transposition table at depth 0, so a leaf met again skips the
  // solve, cut the bench's solver nodes by 13.5 % and its time by 7 %, but scored -4.8 +/- 13.6
  // Elo over 2400 games at 0.05 s a move (382-371-47, then 742-786-72); with such entries not
  // counting as table hits for the internal iterative reduction, -6.9 +/- 23.6 over 800. Not
  // kept.)
  // (Session 46: at PV leaves a full VCF - every four, not only connected ones - of up to 16
  // fours and 2,000 nodes: 372-353-75 over 800 games at 0.05 s a move, +8.3 +/- 23.0 Elo (srand
  // 4601), then 87-90-21 over 198 at 0.1 s (4602), stopped there. Not kept.)
  if (fours > 0 && limits_.leafVcfThreats > 0) {
    bool win = solve(ThreatMode::Vcf, std::min(kQuiescenceVcfDepth, limits_.leafVcfThreats),
                     kQuiescenceVcfNodes, &vcfLine_, ThreatScope::Connected);
    if (win) return mateIn(ply + int(vcfLine_.size()));
  }
  return standPat;
}

}  // namespace gomoku
