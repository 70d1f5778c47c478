// The search: iterative deepening over a negamax alpha-beta with principal-variation search,
// aspiration windows, a transposition table, killer, counter-move, history and continuation
// history ordering (movepick), late-move reductions, late-move pruning and reverse futility
// (both by whether the node is improving), razoring (it and reverse futility read the table's
// score in place of the evaluation where the entry's bound allows), internal iterative
// reduction, forced-move pruning (from movegen), an immediate mate score for an open four to
// make, a one-reply extension, a threat extension, and a VCF quiescence at the leaves.
// Mate scores are by distance. Threat solvers run at the root first.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/board/board.h"
#include "core/search/info.h"
#include "core/search/movegen.h"
#include "core/search/threat.h"
#include "core/search/tt.h"

namespace gomoku {

constexpr int kMaxPly = 128;

class Searcher {
 public:
  // Receives a snapshot at most every ~50 ms and at the end of each iteration.
  using Publish = std::function<void(const SearchInfo&)>;

  // A searcher owns its transposition table, or shares `shared` (Lazy SMP helpers).
  explicit Searcher(TranspositionTable* shared = nullptr);
  void setHashMb(int megabytes) { tt_->resize(megabytes); }
  TranspositionTable& tt() { return *tt_; }
  void clear();
  // Lazy SMP: a helper searches the same position into the shared table without publishing
  // or running the root solvers; its index varies the depths it visits.
  void setHelperIndex(int index) { helperIndex_ = index; }
  // Nodes so far, readable from another thread while the search runs.
  uint64_t liveNodes() const { return liveNodes_.load(std::memory_order_relaxed); }

  // Searches `position` for its side to move until a limit is hit or `stop` becomes true.
  // Always returns a legal move in info.bestMove when one exists (kNullPoint on a full
  // board). The position is left unchanged.
  // The searcher's own board: after a search it must equal the position it was given.
  const Board& board() const { return board_; }

  // The move's time counts from `requested` (when the search was asked for, so a wait for
  // the engine's thread is inside the limit); a default time point means now.
  SearchInfo run(const Board& position, const Limits& limits, const std::atomic<bool>& stop,
                 uint64_t searchId, const Publish& publisher,
                 std::chrono::steady_clock::time_point requested = {});

 private:
  struct RootMove {
    Point move;
    int score;
    int previousScore;
    int depth;
    uint64_t nodes;
    std::vector<Point> pv;
    // Proved to lose at some depth (its score, or the bound it failed low against, is a mate
    // loss): a deeper search cannot save it, so a cut iteration never falls back on it while a
    // move not proved lost is left.
    bool provenLost = false;
  };

  void setUp(const Board& position, const Limits& limits, const std::atomic<bool>& stop,
             uint64_t searchId, const Publish& publisher,
             std::chrono::steady_clock::time_point requested);
  NodeKind makeRootMoves();
  bool solveRoot();
  void iterate();
  int aspirate(int depth, int previousScore, int& failLows, int& failHighs);
  void recordIteration(int depth, int failLows, int failHighs);
  void pickWithNoise();
  SearchInfo finish();
  // One threat solve. Its nodes count in the node total (limits, signature) and are also
  // reported apart, with the time it took, so the main search's speed can be told apart too.
  bool solve(ThreatMode mode, int maxThreats, uint64_t maxNodes, std::vector<Point>* line = nullptr,
             ThreatScope scope = ThreatScope::Full);

  int search(int alpha, int beta, int depth, int ply, bool cutNode);
  int quiesce(int alpha, int beta, int ply);
  int searchRoot(int alpha, int beta, int depth);
  void dropMovesLosingToVcf(uint64_t budget);
  bool lapse();
  bool timeUp();
  int64_t elapsedMs() const;
  void publish(bool force);
  SearchInfo snapshot() const;
  void updatePv(int ply, Point move);

  Board board_;
  std::unique_ptr<TranspositionTable> ownTt_;
  TranspositionTable* tt_;
  int helperIndex_ = 0;
  std::atomic<uint64_t> liveNodes_{0};
  ThreatSolver solver_;
  Limits limits_;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
  uint64_t checkCountdown_ = 1;  // calls of timeUp() until it next reads the clock
  std::chrono::steady_clock::time_point start_;
  // When the search stops: Limits::timeMs, or under a match clock the soft limit as the
  // iterations stretch it (never past timeMs). 0 = no time limit.
  int64_t timeBudgetMs_ = 0;
  int64_t lastPublishMs_ = 0;
  const Publish* publish_ = nullptr;
  uint64_t searchId_ = 0;

  // statistics
  uint64_t nodes_ = 0, solverNodes_ = 0, betaCutoffs_ = 0, firstMoveCutoffs_ = 0, ttProbes_ = 0;
  uint64_t ttHits_ = 0, solverNanos_ = 0;
  int selDepth_ = 0, depth_ = 0, completedDepth_ = 0;

  std::vector<RootMove> rootMoves_;
  // MultiPV and casual noise: the root moves as the last complete iteration ranked them.
  std::vector<RootMove> completedRootMoves_;
  std::vector<IterationInfo> iterations_;
  std::string solverName_;
  std::vector<Point> vcfLine_;
  std::vector<MoveList> moveLists_;  // one per ply
  Point killers_[kMaxPly][2];
  int history_[2][kPointCount];
  Point counterMoves_[2][kPointCount];  // [mover][opponent's last move] -> the move that refuted it
  // Continuation history: [0: the opponent's last move, 1: our own last move][that move][this
  // move] -> how well this quiet move cut off after that one (bounded by gravity). Move
  // ordering reads the two rows of the node's last two moves. 4 MiB, on the heap. (Tables kept
  // apart for each side to move: 381-369-50 and 359-368-73 over 800 games each at 0.05 s a
  // move, +0.7 Elo over 1,600. Session 37, not kept.)
  std::vector<int16_t> continuation_;
  int16_t* continuationRow(int which, Point after) {
    return after == kNullPoint ? nullptr : &continuation_[(size_t(which) * kPointCount + after) * kPointCount];
  }
  void clearHistories();
  // The static evaluation of the node at each ply of the line being searched, so a node can
  // tell whether its side's position is improving. A node with children made one (it passed
  // the evaluation on its way to its moves); the root makes none: kNoEval.
  int staticEvals_[kMaxPly] = {};
  Point pv_[kMaxPly][kMaxPly];
  int pvLength_[kMaxPly];
};

}  // namespace gomoku
