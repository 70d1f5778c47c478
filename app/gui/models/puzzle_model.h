// What the Puzzle panel shows, without SDL or ImGui: the built-in set and the player's own
// collection (the review's missed wins, proved by the solver and saved in the preference
// folder), a choice by source, length and rule, one puzzle played through core's
// PuzzleTrainer — the player's moves checked and the engine's defence searched on a thread of
// the model's own, never on the UI thread — hints in three steps, and the player's progress
// (solved, streak, rating) saved in the preference folder and read back at start.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/models/job_thread.h"
#include "core/game/puzzle.h"

namespace gomoku::gui {

class BackgroundWriter;

enum class PuzzleSource { All, BuiltIn, Own };
struct PuzzleFilter {
  PuzzleSource source = PuzzleSource::All;
  int winIn = 0;  // 0: any; 2, 3, 4; 5: five or more
  int rule = -1;  // -1: any; else a Rule
};
// "Win in 3", "Win in 5+", "Five in one" (a missed five from a game).
std::string puzzleLengthText(const Puzzle& p);

class PuzzleModel {
 public:
  // The engine's effort for each defence (nodes); tests may lower it. The defence searches with
  // one thread whatever the Settings say: a node-limited search with Lazy SMP helpers (which
  // the node budget does not count) would answer a puzzle differently from try to try.
  explicit PuzzleModel(uint64_t defenceNodes = 20000);
  ~PuzzleModel();  // the trainer's thread ends (after the answer it is working on)
  PuzzleModel(const PuzzleModel&) = delete;
  PuzzleModel& operator=(const PuzzleModel&) = delete;

  // Reads the built-in set (<assetsDir>/puzzles/builtin.txt), and the collection and the
  // progress from `prefDir` ("" keeps nothing). A damaged file is kept as .bak and reported
  // in takeMessages(); what could be read is used. Called once; later calls do nothing.
  void open(const std::string& assetsDir, const std::string& prefDir);
  bool opened() const { return opened_; }
  const std::vector<Puzzle>& builtIn() const { return builtIn_; }
  const std::vector<Puzzle>& collection() const { return collection_; }
  // Built-in first, then the collection, each in file order.
  std::vector<const Puzzle*> matching(const PuzzleFilter& filter) const;
  const PuzzleProgress& progress() const { return progress_; }
  bool isSolved(const Puzzle& p) const { return progress_.solvedIds.count(p.id()) > 0; }
  // Messages for the player (a damaged file, a puzzle added), oldest first.
  std::vector<std::string> takeMessages();

  // ---- the puzzle on the board
  // Starts `puzzle` (a copy is kept). The attempt before, if it had a wrong move and was not
  // finished, counts as not solved.
  void begin(const Puzzle& puzzle);
  void restart();  // the same puzzle from its start
  void close();    // back to the game
  bool active() const { return current_.has_value(); }
  const Puzzle* current() const { return current_ ? &*current_ : nullptr; }
  const Board& board() const { return board_; }  // the position as it stands
  Color attacker() const { return attacker_; }
  // The engine is at work (checking a move, defending, a hint): clicks wait.
  bool busy() const { return pendingJobs_ > 0; }
  // The player's move: false (and nothing happens) when busy, solved, or not a free point.
  bool play(Point p);
  Point pendingMove() const { return pendingMove_; }  // being checked; drawn meanwhile
  bool solved() const { return solved_; }
  int mistakes() const { return mistakes_; }
  Point lastWrong() const { return lastWrong_; }  // the last refused move (until the next try)
  // What happened last: "White answers f6; keep going", "h9 ... Try again." ...
  const std::string& message() const { return message_; }
  // The defender's replies and the player's moves since the start, in order.
  const std::vector<Point>& played() const { return played_; }

  // Hints: the next level each time (1 the area, 2 the kind of threat, 3 the move).
  bool canHint() const { return active() && !solved_ && hintLevel_ < 3 && !busy(); }
  void requestHint();
  const std::vector<std::string>& hints() const { return hints_; }
  // The first hint's area for the board (corners: lowest column and row, highest column and
  // row), kNullPoint before that hint and once the puzzle is solved.
  Point hintAreaLow() const { return solved_ ? kNullPoint : hintAreaLow_; }
  Point hintAreaHigh() const { return solved_ ? kNullPoint : hintAreaHigh_; }

  // The review's missed wins become puzzles of the collection: each proved by the solver on a
  // thread of its own (a win it cannot prove is not added), then saved.
  void addMissedWins(const ReviewResult& review, const std::vector<ReviewedMove>& moves);
  bool collecting() const { return collecting_ > 0; }

  // Once per frame: applies what the threads finished.
  void update();
  // Tests: until the threads are idle, then update().
  void waitIdle();

 private:
  void post(JobThread& thread, std::function<std::function<void()>()> job);
  void finishAttempt(bool solvedClean);
  void saveProgress();
  void saveCollection();

  uint64_t defenceNodes_;
  bool opened_ = false;
  std::vector<Puzzle> builtIn_, collection_;
  PuzzleProgress progress_;
  std::string progressPath_, collectionPath_;  // "" when not kept
  std::unique_ptr<BackgroundWriter> writer_;
  std::vector<std::string> messages_;

  std::optional<Puzzle> current_;
  std::shared_ptr<PuzzleTrainer> trainer_;  // used by the trainer thread's jobs only
  uint64_t attempt_ = 0;                    // replies of older attempts are dropped
  Board board_;
  Color attacker_ = Color::Black;
  std::vector<Point> played_;
  Point pendingMove_ = kNullPoint;
  Point lastWrong_ = kNullPoint;
  bool solved_ = false;
  bool recorded_ = false;  // the attempt is counted in the progress
  int mistakes_ = 0;
  int hintLevel_ = 0;       // the hints given for the position shown (3: its move)
  bool moveShown_ = false;  // a hint showed a move somewhere in this puzzle: not counted
  std::vector<std::string> hints_;
  Point hintAreaLow_ = kNullPoint, hintAreaHigh_ = kNullPoint;
  std::string message_;
  int pendingJobs_ = 0;
  int collecting_ = 0;

  // Finished work, applied on the UI thread by update().
  std::mutex doneMutex_;
  std::vector<std::function<void()>> done_;
  // Declared last: destroyed first, so no job outlives what it reports to.
  JobThread trainerThread_;
  JobThread solverThread_;
};

}  // namespace gomoku::gui
