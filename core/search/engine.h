// The engine: owns the search thread. go() starts a search on a copy of the position and
// returns at once; info() copies the latest statistics (published under a lock at most every
// ~50 ms and at the end of each iteration); the UI learns the result by polling finished or
// by the listener. A new go() cancels a running search; stop() returns within 50 ms;
// destroying the engine mid-search is safe.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/board/board.h"
#include "core/search/info.h"

namespace gomoku {

class Searcher;

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Transposition table size; takes effect at once (not during a search: stops it first).
  // The new table is zeroed on the engine's thread, like clear(). Returns the size had, as
  // hashMb() does: less than asked when the system refused the memory (the table then is the
  // old one or the largest it gave; see TranspositionTable::resize).
  int setHashMb(int megabytes);
  int hashMb() const;
  // Forgets what was learned (TT, history): call at a new game. Stops a running search and
  // returns at once: the engine's thread does the clearing (zeroing a large table takes a
  // while) before it takes the next search. The engine also clears once when it starts, so
  // the table's pages are mapped before the first search rather than during it.
  void clear();

  // Starts searching `position` for its side to move. Returns the search id.
  uint64_t go(const Board& position, const Limits& limits);
  void stop();          // asks the search to finish now; returns promptly
  void wait();          // blocks until no search runs and no clearing is pending
  bool busy() const;    // a search is running
  SearchInfo info() const;

  // Called on the engine thread at each publish (throttled) and once when a search ends
  // (info.finished). Keep it short; it must not call back into the engine.
  using Listener = std::function<void(const SearchInfo&)>;
  void setListener(Listener listener);

  // Synchronous search on the caller's thread (tests, bench, the brain's simple paths). With
  // `cancel` given, the search is stopped if it is set once the search has started: go()
  // clears an earlier stop(), so a caller's cancel that came just before would be lost, and
  // the search would run its whole budget (the review's cancel).
  SearchInfo searchNow(const Board& position, const Limits& limits,
                       const std::atomic<bool>* cancel = nullptr);

 private:
  void threadMain();
  SearchInfo runSearch(const Board& position, const Limits& limits, uint64_t id,
                       std::chrono::steady_clock::time_point requested);

  std::unique_ptr<Searcher> searcher_;
  std::vector<std::unique_ptr<Searcher>> helpers_;  // Lazy SMP, sharing searcher_'s table
  std::atomic<bool> stop_{false};
  std::atomic<bool> helperStop_{false};
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
  Board pending_;
  Limits pendingLimits_;
  std::chrono::steady_clock::time_point pendingRequested_;  // when go() asked: the clock starts
  bool hasPending_ = false;
  bool pendingStopped_ = false;  // stop() came before the worker took the pending search
  bool searching_ = false;
  bool clearPending_ = true;  // clear() asked for (and once at start): done before any search
  bool clearing_ = false;
  bool quit_ = false;
  uint64_t nextId_ = 1;
  uint64_t pendingId_ = 0;
  SearchInfo info_;
  Listener listener_;
};

}  // namespace gomoku
