// SearchBackend over the real engine.
#include "core/engine.h"
#include "app/gui/search_backend.h"

namespace gomoku::gui {
namespace {

class EngineBackend final : public SearchBackend {
 public:
  explicit EngineBackend(int hashMb) { engine_.setHashMb(hashMb); }
  uint64_t go(const Board& position, const Limits& limits) override {
    return engine_.go(position, limits);
  }
  void stop() override { engine_.stop(); }
  bool busy() const override { return engine_.busy(); }
  SearchInfo info() const override { return engine_.info(); }
  void clear() override { engine_.clear(); }
  Engine* engine() override { return &engine_; }

 private:
  Engine engine_;
};

}  // namespace

std::unique_ptr<SearchBackend> makeEngineBackend(int hashMb) {
  return std::make_unique<EngineBackend>(hashMb);
}

}  // namespace gomoku::gui
