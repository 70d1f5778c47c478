// The project's own engine as a Player: the same search the GUI and the brain use, at a
// casual strength level (1..10) or at full strength with a node or depth limit, on its own
// Engine (its own thread and transposition table). It keeps to the clock the way the brain
// does (core/search/timeman), so built-in and external players are interchangeable.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "core/search/engine.h"
#include "core/manager/player.h"

namespace gomoku {

struct BuiltinConfig {
  std::string name = "builtin";
  int strength = 10;  // 1..10 (10 = full strength)
  int threads = 1;
  int hashMb = 64;
  uint64_t maxNodes = 0;  // per move; 0 = none
  int maxDepth = 0;       // per move; 0 = none (the level's own depth below level 10)
};

class BuiltinPlayer : public Player {
 public:
  explicit BuiltinPlayer(BuiltinConfig config);
  ~BuiltinPlayer() override;

  std::string name() const override { return config_.name; }
  std::optional<std::string> newGame(const GameSettings& settings) override;
  MoveReply requestMove(const std::vector<Point>& moves, const MoveClock& clock) override;
  void abort() override;
  void clearAbort() override { abort_.store(false); }

  const BuiltinConfig& config() const { return config_; }
  // The engine's report on the last move (depth, nodes, PV...).
  const SearchInfo& lastInfo() const { return lastInfo_; }

 private:
  BuiltinConfig config_;
  GameSettings settings_;
  std::unique_ptr<Engine> engine_;
  std::atomic<bool> abort_{false};
  SearchInfo lastInfo_;
  std::mutex mutex_;
  std::condition_variable finishedCv_;
  uint64_t finishedId_ = 0;  // the last search the engine reported finished
  uint64_t games_ = 0;
};

}  // namespace gomoku
