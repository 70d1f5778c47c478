// A scripted search backend: a search stays "in flight" until the test finishes it with the
// move it chooses, so every step of the controller can be looked at in between.
#pragma once

#include <memory>
#include <vector>

#include "app/gui/models/game_controller.h"
#include "app/gui/models/controller_engine.h"

namespace gomoku::gui::testing {

struct FakeSearches {
  uint64_t nextId = 1;
  SearchInfo info;
  std::vector<Board> positions;  // every position a search was started on
  std::vector<Limits> limits;
  int stops = 0;
  int clears = 0;
  std::vector<int> hashSizes;       // every setHashMb, in order
  int hashResizesWhileRunning = 0;  // setHashMb while a search was in flight (never wanted)

  // Makes the search in flight report `move` as final (as the engine's info() would).
  void finish(Point move) {
    info.running = false;
    info.finished = true;
    info.bestMove = move;
  }
  bool running() const { return info.running; }
};

class FakeBackend final : public ControllerEngine {
 public:
  explicit FakeBackend(std::shared_ptr<FakeSearches> state) : state_(std::move(state)) {}
  uint64_t go(const Board& position, const Limits& limits) override {
    SearchInfo info;
    info.searchId = state_->nextId++;
    info.running = true;
    info.allottedMs = limits.timeMs;
    state_->info = info;
    state_->positions.push_back(position);
    state_->limits.push_back(limits);
    return info.searchId;
  }
  void stop() override {
    ++state_->stops;
    state_->info.running = false;
  }
  bool busy() const override { return state_->info.running; }
  SearchInfo info() const override { return state_->info; }
  void clear() override { ++state_->clears; }
  void setHashMb(int megabytes) override {
    if (state_->info.running) ++state_->hashResizesWhileRunning;
    state_->hashSizes.push_back(megabytes);
  }
  // As made by makeEngineBackend() until resized.
  int hashMb() const override {
    return state_->hashSizes.empty() ? kDefaultHashMb : state_->hashSizes.back();
  }

 private:
  std::shared_ptr<FakeSearches> state_;
};

using Kinds = std::vector<EventKind>;

// A game controller on a fake backend, with the players given and a fixed AI setting; test
// files derive their fixtures from it and add their own helpers.
struct ControllerFixture {
  std::shared_ptr<FakeSearches> searches = std::make_shared<FakeSearches>();
  GameController c{std::make_unique<FakeBackend>(searches)};

  explicit ControllerFixture(PlayerKind black = PlayerKind::Human,
                             PlayerKind white = PlayerKind::Computer) {
    c.setPlayer(Color::Black, black);
    c.setPlayer(Color::White, white);
    c.setAi({5, 1000});
  }
  // The kinds of the events since the last call.
  Kinds kinds() {
    Kinds out;
    for (const GameEvent& e : c.takeEvents()) out.push_back(e.kind);
    return out;
  }
};

}  // namespace gomoku::gui::testing
