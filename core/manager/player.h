// "Who moves": one interface for the project's own engine at any level and for an external
// Gomocup brain, so a match, the GUI and the tests can put either on either side. A player is
// driven from one thread at a time; abort() may come from another.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/manager/time_control.h"
#include "core/board/types.h"

namespace gomoku {

// The game a player is about to play.
struct GameSettings {
  int size = kDefaultSize;
  Rule rule = Rule::Freestyle;
  TimeControl time;
};

// Why a player produced no (acceptable) move. The referee adds the moves that are legal in form
// but not on the board (occupied, off the board, forbidden).
enum class Failure : uint8_t {
  None,
  StartFailed,  // the engine could not be started or refused the game
  Crashed,      // the process exited or closed its output
  TimedOut,     // no answer before the deadline: loss on time
  ErrorReply,   // it answered ERROR
  Garbage,      // it answered something that is not a move
  Illegal,      // an occupied, off-board or (renju) forbidden point
  Aborted,      // the caller gave up on the move (not the player's fault)
};
const char* failureName(Failure f);

struct MoveReply {
  Point move = kNullPoint;
  Failure failure = Failure::None;
  std::string detail;  // what happened, in words, when failure != None
  // What the player said about its search, when it says it (built-in engine: always).
  std::optional<int> score;  // from its own point of view
  std::optional<int> depth;
  std::optional<uint64_t> nodes;
  bool ok() const { return failure == Failure::None; }
};

// The clock as the player sees it when asked to move.
struct MoveClock {
  std::optional<int64_t> limitMs;           // the most this move may take; nullopt: no limit
  int64_t timeLeftMs = kUnlimitedTimeLeft;  // match time left (INFO time_left)
};

class Player {
 public:
  virtual ~Player() = default;

  // The name to show: the configured name, else what the engine says about itself.
  virtual std::string name() const = 0;
  // Gets ready for a new game (starts or restarts the engine). An error text if it cannot.
  virtual std::optional<std::string> newGame(const GameSettings& settings) = 0;
  // Asks for a move for the side to move after `moves` (black first). Returns by the clock's
  // limit (plus the manager's tolerance for external engines) or with a failure.
  virtual MoveReply requestMove(const std::vector<Point>& moves, const MoveClock& clock) = 0;
  // After the game (whatever the result).
  virtual void endGame() {}
  // Gives up on the move being computed (another thread may call it): requestMove returns soon
  // with Failure::Aborted. The abort sticks - every later newGame and requestMove gives up at
  // once too - until clearAbort(), so one that comes just before a call is never lost.
  virtual void abort() {}
  // Takes the abort back, deliberately: the player may be asked for games and moves again.
  virtual void clearAbort() {}
  // What the engine said on the side (MESSAGE, DEBUG, ERROR, UNKNOWN lines, stderr) since the
  // last call.
  virtual std::vector<std::string> takeLog() { return {}; }
  // Ends the engine (external: END, a grace period, then kill). Safe to call more than once.
  virtual void shutdown() {}
};

}  // namespace gomoku
