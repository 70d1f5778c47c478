// The real search behind the brain: core/search/engine.h's Engine, which runs on its own thread.
#pragma once

#include <cstdint>

#include "app/pbrain/backend.h"
#include "core/search/engine.h"

namespace gomoku::pbrain {

class EngineBackend : public BrainEngine {
 public:
  int setHashMb(int megabytes) override { return engine_.setHashMb(megabytes); }
  int hashMb() const override { return engine_.hashMb(); }
  void newGame() override { engine_.clear(); }
  void waitReady() override { engine_.wait(); }
  void start(const Board& position, const Limits& limits) override;
  void stop() override { engine_.stop(); }
  SearchInfo progress() override;
  void setWakeup(std::function<void()> wake) override;

 private:
  Engine engine_;
  uint64_t searchId_ = 0;
};

}  // namespace gomoku::pbrain
