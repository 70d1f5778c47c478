#include "app/pbrain/engine_backend.h"

namespace gomoku::pbrain {

void EngineBackend::start(const Board& position, const Limits& limits) {
  searchId_ = engine_.go(position, limits);
}

SearchInfo EngineBackend::progress() {
  SearchInfo info = engine_.info();
  if (info.searchId != searchId_) {
    // The engine thread has not picked the search up yet: what it shows is the previous one.
    SearchInfo pending;
    pending.searchId = searchId_;
    pending.running = true;
    return pending;
  }
  return info;
}

void EngineBackend::setWakeup(std::function<void()> wake) {
  if (!wake) {
    engine_.setListener(nullptr);
    return;
  }
  engine_.setListener([wake = std::move(wake)](const SearchInfo&) { wake(); });
}

}  // namespace gomoku::pbrain
