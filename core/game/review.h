// Game review: grades every move of a finished (or unfinished) game the way chess sites do —
// the loss of win chance each move caused, a class (best .. blunder), missed wins, only moves,
// the better move with its line and a sentence why — and an accuracy per side. GameReview runs
// the analysis on a thread of its own with its own Engine; results arrive move by move.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/board/board.h"
#include "core/board/types.h"
#include "core/search/info.h"

namespace gomoku {

class Engine;

enum class MoveClass : uint8_t { Best, Good, Inaccuracy, Mistake, Blunder };
constexpr int kMoveClassCount = 5;
// "best", "good", "inaccuracy", "mistake", "blunder" (the JSON and the panels use these).
const char* moveClassName(MoveClass c);

// Class thresholds on the mover's loss of win chance (0..1). The README has the same table.
// A move equal to the engine's best move is always Best (a drop of its win chance is the
// horizon moving, not the player's fault).
constexpr double kBestMaxLoss = 0.02;     // loss <= 0.02: best
constexpr double kInaccuracyLoss = 0.07;  // 0.02 < loss < 0.07: good; from 0.07: inaccuracy
constexpr double kMistakeLoss = 0.15;     // from 0.15: mistake
constexpr double kBlunderLoss = 0.30;     // from 0.30: blunder
MoveClass classifyLoss(double loss);

// Walking into a forced loss is a blunder however bad the position already looked, unless it
// was lost by force already. Scores are the mover's view: `searchedBefore` from the search of
// the position before the move, `afterBest` after the engine's best move, `afterMove` after the
// move played. Either earlier search seeing the mover lost by force is enough: the search before
// may not reach a mate that the shorter search after the best move proves.
bool walksIntoForcedLoss(int searchedBefore, int afterBest, int afterMove);

// The move leaves the opponent's one five point open although it could be blocked (under renju
// a block forbidden to black cannot): a blunder even in a position already lost by force, where
// the win chances cannot tell "lost in 15" from "lost in 1" and the move was graded best.
bool ignoresFour(const Board& before, Point move);

// Accuracy of one move, 0..100, from its win-chance loss (in percentage points): the
// exponential curve chess sites publish, 103.1668 * exp(-0.04354 * loss%) - 3.1669, clamped.
// A side's accuracy is the mean over its moves.
double moveAccuracy(double loss);

struct ReviewedMove {
  int ply = 0;  // 1-based: ply 1 is black's first stone
  Point move = kNullPoint;
  Color color = Color::Black;
  MoveClass moveClass = MoveClass::Best;
  bool missedWin = false;  // the mover had a forced win (a five, VCF/VCT, a mate) and lost it
  bool onlyMove = false;   // the one move among several that did not lose, and it was played
  bool hadForcedWin = false;
  double winChanceBefore = 0.5;  // the mover's, with the best move (engine's view)
  double winChanceAfter = 0.5;   // the mover's, after the move played
  double loss = 0;               // max(0, before - after); 0 when the best move was played
  int scoreBefore = 0;           // engine scores, the mover's view
  int scoreAfter = 0;
  Point best = kNullPoint;  // the engine's move in the position before
  std::vector<Point> line;  // the engine's line from `best` (best first)
  std::string reason;       // one sentence
};

struct ReviewSummary {
  double accuracy[2] = {100, 100};      // [color]
  int counts[2][kMoveClassCount] = {};  // [color][class]
  int missedWins[2] = {};
  int onlyMoves[2] = {};
};

struct ReviewResult {
  int size = kDefaultSize;
  Rule rule = Rule::Freestyle;
  std::vector<Point> moves;          // the game reviewed
  std::vector<ReviewedMove> graded;  // in ply order; partial while the review runs
  ReviewSummary summary;             // over `graded`
  bool complete = false;             // every move graded
  bool cancelled = false;
};

ReviewSummary summarize(const std::vector<ReviewedMove>& graded);

struct ReviewLimits {
  int64_t timePerMoveMs = 500;  // per position searched (0: no time limit)
  uint64_t nodesPerMove = 0;    // per position (0: none); node limits make reviews repeatable
  int maxDepth = 60;
  int hashMb = 16;
  // Lazy SMP threads per search. Node-limited reviews keep 1: helpers are not counted in the
  // node budget and make the grades differ from run to run.
  int threads = 1;
  uint64_t keepWinNodes = 20000;  // solver budget per reply when checking a win was kept
  // The root's wide VCT in each position's search (Limits::wideVctNodes): wins that begin with
  // a quiet move threatening a VCF count as forced wins, and missed ones become puzzles.
  uint64_t wideVctNodes = 200000;
  bool operator==(const ReviewLimits&) const = default;
};

// Runs a review in the background. start() validates the game (a clear error and nothing
// started when it is not legal under the rule); progress() and result() may be read from any
// thread at any time; cancel() returns once the analysis thread and its engine are gone.
class GameReview {
 public:
  GameReview();
  ~GameReview();
  GameReview(const GameReview&) = delete;
  GameReview& operator=(const GameReview&) = delete;

  std::optional<std::string> start(int size, Rule rule, const std::vector<Point>& moves,
                                   const ReviewLimits& limits);
  void cancel();
  void wait();  // until the review ends (completes or is cancelled)
  bool running() const;
  double progress() const;  // 0..1, positions analysed over positions to analyse
  ReviewResult result() const;

 private:
  void run(int size, Rule rule, std::vector<Point> moves, ReviewLimits limits);

  mutable std::mutex mutex_;
  std::thread worker_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> running_{false};
  Engine* engine_ = nullptr;  // the worker's engine while it runs (under mutex_)
  ReviewResult result_;
  int positionsDone_ = 0;
  int positionsTotal_ = 0;
};

// The same, synchronously on the caller's thread (the command line, tests).
std::optional<std::string> reviewGame(int size, Rule rule, const std::vector<Point>& moves,
                                      const ReviewLimits& limits, ReviewResult& out);

}  // namespace gomoku
