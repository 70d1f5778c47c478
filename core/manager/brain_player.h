// An external Gomocup brain as a Player: the manager side of the protocol. Starts the engine
// from an argv list in its own folder, speaks START / INFO / BEGIN / TURN / BOARD / TAKEBACK /
// RESTART / ABOUT / END to it, and turns every way it can misbehave (crash, silence, garbage,
// ERROR) into a Failure with a reason instead of a hang. The process is restarted for the next
// game when it cannot be trusted any more.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/manager/player.h"
#include "core/manager/process.h"

namespace gomoku {

struct BrainConfig {
  std::string name;                      // empty: the name from ABOUT, else the executable's
  std::vector<std::string> argv;         // the command, already split
  std::string workingDir;                // empty: the executable's folder (as Piskvork does)
  int64_t maxMemoryBytes = 350ll << 20;  // INFO max_memory (Gomocup's default); 0 = no limit
  int threads = 0;                       // INFO thread_num when > 0
  uint64_t maxNodes = 0;                 // INFO max_node when > 0 (Yixin-Board extension)
  int maxDepth = 0;                      // INFO max_depth when > 0
  std::vector<std::pair<std::string, std::string>> info;  // more "INFO key value" lines
  int64_t toleranceMs = 100;       // a reply this late is still accepted (pipes, scheduling)
  int64_t startTimeoutMs = 10000;  // START / RESTART must be answered within this
  int64_t graceMs = 500;           // after END, before the process is killed
};

// What the brain says about itself (ABOUT: name="...", version="...", ...).
struct BrainAbout {
  std::string name, version, author, country;
};
BrainAbout parseAbout(std::string_view line);

class BrainPlayer : public Player {
 public:
  explicit BrainPlayer(BrainConfig config);
  ~BrainPlayer() override;

  std::string name() const override;
  std::optional<std::string> newGame(const GameSettings& settings) override;
  MoveReply requestMove(const std::vector<Point>& moves, const MoveClock& clock) override;
  void endGame() override {}
  void abort() override { abort_.store(true); }
  void clearAbort() override { abort_.store(false); }
  std::vector<std::string> takeLog() override;
  void shutdown() override;

  const BrainAbout& about() const { return about_; }
  int processStarts() const { return starts_; }  // how often the engine was (re)started
  int processId() const { return process_.pid(); }  // -1 when no process runs

 private:
  std::optional<std::string> launch();
  void kill();
  bool sendLine(const std::string& line);
  // The next reply that is not MESSAGE/DEBUG (those go to the log) before the deadline.
  ChildProcess::Read readReply(std::string& line, ChildProcess::Clock::time_point deadline);
  // Tells the brain the position (BEGIN, TAKEBACKs and TURN, or BOARD); the TAKEBACKs sent.
  size_t sendPosition(const std::vector<Point>& moves);
  MoveReply failure(Failure kind, std::string detail);
  void collectStderr();

  BrainConfig config_;
  ChildProcess process_;
  BrainAbout about_;
  GameSettings settings_;
  std::vector<Point> known_;  // the moves the brain has been told (and its own replies)
  std::vector<std::string> log_;
  std::atomic<bool> abort_{false};
  bool inGame_ = false;       // START or RESTART answered for the current game
  bool needRestart_ = false;  // a game was played since the last START/RESTART
  int starts_ = 0;
};

}  // namespace gomoku
