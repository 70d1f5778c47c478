// Helpers for the manager tests: a fake brain configured by its options, "is that process
// gone?", and the settings, clocks and text checks the tests share.
#pragma once

#include <signal.h>

#include <cerrno>
#include <string>
#include <vector>

#include "core/manager/brain_player.h"

namespace gomoku::testing {

inline BrainConfig fakeBrain(std::vector<std::string> options = {}) {
  BrainConfig config;
  config.argv = {FAKE_BRAIN_EXE};
  for (std::string& o : options) config.argv.push_back(std::move(o));
  config.toleranceMs = 50;
  config.startTimeoutMs = 2000;
  config.graceMs = 200;
  return config;
}

// True once no process has this id (it was killed and reaped, not left a zombie).
inline bool processGone(int pid) { return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH; }

inline GameSettings settings15(int64_t turnMs = 1000) {
  GameSettings s;
  s.size = 15;
  s.rule = Rule::Freestyle;
  s.time.matchMs = 0;
  s.time.turnMs = turnMs;
  return s;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

inline MoveClock turnClock(int64_t ms) { return MoveClock{ms, kUnlimitedTimeLeft}; }

}  // namespace gomoku::testing
