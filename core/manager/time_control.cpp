#include "core/manager/time_control.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gomoku {

namespace {

// Seconds with an optional fraction ("0.5", "12", ".25") -> milliseconds.
std::optional<int64_t> parseSeconds(std::string_view text) {
  if (text.empty() || text.size() > 12) return std::nullopt;
  int64_t whole = 0, fraction = 0, scale = 1000;
  bool digits = false, dot = false;
  for (char c : text) {
    if (c == '.' && !dot) {
      dot = true;
    } else if (c >= '0' && c <= '9') {
      digits = true;
      if (!dot) {
        whole = whole * 10 + (c - '0');
      } else if (scale > 1) {
        scale /= 10;
        fraction += (c - '0') * scale;
      }
    } else {
      return std::nullopt;
    }
  }
  if (!digits) return std::nullopt;
  return whole * 1000 + fraction;
}

std::string formatSeconds(int64_t ms) {
  char buffer[32];
  if (ms % 1000 == 0)
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(ms / 1000));
  else
    std::snprintf(buffer, sizeof buffer, "%g", double(ms) / 1000.0);
  return buffer;
}

}  // namespace

std::optional<TimeControl> parseTimeControl(std::string_view text, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<TimeControl> {
    if (error) *error = "time control '" + std::string(text) + "': " + why;
    return std::nullopt;
  };
  TimeControl tc;
  std::string_view rest = text;
  if (size_t plus = rest.find('+'); plus != std::string_view::npos) {
    auto inc = parseSeconds(rest.substr(plus + 1));
    if (!inc) return fail("the increment is not a number of seconds");
    tc.incrementMs = *inc;
    rest = rest.substr(0, plus);
  }
  if (size_t slash = rest.find('/'); slash != std::string_view::npos) {
    auto match = parseSeconds(rest.substr(0, slash));
    auto turn = parseSeconds(rest.substr(slash + 1));
    if (!match || !turn) return fail("expected match/turn seconds, e.g. 0/0.5 or 60/5+0.5");
    tc.matchMs = *match;
    tc.turnMs = *turn;
  } else {
    auto match = parseSeconds(rest);
    if (!match) return fail("expected seconds, e.g. 60 or 0/0.5");
    tc.matchMs = *match;
    tc.turnMs = 0;  // like c-gomoku-cli: the match time is the only limit
  }
  if (tc.matchMs == 0 && tc.turnMs == 0) return fail("no limit at all (give a match or turn time)");
  if (tc.matchMs > 0 && tc.turnMs > tc.matchMs) tc.turnMs = tc.matchMs;
  return tc;
}

std::string formatTimeControl(const TimeControl& tc) {
  std::string text = formatSeconds(tc.matchMs);
  if (tc.turnMs > 0) {
    text += '/';
    text += formatSeconds(tc.turnMs);
  }
  if (tc.incrementMs > 0) {
    text += '+';
    text += formatSeconds(tc.incrementMs);
  }
  return text;
}

std::optional<int64_t> PlayerClock::moveLimitMs() const {
  std::optional<int64_t> limit;
  if (tc_.turnMs > 0) limit = tc_.turnMs;
  if (matchLimited()) limit = std::min(limit.value_or(leftMs_), std::max<int64_t>(leftMs_, 0));
  return limit;
}

void PlayerClock::spend(int64_t ms) {
  if (!matchLimited()) return;
  leftMs_ -= ms;
  leftMs_ += tc_.incrementMs;
}

}  // namespace gomoku
