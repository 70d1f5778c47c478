#include "core/search/timeman.h"

#include <algorithm>

#include "core/search/info.h"

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
  int64_t soft = search;
  if (left) {
    if (*left <= 0) {
      search = soft = 1;
      answer = std::min<int64_t>(answer, 20);
    } else {
      // The share of this move, and at most four times that (never more than a quarter of
      // what is left) when the search finds the move hard. (Session 62, at Gomocup's fast
      // ratio scaled down - 6 s a game, 0.25 s a move at most: max(16, 40 - ply / 2) moves to
      // go, which spends less early, 174-200-26 over 400 freestyle games, -22.6 +/- 25.3 Elo by
      // pairs, srand 6204; max(10, 24 - ply / 2), which spends more early, 184-192-24, -6.9 +/-
      // 24.3, srand 6205. The share between them stays.)
      int64_t movesToGo = std::max(12, 30 - ply / 2);
      int64_t reserve = std::max<int64_t>(20, *left / 20);
      soft = std::min(search, *left / movesToGo);
      search = std::min({search, 4 * soft, (*left - reserve) / 4});
      answer = std::min(answer, *left - reserve);
    }
  }

  MoveTime t;
  t.answerMs = std::max<int64_t>(1, answer);
  t.searchMs = std::clamp<int64_t>(search, 1, t.answerMs);
  t.softMs = std::clamp<int64_t>(soft, 1, t.searchMs);
  return t;
}

void applyMoveTime(const MoveTime& t, int64_t spentMs, Limits& limits) {
  limits.timeMs = std::max<int64_t>(1, t.searchMs - spentMs);
  limits.softTimeMs =
      t.softMs < t.searchMs ? std::clamp<int64_t>(t.softMs - spentMs, 1, limits.timeMs) : 0;
}

double softLimitScale(const std::vector<IterationInfo>& iterations) {
  const size_t n = iterations.size();
  if (n < 2) return 1.0;
  // Changes of the best move over the last three iterations: 0.8 when it stayed, up to 2.15.
  int changes = 0;
  for (size_t i = n - 1; i >= 1 && i + 3 >= n; --i)
    changes += iterations[i].bestMove != iterations[i - 1].bestMove;
  double scale = 0.8 + 0.45 * changes;
  // A falling score: up to twice the time for a fall of 300 or more.
  if (n >= 3) {
    const int now = iterations[n - 1].score, before = iterations[n - 3].score;
    if (!isMateScore(now) && !isMateScore(before) && before - now > 30)
      scale *= 1.0 + std::min(before - now, 300) / 300.0;
  }
  return scale;
}

}  // namespace gomoku
