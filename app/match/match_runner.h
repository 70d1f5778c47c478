// Runs a match: schedules the games (openings, colours), plays them on `concurrency` threads
// with one pair of players per thread, prints progress as games finish, keeps the score and
// the SPRT, writes the records, and ends with the report users know from cutechess-cli.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/match/match_options.h"
#include "core/manager/openings.h"
#include "core/manager/player.h"
#include "core/manager/referee.h"

namespace gomoku::match {

// The player an engine spec describes (built-in or external).
std::unique_ptr<Player> makePlayer(const EngineSpec& spec, int64_t toleranceMs);

// The time control a player gets: its tc=, or for a node/depth-limited engine without one,
// a generous turn limit so that a hung engine still ends the game.
TimeControl effectiveTimeControl(const EngineSpec& spec);

// Before the first game: creates the -psq folder and the -results file (appending to one that
// is there) and checks that both can be written, so a match never plays on with every record
// lost. An error naming the option and what is wrong; on an error nothing is left created.
std::optional<std::string> prepareRecordOutputs(const MatchOptions& options);

// The highest NNNN of the game-NNNN.psq records in `dir` (0: none, or no such folder).
int highestRecordNumber(const std::string& dir);

struct MatchSummary {
  MatchScore score;           // of engine 1 against engine 2
  PairScore pairs;            // -repeat: the finished pairs (one opening, both colours)
  int forfeits[2] = {0, 0};   // games lost by forfeit, per engine
  int aborted = 0;            // games not counted (interrupted)
  bool engineFailed = false;  // an engine could not be started again and again
  std::optional<SprtStatus> sprt;  // with -repeat, over the pairs (pentanomial)
};

class MatchRunner {
 public:
  MatchRunner(MatchOptions options, std::vector<Opening> openings, std::ostream& out);
  // Plays the match; `interrupt` (Ctrl+C) stops it early, counting the games finished.
  MatchSummary run(const std::atomic<bool>& interrupt);

 private:
  struct Task {
    int number = 0;  // 1-based
    int pair = 0;    // -repeat: the two games of one opening share it
    size_t opening = 0;
    bool firstIsBlack = true;
  };
  struct Worker;
  void work(Worker& worker, const std::atomic<bool>& interrupt);
  bool nextTask(Task& task);
  void record(const Task& task, const PlayedGame& game, Worker& worker);
  void writeRecord(const Task& task, const PlayedGame& game, const std::string& resultText);
  void printReport(const MatchSummary& summary);
  std::string scoreLine(const MatchScore& score) const;  // "Score of A vs B: W - L - D  [ratio] N"
  std::string engineName(int engine) const;

  MatchOptions options_;
  std::vector<Opening> openings_;
  std::vector<size_t> order_;
  std::ostream& out_;
  std::mutex mutex_;
  int nextGame_ = 0;
  bool stopScheduling_ = false;
  MatchSummary summary_;
  int startFailuresInARow_[2] = {0, 0};
  // -repeat: engine 1's points in the first finished game of each pair still waiting for the
  // other (an aborted game leaves its pair out of the pair count).
  std::map<int, double> unpaired_;
  std::string names_[2];
  std::atomic<int> running_{0};  // worker threads still playing
  // -psq: game N is written as game-(N + recordOffset_).psq, after the records already there.
  int recordOffset_ = 0;
};

}  // namespace gomoku::match
