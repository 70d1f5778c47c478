// The root of the search: the steps of one search (root moves, threat solvers, iterative
// deepening with aspiration windows, when to stop, casual noise) and the root move loop.
#include <algorithm>
#include <functional>

#include "core/eval/eval.h"
#include "core/search/timeman.h"
#include "core/search/movegen.h"
#include "core/search/search.h"
#include "core/search/search_detail.h"

namespace gomoku {

using namespace search_detail;

// One search, as a sequence of named steps: set up, list the root moves, try the threat
// solvers, deepen iteratively, and (casual levels) pick among the best with noise.
SearchInfo Searcher::run(const Board& position, const Limits& limits,
                         const std::atomic<bool>& stop, uint64_t searchId,
                         const Publish& publisher, std::chrono::steady_clock::time_point requested) {
  setUp(position, limits, stop, searchId, publisher, requested);
  NodeKind kind = makeRootMoves();
  if (rootMoves_.empty()) return finish();  // full board (or nothing legal): no move
  if (kind == NodeKind::WinNow) {
    rootMoves_.resize(1);
    rootMoves_[0].score = mateIn(1);
    rootMoves_[0].depth = 1;
    completedDepth_ = depth_ = 1;
    return finish();
  }
  if (kind != NodeKind::MustBlock && lapse()) return finish();
  if (solveRoot()) return finish();
  iterate();
  pickWithNoise();
  return finish();
}

void Searcher::setUp(const Board& position, const Limits& limits, const std::atomic<bool>& stop,
                     uint64_t searchId, const Publish& publisher,
                     std::chrono::steady_clock::time_point requested) {
  board_ = position;
  limits_ = limits;
  stop_ = &stop;
  publish_ = &publisher;
  searchId_ = searchId;
  aborted_ = false;
  checkCountdown_ = 1;
  start_ = requested != std::chrono::steady_clock::time_point{} ? requested : std::chrono::steady_clock::now();
  lastPublishMs_ = 0;
  timeBudgetMs_ = limits.timeMs;
  if (limits.softTimeMs > 0)
    timeBudgetMs_ = limits.timeMs > 0 ? std::min(limits.softTimeMs, limits.timeMs) : limits.softTimeMs;
  nodes_ = solverNodes_ = solverNanos_ = betaCutoffs_ = firstMoveCutoffs_ = ttProbes_ = ttHits_ = 0;
  liveNodes_.store(0, std::memory_order_relaxed);
  selDepth_ = depth_ = completedDepth_ = 0;
  rootMoves_.clear();
  completedRootMoves_.clear();
  iterations_.clear();
  solverName_.clear();
  if (helperIndex_ == 0) tt_->newSearch();
  for (auto& side : history_)
    for (int& h : side) h /= 4;  // (halved instead: -3.0 +/- 23.5 Elo over 800 games)
  // (The killers kept, shifted two plies - the new root is two plies below the last one:
  // 360-386-54, -11.3 +/- 23.3 Elo over 800 games at 0.05 s a move, session 42, srand 4209.)
  for (auto& k : killers_) k[0] = k[1] = kNullPoint;
}

SearchInfo Searcher::finish() {
  SearchInfo info = snapshot();
  info.running = false;
  info.finished = true;
  if (publish_ && *publish_) (*publish_)(info);
  return info;
}

NodeKind Searcher::makeRootMoves() {
  MoveList& list = moveLists_[0];
  NodeKind kind = generateMoves(board_, list);
  if (list.count == 0 && kind == NodeKind::DefendThree) generateDelayingDefence(board_, list);
  if (list.count == 0) {
    // No candidate survived the filters (empty board, or black boxed in by forbidden
    // points): fall back to the centre, then to any legal point.
    int c = board_.size() / 2;
    Point centre = makePoint(c, c);
    bool blackToMove = board_.sideToMove() == Color::Black;
    if (board_.isEmpty(centre) && !(blackToMove && isForbiddenFast(board_, centre))) list.add(centre, 0);
    for (int y = 0; y < board_.size() && list.count == 0; ++y)
      for (int x = 0; x < board_.size(); ++x) {
        Point p = makePoint(x, y);
        if (board_.isEmpty(p) && !(board_.sideToMove() == Color::Black && isForbiddenFast(board_, p))) {
          list.add(p, 0);
          break;
        }
      }
  }
  list.sort();
  for (const ScoredMove& m : list) rootMoves_.push_back({m.move, -kScoreInfinite, 0, 0, 0, {m.move}});
  return kind;
}

// The root's wide VCT (see solveRoot): up to this many threats and nodes (a tenth of a
// second or so before an analysis shows its first depth).
constexpr int kWideVctThreats = 6;
constexpr uint64_t kWideVctNodes = 250000;
// The root's second proof of a VCT, for the line against the longest defence (see solveRoot).
constexpr uint64_t kLongestLineNodes = 200000;

// Threat solvers first: a proven win by fours (or threats) needs no deeper search. They share
// one node budget (at most a third of the node limit), must end by a twelfth of the move time
// (the wide VCT, where the limits ask for it: by a third), and stop() reaches them too. Returns
// true when a proven win decided the move. (With a third of the time, 15 % of the moves spent
// all of it on VCT proofs that failed; a sixth scored +26.1 +/- 47.0 Elo against a third at
// 0.2 s a move over 200 games, and a twelfth +45.4 +/- 47.1 against a sixth at 0.2 s (200
// games) and +43.7 +/- 34.1 at 0.05 s (400 games): the search's threat extensions find most of
// those wins anyway. A 24th against a twelfth: -6.1 +/- 23.6 at 0.05 s over 800 games.)
bool Searcher::solveRoot() {
  if (rootMoves_.size() <= 1 || helperIndex_ != 0 || limits_.vcfThreats <= 0) return false;
  bool timed = limits_.timeMs > 0 && !limits_.infinite;
  auto deadline = timed ? start_ + std::chrono::milliseconds(std::max<int64_t>(1, timeBudgetMs_ / 12))
                        : std::chrono::steady_clock::time_point{};
  solver_.setAbort(stop_, deadline);
  uint64_t budget = 1000000;  // time is bounded by the deadline, nodes by the node limit
  if (limits_.maxNodes) budget = std::min<uint64_t>(budget, limits_.maxNodes / 3);
  auto spend = [&](uint64_t n) { budget -= std::min(budget, n); };
  auto exhausted = [&] {
    return budget == 0 || stop_->load(std::memory_order_relaxed) ||
           (timed && std::chrono::steady_clock::now() >= deadline);
  };
  std::vector<Point> line;
  ThreatMode wonMode = ThreatMode::Vcf;  // the proof that decided, if one did
  int wonThreats = 0;
  if (solve(ThreatMode::Vcf, limits_.vcfThreats, budget / 2 + budget / 4, &line))
    solverName_ = "VCF";
  spend(solver_.nodes());
  // The defence first: with the solvers' time short, a VCT search that runs to the deadline
  // must not leave the root moves that lose to a VCF.
  if (solverName_.empty() && !exhausted() && limits_.vcfThreats >= 8) dropMovesLosingToVcf(budget);
  // VCT by iterative deepening on the number of threats.
  for (int threats = 2; solverName_.empty() && limits_.maxDepth >= 6 &&
                        threats <= limits_.vctThreats && !exhausted();
       ++threats) {
    if (solve(ThreatMode::Vct, threats, budget / 2, &line))
      solverName_ = "VCT", wonMode = ThreatMode::Vct, wonThreats = threats;
    spend(solver_.nodes());
  }
  // Then, in an analysis without a clock or where the limits ask for it (the review), the wide
  // VCT (quiet moves that threaten a VCF), with a third of the move's time. Not in games: there
  // it did not pay in matches - run always at 0.2 s a move, -6.9 +/- 32.5 Elo over 400 games;
  // from 400 ms of search, at 0.5 s a move, -13.0 +/- 51.1 over 160 - as its proofs seldom end
  // within the solvers' share of the time.
  // (Session 34: in games too, within what the plain VCT left of the solvers' twelfth, with
  // no more time: `gomoku-bench tactics --time 1000` still 66/69 - at 1 s the plain VCT
  // uses most of its 83 ms, and quintet_test_vct_fukumi_move's wide proof needs 155k nodes.
  // Not kept. Session 40, with the quiet threats deepened with the threats (threat.cpp), run
  // in games in whatever the plain VCT left of the solvers' budget and twelfth: 182-173-45
  // over 400 games at 0.2 s a move, +7.8 +/- 32.2 Elo, srand 5601. Not kept either. Session
  // 61, in games within 250k nodes and a third of the time: 426-524-50 over 1,000 freestyle
  // games at 0.05 s a move, -34.2 +/- 16.5 Elo by pairs. Session 62, only from 400 ms of
  // search, within an eighth of the time - at 1 s a move it costs about 2 % of the time and
  // finds tactics_renju's fukumi win: renju at 0.5 s a move 93-97-10 over 200 games, -6.9 +/-
  // 26.8 by pairs, srand 6201. Not kept.)
  uint64_t wideBudget = std::min(budget, limits_.infinite ? kWideVctNodes : limits_.wideVctNodes);
  if (wideBudget > 0 && timed) {
    deadline = start_ + std::chrono::milliseconds(std::max<int64_t>(1, timeBudgetMs_ / 3));
    solver_.setAbort(stop_, deadline);
  }
  for (int threats = 2; wideBudget > 0 && solverName_.empty() && limits_.maxDepth >= 6 &&
                        threats <= std::min(kWideVctThreats, limits_.vctThreats) && !exhausted();
       ++threats) {
    if (solve(ThreatMode::VctWide, threats, wideBudget, &line))
      solverName_ = "VCT", wonMode = ThreatMode::VctWide, wonThreats = threats;
    wideBudget -= std::min(wideBudget, solver_.nodes());
    spend(solver_.nodes());
  }
  // A VCT's line follows the first defence tried, and the longest can be longer (a renju
  // puzzle's win in 4 is a win in 7 through three counter-fours): the score shown would count
  // down unevenly from move to move. The same proof again with every answer's line, within
  // what is left of the solvers' budget and time, gives the win's length against the longest
  // defence; the move stays the same. (Not for the first proof: building every line costs
  // nodes a proof cannot spare - see ThreatSolver::setLongestLines.)
  if (wonThreats > 0 && !exhausted()) {
    std::vector<Point> longest;
    solver_.setLongestLines(true);
    const bool proved =
        solve(wonMode, wonThreats, std::min<uint64_t>(budget, kLongestLineNodes), &longest);
    solver_.setLongestLines(false);
    spend(solver_.nodes());
    if (proved && longest.size() > line.size() && longest[0] == line[0]) line = std::move(longest);
  }
  solver_.setAbort(stop_, {});  // the leaves' VCF has a small node budget of its own
  if (solverName_.empty() || line.empty()) return false;
  auto it = std::find_if(rootMoves_.begin(), rootMoves_.end(),
                         [&](const RootMove& rm) { return rm.move == line[0]; });
  if (it == rootMoves_.end()) {
    solverName_.clear();
    return false;
  }
  std::rotate(rootMoves_.begin(), it, it + 1);
  rootMoves_[0].score = mateIn(int(line.size()));
  rootMoves_[0].pv = line;
  rootMoves_[0].depth = int(line.size());
  completedDepth_ = depth_ = int(line.size());
  iterations_.push_back({depth_, line[0], rootMoves_[0].score, line, nodes_, elapsedMs(), {}});
  return true;
}

// Iterative deepening: each depth searched with an aspiration window around the last score;
// the root moves keep the scores of the last iteration that reached them. Deepening goes on
// until the move's time (timeMs) is up, and that limit cuts the last iteration midway: a partly
// searched iteration still counts (a move that beat the previous best in it is played), so no
// time is saved for nothing. (Stopping once half the time was gone, because the next depth
// would rarely finish, lost 22.6 +/- 46.4 Elo at 0.2 s a move over 200 games.) Under a match
// clock the budget is the move's soft limit instead, stretched after each iteration by how
// unstable the best move and the score are (softLimitScale in timeman.h), up to the hard
// limit.
void Searcher::iterate() {
  int maxDepth = std::clamp(limits_.maxDepth, 1, kMaxPly - 8);
  if (rootMoves_.size() == 1) maxDepth = std::min(maxDepth, 2);
  int score = 0;
  for (int depth = 1; depth <= maxDepth; ++depth) {
    // Lazy SMP: odd helpers skip every other depth, so the threads spread over depths.
    if (helperIndex_ % 2 == 1 && depth > 2 && depth < maxDepth && (depth + helperIndex_) % 2 == 0)
      continue;
    depth_ = depth;
    for (RootMove& rm : rootMoves_) {
      rm.previousScore = rm.score > -kScoreInfinite ? rm.score : rm.previousScore;
      // A move this iteration does not reach must not rank by an older depth's score (odd and
      // even depths score differently): only this iteration's results order the moves.
      rm.score = -kScoreInfinite;
    }
    int failLows = 0, failHighs = 0;
    // The aspiration window is centred on the score of two iterations back, not of the last:
    // odd and even depths score apart (a leaf's side to move has its fours looked at, the
    // other side's threats are not), in sharp positions by hundreds, so a window around the
    // other parity's score often fails and searches again. Against the last score (the same
    // binary with and without, varied openings, both colours): freestyle at 0.05 s a move
    // 390-341-69 and 395-341-64 (+22.4 Elo over 1,600 games), at 0.1 s 181-179-40 (+1.7 +/-
    // 32.4 over 400), at 0.5 s 73-61-26 (+26.1 +/- 49.7 over 160); renju at 0.05 s 188-198-14
    // then 412-361-27 (+11.9 Elo over 1,200 games).
    int centre = score;
    if (iterations_.size() >= 2 && !isMateScore(iterations_[iterations_.size() - 2].score))
      centre = iterations_[iterations_.size() - 2].score;
    score = aspirate(depth, centre, failLows, failHighs);
    if (aborted_) break;
    completedDepth_ = depth;
    recordIteration(depth, failLows, failHighs);
    if (limits_.multiPv > 1 || limits_.noise > 0) completedRootMoves_ = rootMoves_;
    if (isMateScore(score) && depth > mateDistance(score) + 1) break;
    if (limits_.softTimeMs > 0 && helperIndex_ == 0) {
      // The move's budget, stretched or shrunk by how settled the search is, never past the
      // hard limit. Like the hard limit it may cut the next iteration midway.
      const double stretched = double(limits_.softTimeMs) * softLimitScale(iterations_);
      timeBudgetMs_ = std::max<int64_t>(1, int64_t(stretched));
      if (limits_.timeMs > 0) timeBudgetMs_ = std::min(timeBudgetMs_, limits_.timeMs);
      if (elapsedMs() >= timeBudgetMs_) break;
    }
    if (limits_.maxNodes && nodes_ * 2 > limits_.maxNodes) break;
  }
  // Several moves compared with full windows (MultiPV, casual noise): a cut iteration would
  // rank this depth's scores against the last one's (odd and even depths score differently),
  // so the moves go back to the last complete iteration's ranking and scores. (Not by each
  // move's previous score: a move outside that iteration's best lines has none from it - it
  // may be from any older depth, or none at all - and could then rank above them.)
  if (aborted_ && (limits_.multiPv > 1 || limits_.noise > 0) && !completedRootMoves_.empty()) {
    std::vector<RootMove> completed = completedRootMoves_;
    for (RootMove& rm : completed)  // the nodes spent on each move still count
      for (const RootMove& now : rootMoves_)
        if (now.move == rm.move) rm.nodes = now.nodes;
    rootMoves_ = std::move(completed);
  }
  // A cut iteration can end with a move proved lost in first place: the previous best failed
  // low to a mate, and the moves after it were not reached (deepdef22 at 0.2 s, with the
  // evaluation of e32a1c5, played such a move while the move that saves, i13, waited untried).
  // Any move not proved lost is better.
  if (aborted_) keepProvenLossOutOfFirst(rootMoves_);
  // Moves the last iteration did not score keep an older one (for display; they rank last).
  for (RootMove& rm : rootMoves_)
    if (rm.score == -kScoreInfinite) rm.score = rm.previousScore;
}

// One depth of the root, re-searched with a wider window each time the score falls outside.
// The first window is 120 either side: scores move by about 200 between depths (gomoku-bench
// stability), so a window of 60 failed and re-searched often. 120 against 60: +15.8 +/- 11.7
// Elo over 3200 games at 0.05 s a move (renju: +18.5 +/- 27.8 over 600); 30 against 60: -18.3
// +/- 23.3 over 800. (A window that doubles on each fail instead of tripling: -7.8 +/- 23.6.
// Once centred by depth parity, session 37: 80 against 120, -12.2 +/- 23.0 over 800; 180,
// -1.7 +/- 23.0. Session 43: after a fail high, the re-search a ply shallower for each fail
// high of the iteration, as Stockfish does: 380-347-73, 380-360-60 and 360-363-77 over 800
// games each at 0.05 s a move (srand 4303, 4312, 4314), 1120-1070-210, +7.2 +/- 13.3 Elo.
// Not kept: short of the gain it would have to confirm at a longer time. Session 60: 180 for
// renju alone, whose tables now give the side to move 348, against 120: 486-480-34 over 1,000
// renju games at 0.05 s a move, +2.1 +/- 17.2 Elo by pairs, srand 6007. Not kept. Session 66:
// after a fail low, beta brought down to the middle of the window, as Stockfish does: 490-473-73
// over 1,036 freestyle games at 0.05 s a move over openings_freestyle15_sel.txt, +5.7 +/- 18.3
// Elo by pairs, then 505-477-54, +9.4 +/- 19.0: 995-950-127 over 2,072, about +7.5 +/- 13. The
// bench's tree at depth 8 8 % larger. Not kept: unconfirmed, and too small to confirm at 0.2 s
// in a session's time. Session 70, with session 67's root evaluation for the nodes two plies
// down (search.cpp's improving): 496-478-62 over 1,036 games at 0.05 s a move, +6.0 +/- 17.6
// Elo by pairs; at 0.2 s a move 373-352-54 over 779, +9.8 +/- 20.3. Not confirmed, not kept.
// Session 71, those two and search.cpp's ply more for moves far from both last moves, all three
// together: 486-481-69 over 1,036 games at 0.05 s a move, +1.7 +/- 18.3. Not kept.)
int Searcher::aspirate(int depth, int previousScore, int& failLows, int& failHighs) {
  int delta = 120;
  int alpha = -kScoreInfinite, beta = kScoreInfinite;
  // MultiPV needs exact scores for several moves, so no aspiration window: the root compares
  // its moves with the multiPv-th best so far instead (searchRoot).
  if (depth >= 4 && !isMateScore(previousScore) && limits_.multiPv <= 1) {
    alpha = std::max(previousScore - delta, -kScoreInfinite);
    beta = std::min(previousScore + delta, kScoreInfinite);
  }
  while (true) {
    int s = searchRoot(alpha, beta, depth);
    if (aborted_) return previousScore;
    if (s <= alpha && alpha > -kScoreInfinite) {
      ++failLows;
      alpha = std::max(s - delta, -kScoreInfinite);
      delta *= 3;
    } else if (s >= beta && beta < kScoreInfinite) {
      ++failHighs;
      beta = std::min(s + delta, kScoreInfinite);
      delta *= 3;
    } else {
      return s;
    }
    if (delta > 2000) alpha = -kScoreInfinite, beta = kScoreInfinite;
  }
}

void Searcher::recordIteration(int depth, int failLows, int failHighs) {
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
}

// Casual levels: perturb the scores of the moves that were searched with full windows and
// take the best of those; a move that loses by force is never chosen.
void Searcher::pickWithNoise() {
  if (limits_.noise <= 0 || isMateScore(rootMoves_[0].score)) return;
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
  board_.forEachCandidate([&](Point p) {
    if (us == Color::Black && isForbiddenFast(board_, p)) return true;
    r ^= r >> 31, r *= 0x94D049BB133111EBull, r ^= r >> 29;
    int noise = limits_.noise > 0 ? int(r % uint64_t(2 * limits_.noise + 1)) - limits_.noise : 0;
    int value = explainCell(board_, p).value[index(us)] + noise;
    if (value > bestValue) bestValue = value, best = p;
    return true;
  });
  if (best == kNullPoint) return false;
  rootMoves_.assign(1, {best, evaluate(board_), 0, 1, 1, {best}});
  completedDepth_ = depth_ = 1;
  return true;
}

// If the opponent could win by continuous fours were it to move, every root move that leaves
// that win standing loses, however deep the search would have to look to see it. Such moves
// are dropped unless nothing else is left (then the longest defence is searched as usual).
// (The same with VCT - threes as well as fours - lost 111 Elo at 30k nodes a move: the proofs
// cost more than the search they save. Session 39, also not kept: only the best move checked,
// after each iteration - where the opponent wins by VCT after a pass, the best move played and
// the opponent's VCT tried (fours, then up to 9 threats, within a sixteenth of the move's
// time), and dropped when it is proved - 182-165-53 over 400 games at 0.2 s a move (+14.8 +/-
// 31.8 Elo); with the move that became best in the cut iteration checked too, in a sixteenth
// of the time kept for it, 83-87-30 over 200 at 0.5 s (-6.9 +/- 44.6); session 40, the first
// form at 0.5 s, 91-91-18 over 200 (0.0 +/- 46.2, srand 5602). At depth 6 it turns
// deepdef22's g13 and deepdef49's h7, both lost to a VCT the solver proves, into listed saves;
// the moves the deep-defence puzzles still miss at 0.2 s are not among those it can refute.
// Session 47, the first form again - the opponent's VCT after a pass tried first (up to 9
// threats, 20k nodes each), the best move checked from depth 4 within a sixteenth of the
// move's time over the search - over openings_freestyle15_gen.txt both colours at 0.2 s a
// move: 360-377-63 over 800 games, by pairs -7.4 +/- 16.8 Elo; defense_deep at 0.2 s 50/54
// against 51/54 in the same run.)
void Searcher::dropMovesLosingToVcf(uint64_t budget) {
  Color us = board_.sideToMove();
  board_.setSideToMove(opponent(us));
  // Small budgets: the leaves' VCF already sees the short wins, and a search that fails to
  // find a win can be long; this must stay cheap in the common case of no threat at all.
  uint64_t probe = std::min<uint64_t>(budget / 4, 20000);
  bool threatened = solve(ThreatMode::Vcf, 100, probe);
  board_.setSideToMove(us);
  if (!threatened) return;
  // The rest of the budget, shared by the root moves.
  uint64_t perMove = std::clamp<uint64_t>(budget / 2 / rootMoves_.size(), 200, 2000);
  std::vector<RootMove> keep;
  for (const RootMove& rm : rootMoves_) {
    board_.place(rm.move);
    bool loses = solve(ThreatMode::Vcf, 100, perMove);
    board_.undo();
    if (!loses) keep.push_back(rm);
    if (stop_->load(std::memory_order_relaxed)) return;
  }
  if (!keep.empty()) rootMoves_ = std::move(keep);
}

// The first move (MultiPV: the first multiPv moves) is searched with the full window; every
// later one with a null window on alpha, and again with the full window when it beats it.
// Alpha is the best score so far, or under MultiPV the multiPv-th best so far (the scores are
// exact there: the window is always full), so that the best multiPv moves come out scored.
int Searcher::searchRoot(int alpha, int beta, int depth) {
  // The root makes no static evaluation of its own. (Session 67: the root's evaluation given
  // there, so that the nodes two plies down can be improving, 490-466-80 over 1,036 freestyle
  // games at 0.05 s a move over openings_freestyle15_sel.txt, +8.1 +/- 18.5 Elo by pairs, and
  // 274-255-41 over 570 before that run: about +9 +/- 15 over 1,606, not confirmed; the bench's
  // tree at depth 8 11 % larger. Not kept.)
  staticEvals_[0] = kNoEval;
  int multiPv = std::max(1, limits_.multiPv);
  int best = -kScoreInfinite;
  std::vector<int> top;  // MultiPV: the best exact scores so far, at most multiPv, best first
  for (size_t i = 0; i < rootMoves_.size(); ++i) {
    RootMove& rm = rootMoves_[i];
    uint64_t before = nodes_;
    board_.place(rm.move);
    int score;
    bool beatAlpha = false;  // the null-window search at full depth proved it beats alpha
    if (int(i) < multiPv) {
      int a = multiPv > 1 ? -kScoreInfinite : alpha;
      int b = multiPv > 1 ? kScoreInfinite : beta;
      score = -search(-b, -a, depth - 1, 1, false);
    } else {
      // (Reduced from the fifth root move instead of the ninth: +3.7 +/- 16.6 Elo over 1600 games
      // at 0.05 s a move, half of them with razoring's margin at 200.)
      int r = depth >= 3 && i >= 8 && isQuiet(board_, rm.move) ? 1 : 0;
      score = -search(-alpha - 1, -alpha, depth - 1 - r, 1, true);
      if (r && score > alpha && !aborted_) score = -search(-alpha - 1, -alpha, depth - 1, 1, true);
      if (score > alpha && score < beta && !aborted_) {
        beatAlpha = true;
        score = -search(-beta, -alpha, depth - 1, 1, false);
      }
    }
    board_.undo();
    rm.nodes += nodes_ - before;
    // The score is exact or an upper bound (a fail low): at or below a mate loss, either way
    // the move is lost. (A cut search's score means nothing.)
    if (!aborted_ && score < -kScoreMateBound) rm.provenLost = true;
    if (aborted_) {
      // The clock cut the re-search of a move already proved better than the best so far:
      // it is the better move (with that bound as its score), not the one it beat.
      if (beatAlpha) {
        // Beating a mate loss says only that the move does not lose as fast: it ranks by its
        // last score then, not as a loss in so many moves.
        rm.score = alpha < -kScoreMateBound ? std::max(alpha + 1, rm.previousScore) : alpha + 1;
        rm.depth = depth;
        rm.pv.assign(1, rm.move);
      }
      break;
    }
    if (int(i) < multiPv || score > alpha) {
      rm.score = score;
      rm.depth = depth;
      rm.pv.assign(1, rm.move);
      for (int k = 1; k < pvLength_[1]; ++k) rm.pv.push_back(pv_[1][k]);
      best = std::max(best, score);
      if (multiPv == 1) {
        alpha = std::max(alpha, score);
      } else {
        top.insert(std::upper_bound(top.begin(), top.end(), score, std::greater<int>()), score);
        if (int(top.size()) > multiPv) top.pop_back();
        if (int(top.size()) == multiPv) alpha = top.back();
      }
      if (score >= beta) break;
    } else {
      rm.score = -kScoreInfinite;
    }
  }
  // (Session 66: the moves that failed low ordered by the nodes their searches took, most
  // first, instead of keeping their order - a move that was hard to refute tried earlier - the
  // bench's tree at depth 8 15 % larger, and 443-516-77 over 1,036 freestyle games at 0.05 s a
  // move over openings_freestyle15_sel.txt, -24.5 +/- 19.0 Elo by pairs. Not kept.)
  std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
  return best;
}

}  // namespace gomoku
