// An external Gomocup brain as the game controller's engine: the same go / stop / poll shape
// as the built-in engine, so a color can be played by any engine on disk. The protocol runs
// on a worker thread of its own (core/manager's BrainPlayer); the UI thread never waits for
// it. A brain that fails (will not start, crashes, answers garbage or too late) finishes its
// search without a move and says why in lastError(); it is started afresh for the next move.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/models/controller_engine.h"
#include "core/manager/brain_player.h"

namespace gomoku::gui {

// What a brain's MESSAGE line says about its search, where it says it in the common way
// ("depth 12-20 | eval 35 | ...", "depth 9 score -120 nodes 50000"): depth and score from its
// side's point of view. Fields it does not find stay empty.
struct ThinkingReport {
  std::optional<int> depth;
  std::optional<int> score;
  std::optional<uint64_t> nodes;
};
ThinkingReport parseThinking(std::string_view line);

class ExternalEngine : public ControllerEngine {
 public:
  // `path`: the engine's executable; it runs in its own folder.
  explicit ExternalEngine(std::string path);
  ~ExternalEngine() override;

  uint64_t go(const Board& position, const Limits& limits) override;
  void stop() override;
  bool busy() const override;
  SearchInfo info() const override;
  void clear() override;

  const std::string& path() const { return path_; }
  // The engine's name (from ABOUT once it has started; the file name before).
  std::string name() const;
  // Why the last search ended without a move ("" when it did not fail).
  std::string lastError() const;
  // What the engine said on the side since the last call (MESSAGE, ERROR, stderr lines).
  std::vector<std::string> takeLog();

 private:
  struct Request {
    uint64_t id = 0;
    std::vector<Point> moves;
    int size = kDefaultSize;
    Rule rule = Rule::Freestyle;
    int64_t timeMs = 0;
  };
  void run();

  std::string path_;
  std::unique_ptr<BrainPlayer> player_;  // used by the worker thread only (abort excepted)
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<Request> pending_;
  bool working_ = false;
  bool quit_ = false;
  bool needNewGame_ = true;
  int gameSize_ = 0;
  Rule gameRule_ = Rule::Freestyle;
  int64_t gameTimeMs_ = -1;
  uint64_t nextId_ = 1;
  SearchInfo info_;
  std::chrono::steady_clock::time_point started_{};
  std::string name_, lastError_;
  std::vector<std::string> log_;
  std::thread thread_;
};

}  // namespace gomoku::gui
