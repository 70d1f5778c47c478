// Turns the manager's limits (INFO timeout_turn, timeout_match, time_left) into the time one
// move may take: how long the engine searches, and the moment the brain answers at the latest
// whatever the engine is doing. Both count from the arrival of the command that asks for the
// move, because the protocol's turn clock includes reading and processing that command.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace gomoku {

constexpr int64_t kUnlimitedTimeLeft = 2147483647;  // time_left when the match is unlimited
constexpr int64_t kDefaultTurnMs = 5000;            // when the manager never says

struct ProtocolTime {
  int64_t turnMs = kDefaultTurnMs;    // timeout_turn; 0 = play as fast as possible
  int64_t matchMs = 0;                // timeout_match; 0 = no limit
  std::optional<int64_t> timeLeftMs;  // the latest time_left, if any was sent
};

struct MoveTime {
  int64_t searchMs = 1;  // the engine's hard limit (Limits::timeMs), >= 1
  int64_t answerMs = 1;  // the brain answers by then with the best move it has, >= searchMs
  // The time the move should take (Limits::softTimeMs): under a match clock a share of what
  // is left, which the search stretches when its best move is unstable or its score falls
  // (softLimitScale) up to searchMs. Without a match clock it equals searchMs: time not spent
  // on this move is not spent on another, so the search uses all of it.
  int64_t softMs = 1;
};

// `matchUsedMs`: the brain's own thinking time so far this game, used when the manager sends
// timeout_match but no time_left. `ply`: stones on the board (a guess at the moves to go).
MoveTime allotMoveTime(const ProtocolTime& tc, int64_t matchUsedMs, int ply);

// Sets a search's time limits from the move's time, of which `spentMs` is already gone (the
// command was read that long ago): the hard limit, and the soft one when a match clock makes
// it shorter (else none: a soft limit equal to the hard one would still shrink on a stable
// best move).
struct Limits;
void applyMoveTime(const MoveTime& t, int64_t spentMs, Limits& limits);

// After an iteration of the search completed: how far the move's soft time stretches (1 =
// as allotted). More when the best move changed over the last iterations or the score fell
// (compared with the iteration two back, of the same depth parity: odd and even depths score
// differently), less when the best move stayed put, so stable positions save time for
// unstable ones. Reads IterationInfo's depth-by-depth best moves and scores.
struct IterationInfo;
double softLimitScale(const std::vector<IterationInfo>& iterations);

// The safety margin kept below a turn limit of `turnMs`: time for the engine to notice the
// stop, for the reply to travel, and for the manager's own clock granularity.
int64_t safetyMarginMs(int64_t turnMs);

}  // namespace gomoku
