#include "core/engine.h"

#include "core/search.h"

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

void Engine::setHashMb(int megabytes) {
  stop();
  wait();
  std::lock_guard<std::mutex> lock(mutex_);
  searcher_->setHashMb(megabytes);
}

void Engine::clear() {
  stop();
  wait();
  std::lock_guard<std::mutex> lock(mutex_);
  searcher_->clear();
}

uint64_t Engine::go(const Board& position, const Limits& limits) {
  std::lock_guard<std::mutex> lock(mutex_);
  stop_ = true;  // cancels a running search; the worker clears it when it takes this one
  pending_ = position;
  pendingLimits_ = limits;
  hasPending_ = true;
  pendingId_ = nextId_++;
  info_ = SearchInfo{};
  info_.searchId = pendingId_;
  info_.running = true;
  info_.allottedMs = limits.infinite ? 0 : limits.timeMs;
  wake_.notify_all();
  return pendingId_;
}

void Engine::stop() { stop_ = true; }

void Engine::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  wake_.wait(lock, [this] { return !searching_ && !hasPending_; });
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

SearchInfo Engine::searchNow(const Board& position, const Limits& limits) {
  uint64_t id = go(position, limits);
  wait();
  SearchInfo result = info();
  result.searchId = id;
  return result;
}

void Engine::threadMain() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return quit_ || hasPending_; });
    if (quit_) return;
    Board position = pending_;
    Limits limits = pendingLimits_;
    uint64_t id = pendingId_;
    hasPending_ = false;
    searching_ = true;
    stop_ = false;
    lock.unlock();

    Searcher::Publish publish = [this, id](const SearchInfo& snapshot) {
      Listener listener;
      {
        std::lock_guard<std::mutex> guard(mutex_);
        if (hasPending_ || id != pendingId_) return;  // superseded: keep the newer info
        info_ = snapshot;
        listener = listener_;
      }
      if (listener) listener(snapshot);
    };
    searcher_->run(position, limits, stop_, id, publish);

    lock.lock();
    searching_ = false;
    wake_.notify_all();
  }
}

}  // namespace gomoku
