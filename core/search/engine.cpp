#include "core/search/engine.h"

#include <algorithm>
#include <exception>

#include "core/search/search.h"

namespace gomoku {

Engine::Engine() : searcher_(std::make_unique<Searcher>()) {
  thread_ = std::thread([this] { threadMain(); });
}

Engine::~Engine() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

int Engine::setHashMb(int megabytes) {
  stop();
  std::unique_lock<std::mutex> lock(mutex_);
  // A clearing not started yet need not be waited for: the new table replaces that one.
  wake_.wait(lock, [this] { return !searching_ && !hasPending_ && !clearing_; });
  searcher_->setHashMb(megabytes);
  clearPending_ = true;
  wake_.notify_all();
  return searcher_->tt().megabytes();
}

int Engine::hashMb() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return searcher_->tt().megabytes();
}

void Engine::clear() {
  stop();
  std::lock_guard<std::mutex> lock(mutex_);
  clearPending_ = true;
  wake_.notify_all();
}

uint64_t Engine::go(const Board& position, const Limits& limits) {
  std::lock_guard<std::mutex> lock(mutex_);
  stop_ = true;  // cancels a running search; the worker clears it when it takes this one
  pending_ = position;
  pendingLimits_ = limits;
  pendingRequested_ = std::chrono::steady_clock::now();
  hasPending_ = true;
  pendingStopped_ = false;
  pendingId_ = nextId_++;
  info_ = SearchInfo{};
  info_.searchId = pendingId_;
  info_.rule = position.rule();
  info_.running = true;
  info_.allottedMs = limits.infinite ? 0 : limits.timeMs;
  wake_.notify_all();
  return pendingId_;
}

void Engine::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  stop_ = true;
  if (hasPending_) pendingStopped_ = true;  // the worker would otherwise clear the flag
}

void Engine::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  wake_.wait(lock, [this] { return !searching_ && !hasPending_ && !clearPending_ && !clearing_; });
}

bool Engine::busy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return searching_ || hasPending_;
}

SearchInfo Engine::info() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return info_;
}

void Engine::setListener(Listener listener) {
  std::lock_guard<std::mutex> lock(mutex_);
  listener_ = std::move(listener);
}

SearchInfo Engine::searchNow(const Board& position, const Limits& limits,
                             const std::atomic<bool>* cancel) {
  uint64_t id = go(position, limits);
  if (cancel && cancel->load()) stop();
  wait();
  SearchInfo result = info();
  result.searchId = id;
  return result;
}

// Runs the main search on this thread and, when asked for more threads, Lazy SMP helpers
// beside it until the main search ends. Published statistics count every thread's nodes. The
// move played comes from the thread that completed the deepest iteration (the main thread on
// a tie): a helper that got further has the better-informed answer.
SearchInfo Engine::runSearch(const Board& position, const Limits& limits, uint64_t id,
                             std::chrono::steady_clock::time_point requested) {
  int helperCount = std::clamp(limits.threads, 1, 64) - 1;
  // Helpers are memory (their tables of history, a thread's stack) the system may refuse: an
  // exception would end this thread and the program. The search goes on with the helpers had.
  try {
    while (int(helpers_.size()) < helperCount) {
      helpers_.push_back(std::make_unique<Searcher>(&searcher_->tt()));
      helpers_.back()->setHelperIndex(int(helpers_.size()));
    }
  } catch (const std::exception&) {
    helperCount = int(helpers_.size());
  }
  helperStop_ = false;
  std::vector<std::thread> threads;
  std::vector<SearchInfo> helperResults(helperCount);
  Limits helperLimits = limits;
  helperLimits.infinite = true;
  helperLimits.maxNodes = 0;
  helperLimits.noise = 0;
  helperLimits.multiPv = 1;
  for (int i = 0; i < helperCount; ++i) {
    try {
      threads.emplace_back([this, i, &position, helperLimits, &helperResults, requested] {
        Searcher::Publish none;
        helperResults[i] =
            helpers_[i]->run(position, helperLimits, helperStop_, 0, none, requested);
      });
    } catch (const std::exception&) {
      helperCount = i;  // no thread for this one: the results compared are those of the others
      break;
    }
  }

  auto withHelpers = [this, helperCount](SearchInfo info) {
    for (int i = 0; i < helperCount; ++i) info.nodes += helpers_[i]->liveNodes();
    info.nps = info.elapsedMs > 0 ? info.nodes * 1000 / uint64_t(info.elapsedMs) : 0;
    return info;
  };
  auto deliver = [this, id](const SearchInfo& info) {
    Listener listener;
    {
      std::lock_guard<std::mutex> guard(mutex_);
      if (hasPending_ || id != pendingId_) return;  // superseded: keep the newer info
      info_ = info;
      listener = listener_;
    }
    if (listener) listener(info);
  };
  // With helpers, the main thread's final report waits until they are stopped and compared.
  Searcher::Publish publish = [&](const SearchInfo& snapshot) {
    if (!(snapshot.finished && helperCount > 0)) deliver(withHelpers(snapshot));
  };
  SearchInfo result = searcher_->run(position, limits, stop_, id, publish, requested);
  helperStop_ = true;
  for (std::thread& t : threads) t.join();
  if (helperCount == 0) return result;

  // Only the main thread runs the root solvers (and a casual level's lapses): a helper's move
  // must still be among the main thread's root moves (those the solvers did not prove lost),
  // and a proven win of the main thread stands.
  bool choose = limits.noise == 0 && limits.multiPv <= 1 && limits.lapsePermille == 0 &&
                result.solver.empty() && result.score <= kScoreMateBound;
  auto allowed = [&result](Point move) {
    return std::any_of(result.rootMoves.begin(), result.rootMoves.end(),
                       [move](const RootMoveInfo& rm) { return rm.move == move; });
  };
  for (const SearchInfo& helper : helperResults) {
    result.nodes += helper.nodes;
    result.solverNodes += helper.solverNodes;
    bool deeper = helper.completedDepth > result.completedDepth && helper.bestMove != kNullPoint &&
                  !(helper.score < -kScoreMateBound && result.score >= -kScoreMateBound);
    if (choose && deeper && allowed(helper.bestMove)) {
      result.bestMove = helper.bestMove;
      result.score = helper.score;
      result.pv = helper.pv;
      result.rootMoves = helper.rootMoves;
      result.completedDepth = helper.completedDepth;
      result.iterations = helper.iterations;  // the depths behind the move and score reported
      result.selDepth = std::max(result.selDepth, helper.selDepth);
    }
  }
  result.nps = result.elapsedMs > 0 ? result.nodes * 1000 / uint64_t(result.elapsedMs) : 0;
  deliver(result);
  return result;
}

void Engine::threadMain() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return quit_ || hasPending_ || clearPending_; });
    if (quit_) return;
    if (clearPending_) {  // before any search asked for after it (or before it: that one was stopped)
      clearPending_ = false;
      clearing_ = true;
      lock.unlock();
      searcher_->clear();
      for (auto& helper : helpers_) helper->clear();
      lock.lock();
      clearing_ = false;
      wake_.notify_all();
      continue;
    }
    Board position = pending_;
    Limits limits = pendingLimits_;
    uint64_t id = pendingId_;
    const auto requested = pendingRequested_;
    hasPending_ = false;
    searching_ = true;
    stop_ = pendingStopped_;
    lock.unlock();

    runSearch(position, limits, id, requested);

    lock.lock();
    searching_ = false;
    wake_.notify_all();
  }
}

}  // namespace gomoku
