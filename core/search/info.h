// Plain structs that cross the engine boundary: what a search is asked to do (Limits) and
// what it reports (SearchInfo), plus the score conventions (mate scores by distance).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board/types.h"

namespace gomoku {

// Scores are from the side to move's view, in evaluation units (a bare open three is ~100s).
constexpr int kScoreMate = 30000;      // a five on the board now
constexpr int kScoreMateBound = 29000; // |score| above this: forced win/loss, distance known
constexpr int kScoreInfinite = 32000;
constexpr bool isMateScore(int score) { return score > kScoreMateBound || score < -kScoreMateBound; }
// Plies to the five when the score is a mate score (positive for either side).
constexpr int mateDistance(int score) { return score > 0 ? kScoreMate - score : kScoreMate + score; }
// "+12", "-345", "win in 5", "loss in 4" (moves of the winner, as players count them).
std::string scoreToText(int score);
// Winning chance for the side to move, 0..1, from the score, by the rule's fitted map.
double winProbability(int score, Rule rule);

struct Limits {
  int maxDepth = 60;           // iterations
  uint64_t maxNodes = 0;       // 0 = no node limit
  int64_t timeMs = 0;          // hard limit for this move; 0 = no time limit
  int64_t softTimeMs = 0;      // match clock: the move's share, which the search stretches
                               // or shrinks by softLimitScale, up to timeMs; 0 = none
  bool infinite = false;       // analysis: search until stopped
  int threads = 1;             // Lazy SMP helpers when > 1
  int noise = 0;               // casual play: +-noise random score on root moves
  uint64_t seed = 1;           // for noise
  int multiPv = 1;             // root moves searched with full windows (YXNBEST, analysis)
  // How much of the threat machinery a search may use; casual levels turn these down
  // (limitsForStrength). The defaults are full strength.
  int vcfThreats = 100;        // root VCF: at most this many fours; 0 = no root solvers at all
  int vctThreats = 9;          // root VCT: at most this many threats; 0 = none
  int leafVcfThreats = 8;      // the VCF quiescence at the leaves; 0 = none
  // The root's wide VCT (quiet moves that threaten a VCF, after the plain VCT fails): at most
  // this many nodes, within a third of the move's time; 0 = none. An analysis without a clock
  // runs it anyway (within 250k nodes); the review turns it on, so a win that starts with
  // such a move counts as a forced win there.
  uint64_t wideVctNodes = 0;
  int lapsePermille = 0;       // chance (per mille) of a lapse: a move chosen for its own
                               // shape alone, blind to the opponent's threes (never to a four)
};

// Casual strength levels 1..10 (10 = full strength, given time): a shorter horizon, a smaller
// threat solver, lapses of attention and noise on the scores of the best root moves — the same
// search with limits, never a different engine. Calibrated with gomoku-match (README).
Limits limitsForStrength(int level, int64_t timeMs);

struct RootMoveInfo {
  Point move = kNullPoint;
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  std::vector<Point> pv;
};

struct IterationInfo {
  int depth = 0;
  Point bestMove = kNullPoint;
  int score = 0;
  std::vector<Point> pv;
  uint64_t nodes = 0;
  int64_t elapsedMs = 0;
  std::vector<RootMoveInfo> rootMoves;  // sorted best first, scores at this depth
  // Aspiration windows: how often this depth's first window failed (the score fell to or
  // below alpha / rose to or above beta) and the root was searched again with a wider one.
  int failLows = 0, failHighs = 0;
};

struct SearchInfo {
  uint64_t searchId = 0;
  // The rule of the position searched: what its scores mean (each rule has its own score ->
  // win chance map). A new game of another rule shown before its first search changes nothing.
  Rule rule = Rule::Freestyle;
  bool running = false;
  bool finished = false;     // the search is over and bestMove is final
  int depth = 0;             // last iteration started
  int completedDepth = 0;    // last iteration finished
  int selDepth = 0;
  uint64_t nodes = 0;        // every node: the main search's and the threat solvers'
  uint64_t solverNodes = 0;  // of which the threat solvers' (root and leaf VCF/VCT)
  int64_t solverMs = 0;      // the main thread's time in the threat solvers (of elapsedMs)
  uint64_t betaCutoffs = 0;
  uint64_t firstMoveCutoffs = 0;  // cutoffs made by the first move tried
  uint64_t ttProbes = 0;
  uint64_t ttHits = 0;
  uint64_t nps = 0;
  int64_t elapsedMs = 0;
  int64_t allottedMs = 0;
  int score = 0;
  Point bestMove = kNullPoint;
  std::vector<Point> pv;
  std::vector<RootMoveInfo> rootMoves;     // latest scores, best first
  std::vector<IterationInfo> iterations;   // one per completed depth
  std::string solver;                      // "VCF" / "VCT" when a threat solver decided
};

}  // namespace gomoku
