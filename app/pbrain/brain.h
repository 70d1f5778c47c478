// The brain's state machine: the position, the limits the manager set, the search in flight,
// and one reply (or none) for every line the manager sends. No I/O and no threads of its own:
// main.cpp feeds it lines from a reader thread and calls poll() while a search runs, tests
// feed it lines directly. While a search runs, STOP / YXSTOP / END act at once and every
// other line is held back and handled, in order, after the answer.
#pragma once

#include <algorithm>
#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/pbrain/backend.h"
#include "app/pbrain/line_input.h"
#include "core/board/board.h"
#include "core/protocol/protocol.h"
#include "core/search/info.h"
#include "core/search/timeman.h"
#include "core/search/tt.h"

namespace gomoku::pbrain {

using Clock = std::chrono::steady_clock;

// The hash table without any INFO about memory: the engine's own default, which setHash()
// relies on to keep the table the engine starts with.
constexpr int kDefaultHashMb = kDefaultTableMb;
// What max_memory leaves for the transposition table after the rest of the program.
constexpr int kReservedMemoryMb = 16;
// The transposition table for a max_memory limit in bytes (0 = no limit): a power of two that
// fits below the limit after the reserve, at least 1, at most the default.
int hashMbForMemory(int64_t bytes);

// "+35", "-120", "win in 3", "loss in 2" (moves of the side that wins).
std::string scoreText(int score);

class Brain {
 public:
  // Receives each reply line without its line end; the caller writes it and flushes.
  using Output = std::function<void(const std::string& line)>;

  Brain(BrainEngine& backend, Output output);

  // One input line (CR/LF removed) that arrived at `received`. A line over kMaxLineLength
  // (LineSplitter leaves a cut line one byte over) is answered with an ERROR.
  void handleLine(std::string_view line, Clock::time_point received);
  // The input is closed: a running search answers at once, held-back lines are handled
  // (searches they start answer at once too), then the brain is done.
  void endOfInput(Clock::time_point now);
  // While thinking: reports progress, stops the engine on time, answers when the search ends
  // or when the answer deadline comes, whichever is first; then handles held-back lines.
  void poll(Clock::time_point now);

  // Plays at casual level 1..10 (10, the default, is full strength): limitsForStrength's
  // horizon, solver limits, lapses and noise on every search.
  void setStrength(int level) { strength_ = std::clamp(level, 1, 10); }
  int strength() const { return strength_; }

  bool thinking() const { return search_.active; }
  bool done() const { return quit_; }
  // The latest moment poll() must run while thinking.
  Clock::time_point wakeTime(Clock::time_point now) const;

  // State, for tests.
  bool started() const { return started_; }
  const Board& board() const { return board_; }
  Rule rule() const { return rule_; }
  const ProtocolTime& timeControl() const { return time_; }
  const std::vector<Point>& blocked() const { return blocked_; }
  // The hash size the engine has now, asked of it: its default until an INFO sets one, less
  // when the memory could not be had, and less again if a new game's clearing got less.
  int hashMb() const { return backend_.hashMb(); }
  const Limits& limits() const { return limits_; }
  const std::string& folder() const { return folder_; }
  bool inBoardBlock() const { return block_ != Block::None; }

 private:
  enum class Block { None, Board, YxBoard, Swap2 };
  struct BlockStone {
    Point point;
    int field;
  };
  struct Held {
    std::string text;
    Clock::time_point received;
  };
  struct Search {
    bool active = false;
    int nbest = 0;  // YXNBEST count, 0 for an ordinary move
    Clock::time_point received{};
    Clock::time_point stopAt{};    // the brain stops the engine itself if still running
    Clock::time_point answerAt{};  // the brain answers by then whatever happens
    bool stopSent = false;
    int reportedDepth = 0;
    bool swap2 = false;  // a SWAP2BOARD choice: answer SWAP or the move
  };

  // The command table (brain_commands.cpp): a command's handler, and whether it needs a
  // board first.
  using CommandHandler = void (Brain::*)(const protocol::Command& cmd, Clock::time_point received);
  struct CommandEntry {
    protocol::CommandKind kind;
    const char* name;  // in the "no board yet" error
    bool needsBoard;
    CommandHandler run;
  };
  static const CommandEntry* findCommand(protocol::CommandKind kind);
  // The numeric INFO keys: the smallest value accepted, and what the value sets.
  using InfoSetter = void (Brain::*)(int64_t value);
  struct InfoEntry {
    const char* key;
    int64_t minimum;
    bool limit;      // a number too large to read is taken as the largest read (see onInfo)
    InfoSetter set;  // null: a key nothing depends on
  };
  static const InfoEntry* findInfoKey(const std::string& key);

