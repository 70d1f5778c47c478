// ControllerEngine over the real engine.
#include "app/gui/models/controller_engine.h"
#include "core/search/engine.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(__APPLE__)
#include <pthread.h>
#elif defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif

namespace gomoku::gui {
namespace {

// The search thread gives way to the interface: on a machine with few cores the frame (and
// a software rasteriser's threads) must not wait for the scheduler to take a core back from
// the search. The search still gets every cycle the interface does not use.
void yieldToInterface() {
  thread_local bool done = false;
  if (done) return;
  done = true;
#if defined(__linux__)
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#elif defined(__APPLE__)
  pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0);
#elif defined(_WIN32)
  SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL);
#endif
}

class EngineBackend final : public ControllerEngine {
 public:
  explicit EngineBackend(int hashMb) {
    engine_.setHashMb(hashMb);
    // The listener runs on the engine's thread: the one place to set that thread's priority.
    engine_.setListener([](const SearchInfo&) { yieldToInterface(); });
  }
  uint64_t go(const Board& position, const Limits& limits) override {
    return engine_.go(position, limits);
  }
  void stop() override { engine_.stop(); }
  bool busy() const override { return engine_.busy(); }
  SearchInfo info() const override { return engine_.info(); }
  void clear() override { engine_.clear(); }
  void setHashMb(int megabytes) override { engine_.setHashMb(megabytes); }
  int hashMb() const override { return engine_.hashMb(); }
  Engine* engine() override { return &engine_; }

 private:
  Engine engine_;
};

}  // namespace

std::unique_ptr<ControllerEngine> makeEngineBackend(int hashMb) {
  return std::make_unique<EngineBackend>(hashMb);
}

}  // namespace gomoku::gui
