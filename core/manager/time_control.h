// A game's time control as a manager sets it (cutechess / c-gomoku-cli style
// "match/turn+increment", in seconds) and each player's clock during a game. The limits a
// brain is told (INFO timeout_turn, timeout_match, time_left) come from here, and so does the
// deadline by which its move must arrive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/search/timeman.h"

namespace gomoku {

struct TimeControl {
  int64_t matchMs = 0;      // a player's time for the whole game; 0 = no match limit
  int64_t turnMs = 5000;    // the limit for one move; 0 = none (only the match clock counts)
  int64_t incrementMs = 0;  // added to the match clock after each move
  bool operator==(const TimeControl&) const = default;
};

// "0/0.5" (no match limit, 0.5 s a move), "60" (60 s a game), "60/5+0.5", "0/0.1".
// Seconds with decimals. nullopt and `error` when malformed or without any limit.
std::optional<TimeControl> parseTimeControl(std::string_view text, std::string* error = nullptr);
std::string formatTimeControl(const TimeControl& tc);

// One player's clock in one game.
class PlayerClock {
 public:
  explicit PlayerClock(const TimeControl& tc = {}) : tc_(tc), leftMs_(tc.matchMs) {}

  const TimeControl& control() const { return tc_; }
  bool matchLimited() const { return tc_.matchMs > 0; }
  // What is left of the match time (may be negative after a late move); kUnlimitedTimeLeft
  // when the match is not limited.
  int64_t timeLeftMs() const { return matchLimited() ? leftMs_ : kUnlimitedTimeLeft; }
  // The most the next move may take: the turn limit and what is left of the match, whichever
  // is smaller. nullopt: no limit at all.
  std::optional<int64_t> moveLimitMs() const;
  // Records a move that took `ms`: the match clock runs down, then gains the increment.
  void spend(int64_t ms);

 private:
  TimeControl tc_;
  int64_t leftMs_ = 0;
};

}  // namespace gomoku