  void handleCommand(const protocol::Command& cmd, Clock::time_point received);
  void onUnknown(const protocol::Command& cmd, Clock::time_point received);
  void onStart(const protocol::Command& cmd, Clock::time_point received);
  void onRectStart(const protocol::Command& cmd, Clock::time_point received);
  void onRestart(const protocol::Command& cmd, Clock::time_point received);
  void onBegin(const protocol::Command& cmd, Clock::time_point received);
  void onTurn(const protocol::Command& cmd, Clock::time_point received);
  void onPlay(const protocol::Command& cmd, Clock::time_point received);
  void onTakeback(const protocol::Command& cmd, Clock::time_point received);
  void onBoardBlock(const protocol::Command& cmd, Clock::time_point received);
  void onDone(const protocol::Command& cmd, Clock::time_point received);
  void onInfo(const protocol::Command& cmd, Clock::time_point received);
  void onEnd(const protocol::Command& cmd, Clock::time_point received);
  void onAbout(const protocol::Command& cmd, Clock::time_point received);
  void onStop(const protocol::Command& cmd, Clock::time_point received);
  void onNBest(const protocol::Command& cmd, Clock::time_point received);
  void onShowForbid(const protocol::Command& cmd, Clock::time_point received);
  void setTurnTimeout(int64_t ms);
  void setMatchTimeout(int64_t ms);
  void setTimeLeft(int64_t ms);
  void setMaxMemory(int64_t bytes);
  void setHashKb(int64_t kb);
  void setRuleValue(int64_t value);
  void setThreads(int64_t n);
  void setMaxDepth(int64_t depth);
  void setMaxNodes(int64_t nodes);
  void setShowDetail(int64_t level);
  // On a size outside kMinSize..kMaxSize replies ERROR (naming `given`) and returns false.
  bool checkBoardSize(int size, const std::string& given);

  void handleBlockLine(std::string_view line, Clock::time_point received);
  // Marks the block as refused at DONE, naming the first bad line (`why` it is bad).
  void rejectBlockLine(const std::string& why);
  void finishBlock(Clock::time_point received);
  void finishSwap2(Clock::time_point received);
  void startSearch(Clock::time_point received, int nbest);
  void stopSearchSoon(Clock::time_point now);
  void answer(const SearchInfo& info, Clock::time_point now);
  void reportProgress(const SearchInfo& info);
  void runHeld();
  void newGame(int size);
  // `key`: the INFO key that asked, named when the memory cannot be had.
  void setHash(int megabytes, const char* key);
  void clearEngine();
  // Rebuilds board_ from `stones` (in order) under rule_, then sets the side to move.
  void setPosition(const std::vector<std::pair<Point, Color>>& stones, Color toMove);
  std::vector<std::pair<Point, Color>> stones() const;
  // Checks that p is a point of the board; on failure replies ERROR and returns false.
  bool checkOnBoard(const char* what, int x, int y);
  std::string offBoardText(const char* what, int x, int y) const;
  bool requireStarted(const std::string& what);

  void reply(const std::string& line) { output_(line); }
  void error(const std::string& text) { output_("ERROR " + text); }
  void message(const std::string& text) { output_("MESSAGE " + text); }

  BrainEngine& backend_;
  Output output_;

  bool started_ = false;
  Rule rule_ = Rule::Freestyle;
  Board board_;
  std::vector<Point> blocked_;  // field-3 stones of a continuous game: occupied, no color

  ProtocolTime time_;
  int64_t matchUsedMs_ = 0;
  Limits limits_;              // threads, max depth, max nodes; time and multiPv are set per search
  int strength_ = 10;
  uint64_t levelSeed_ = 0;     // varies the level's noise and lapses from move to move
  bool engineFresh_ = true;    // nothing searched since the engine's tables were cleared
  int showDetail_ = 1;
  std::string folder_;

  Block block_ = Block::None;
  std::vector<BlockStone> blockStones_;
  std::vector<Point> swap2Stones_;  // SWAP2BOARD's stones, in order (black first)
  int blockLines_ = 0;              // lines read in the block, for naming a bad one
  std::string blockError_;          // the first bad line's complaint: the block is refused
  Clock::time_point blockReceived_{};

  Search search_;
  std::deque<Held> held_;
  bool eof_ = false;
  bool quit_ = false;
};

}  // namespace gomoku::pbrain
