// ControllerEngine: the engine as the game controller sees it — start a search, stop it, poll
// its progress once a frame. (The console brain's view of an engine is pbrain::BrainEngine.)
// The real one wraps gomoku::Engine; tests substitute a scripted one to hold a search "in
// flight" for as long as a step needs.
#pragma once

#include <cstdint>
#include <memory>

#include "app/gui/models/engine_resources.h"
#include "core/board/board.h"
#include "core/search/info.h"

namespace gomoku {
class Engine;
}

namespace gomoku::gui {

class ControllerEngine {
 public:
  virtual ~ControllerEngine() = default;
  // Starts a search of `position` for its side to move, cancelling any running one.
  virtual uint64_t go(const Board& position, const Limits& limits) = 0;
  virtual void stop() = 0;
  virtual bool busy() const = 0;
  virtual SearchInfo info() const = 0;
  // Forgets what was learned (new game).
  virtual void clear() = 0;
  // The transposition table's size; the table starts empty. The controller calls it only when
  // no search of its own runs on this engine. External brains keep their own memory setting.
  virtual void setHashMb(int /*megabytes*/) {}
  virtual int hashMb() const { return 0; }  // 0: not this backend's to say
  // The engine behind this backend, if it is a real one (panels that read engine internals).
  virtual Engine* engine() { return nullptr; }
};

// The real engine on its own thread.
std::unique_ptr<ControllerEngine> makeEngineBackend(int hashMb = kDefaultHashMb);

}  // namespace gomoku::gui
