// BrainEngine: the engine as the console brain sees it — start a search on a position, stop
// it, read its progress, be woken when it moves. (The GUI's view is gui::ControllerEngine.)
// EngineBackend (engine_backend.h) wraps core/search/engine.h; QuickBackend is a stand-in that answers
// with quickMove(), for the tests and the fuzz target.
#pragma once

#include <functional>
#include <optional>

#include "core/board/board.h"
#include "core/search/info.h"
#include "core/search/tt.h"

namespace gomoku::pbrain {

class BrainEngine {
 public:
  virtual ~BrainEngine() = default;
  // Returns the size had: less than asked when the system refused the memory (the engine then
  // keeps its old table or takes the largest it is given, and plays on).
  virtual int setHashMb(int megabytes) = 0;
  // The table's size now: after newGame() (once ready) it can be smaller than setHashMb()
  // said, when clearing had to allocate afresh and the system gave less.
  virtual int hashMb() const = 0;
  virtual void newGame() = 0;
  // Returns once the engine is idle with its tables ready (a new or cleared table zeroed, which
  // maps its memory: 10-140 ms for 64 MiB here). The brain waits so before it answers START
  // or RESTART, whose reply the manager waits for, so that this is not paid inside the first
  // move's time.
  virtual void waitReady() = 0;
  // Starts searching `position` for its side to move; returns at once. Cancels a running search.
  virtual void start(const Board& position, const Limits& limits) = 0;
  // Asks the running search to finish now; its result then comes through progress().
  virtual void stop() = 0;
  // Progress of the search started last; `finished` once its result is final.
  virtual SearchInfo progress() = 0;
  // `wake` is called (from any thread, maybe the engine's) whenever progress may have moved.
  virtual void setWakeup(std::function<void()> wake) = 0;
};

// Answers with quickMove() as a depth-1 result: at once, or only after stop() when told to
// hold. Records what it was asked, for tests.
class QuickBackend : public BrainEngine {
 public:
  int setHashMb(int megabytes) override {
    hashMbAsked = megabytes;
    held = hashMbHad.value_or(megabytes);
    return held;
  }
  int hashMb() const override { return held; }
  void newGame() override { ++newGames; }
  void waitReady() override { ++readyWaits; }
  void start(const Board& position, const Limits& limits) override;
  void stop() override { stopped = true; }
  SearchInfo progress() override;
  void setWakeup(std::function<void()>) override {}

  bool holdUntilStopped = false;
  std::optional<Point> forcedMove;  // reported as the best move instead of quickMove()'s
  int hashMbAsked = 0;
  std::optional<int> hashMbHad;  // what setHashMb() reports having got (else what was asked)
  int held = kDefaultTableMb;    // what hashMb() reports (a test may shrink it, as clear() can)
  int newGames = 0;
  int readyWaits = 0;
  int starts = 0;
  bool stopped = false;
  Limits lastLimits;
  Board lastPosition;

 private:
  SearchInfo result_;
};

}  // namespace gomoku::pbrain
