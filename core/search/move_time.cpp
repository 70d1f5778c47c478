#include "core/search/move_time.h"

#include <algorithm>

namespace gomoku {

int64_t safetyMarginMs(int64_t turnMs) { return std::clamp<int64_t>(30 + turnMs / 50, 30, 60); }

MoveTime allotMoveTime(const ProtocolTime& tc, int64_t matchUsedMs, int ply) {
  constexpr int64_t kNoLimit = int64_t{1} << 50;
  int64_t search = kNoLimit, answer = kNoLimit;

  if (tc.turnMs <= 0) {
    // "As fast as possible": one shallow look, an answer within a few tens of milliseconds.
    search = 1;
    answer = 30;
  } else {
    int64_t margin = safetyMarginMs(tc.turnMs);
    search = tc.turnMs - margin;
    answer = tc.turnMs - std::max<int64_t>(10, margin / 3);
  }

  // What is left of the match: the manager's time_left if it sends one (it must when the
  // match is limited), otherwise our own bookkeeping against timeout_match.
  std::optional<int64_t> left;
  if (tc.timeLeftMs && *tc.timeLeftMs < kUnlimitedTimeLeft)
    left = *tc.timeLeftMs;
  else if (!tc.timeLeftMs && tc.matchMs > 0)
    left = tc.matchMs - matchUsedMs;
  if (left) {
    if (*left <= 0) {
      search = 1;
      answer = std::min<int64_t>(answer, 20);
    } else {
      int64_t movesToGo = std::max(12, 30 - ply / 2);
      int64_t reserve = std::max<int64_t>(20, *left / 20);
      search = std::min(search, *left / movesToGo);
      answer = std::min(answer, *left - reserve);
    }
  }

  MoveTime t;
  t.answerMs = std::max<int64_t>(1, answer);
  t.searchMs = std::clamp<int64_t>(search, 1, t.answerMs);
  return t;
}

}  // namespace gomoku
