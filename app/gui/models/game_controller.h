// The game as the desktop program plays it: who plays which color, the engine answering for
// the computer, undo/redo back to the human's turn, resign, swap sides, hints, reviewing old
// positions. No SDL, no ImGui: the app calls update() once per frame (it polls the engine and
// never waits for it) and turns the events it takes into sounds and messages.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/models/controller_engine.h"
#include "app/gui/models/engine_resources.h"
#include "core/game/game.h"
#include "core/game/record.h"

namespace gomoku::gui {

class ExternalEngine;

// Computer: the built-in engine at the AI settings; Engine: an external Gomocup brain chosen
// by its executable (setEnginePath).
enum class PlayerKind : uint8_t { Human = 0, Computer = 1, Engine = 2 };
const char* playerKindName(PlayerKind kind);  // "human", "computer", "engine"
constexpr int kPlayerKindCount = 3;
// What a person reads in a player menu, in PlayerKind order.
inline constexpr const char* kPlayerKindLabels[kPlayerKindCount] = {"Human", "Computer",
                                                                     "External engine"};
std::optional<PlayerKind> parsePlayerKind(std::string_view text);

constexpr int kMinStrength = 1;
constexpr int kMaxStrength = 10;
constexpr int64_t kMinMoveTimeMs = 50;
constexpr int64_t kMaxMoveTimeMs = 60000;

struct AiSettings {
  int strength = 6;       // 1..10, see limitsForStrength
  int64_t timeMs = 2000;  // per move
};

enum class EventKind {
  StonePlaced,   // color, point, byComputer
  Illegal,       // point, message: a human's click that is not a legal move
  GameOver,      // result, color = winner (Empty on a draw), reason
  HintReady,     // point
  SearchFailed,  // message: the engine returned no legal move (the game is paused)
};

struct GameEvent {
  EventKind kind = EventKind::StonePlaced;
  Color color = Color::Empty;
  Point point = kNullPoint;
  bool byComputer = false;
  GameResult result = GameResult::Ongoing;
  EndReason reason = EndReason::None;
  std::string message;
};

enum class SearchPurpose { None, Move, Hint, Analysis, Study };  // Study: iteration stepping

class GameController {
 public:
  using Clock = std::chrono::steady_clock;

  explicit GameController(std::unique_ptr<ControllerEngine> backend);
  ~GameController();
  GameController(const GameController&) = delete;
  GameController& operator=(const GameController&) = delete;

  // ---- state
  const Game& game() const { return game_; }
  PlayerKind player(Color c) const { return players_[index(c) & 1]; }
  const AiSettings& ai() const { return ai_; }
  bool isHumanTurn() const;     // the game goes on and a human is to move
  bool isComputerTurn() const;  // the game goes on and the computer is to move
  // Reviewing: an earlier position is shown (after a jump, or an undo in computer-vs-computer)
  // and the computer does not move until play resumes.
  bool paused() const { return paused_; }
  // Paused because the engine could not move (no engine chosen, it crashed, it played an illegal
  // move), and nothing has changed since: not a look back through the record.
  bool engineFailed() const { return paused_ && failedRevision_ == revision_; }
  SearchPurpose searching() const { return purpose_; }
  bool thinking() const { return purpose_ == SearchPurpose::Move; }
  // The suggested move after requestHint() finished, until the position changes.
  Point hint() const { return hint_; }
  // The latest statistics of the search in progress (or of the last one).
  const SearchInfo& searchInfo() const { return info_; }
  // Thinking bar: time since the search started and the time it was given.
  int64_t searchElapsedMs() const;
  int64_t searchAllottedMs() const { return allottedMs_; }
  // Changes on every change of the position, the players or the result (saves, caches).
  uint64_t revision() const { return revision_; }
  ControllerEngine& backend() { return *backend_; }
  // The position searchInfo() belongs to: its ply and Zobrist key (-1 and 0 before any search).
  int searchPly() const { return searchPly_; }
  uint64_t searchKey() const { return searchKey_; }

  // ---- actions (each cancels a search that its change makes stale)
  std::optional<std::string> newGame(int size, Rule rule);
  void setPlayer(Color c, PlayerKind kind);
  // The external engine that plays c when its player is PlayerKind::Engine ("" = none). It is
  // started when it is first asked for a move.
  void setEnginePath(Color c, const std::string& path);
  std::string enginePath(Color c) const;
  // "human", "computer", or the external engine's name (its ABOUT name once it has started).
  std::string playerName(Color c) const;
  // What the external engines said (MESSAGE, ERROR, stderr), oldest first, "name: line".
  const std::vector<std::string>& engineLog() const { return engineLog_; }
  void clearEngineLog() { engineLog_.clear(); }
  // Tests: how external engines are made.
  using EngineFactory = std::function<std::unique_ptr<ExternalEngine>(const std::string&)>;
  void setEngineFactory(EngineFactory factory) { engineFactory_ = std::move(factory); }
  void setAi(const AiSettings& ai);
  // Threads and hash of the built-in engine. Threads go into the Limits of each search started
  // from now on (see startSearch for which); the hash is resized at once when no search runs,
  // else at the next search's start (resizing empties the table, and must not happen under a
  // running search). Threads are kept within 1..kMaxEngineThreads, the hash to a choice.
  void setEngineResources(const EngineResources& resources);
  const EngineResources& engineResources() const { return resources_; }
  // The computer's move is played no sooner than this after its search began, so a quick
  // answer still reads as an answer (0 = as soon as the engine has it).
  void setMinimumMoveTime(int64_t ms) { minimumMoveMs_ = ms; }
  // A human's move at p. Ignored (with a message, no event) when it is not a human's turn;
  // an illegal point gives an Illegal event and the message.
  std::optional<std::string> clickPoint(Point p);
  bool canUndo() const;
  bool undo();  // back to the previous position where a human is to move
  bool canRedo() const;
  bool redo();  // forward again, replaying the computer's recorded answers
  bool canResign() const;
  void resign();  // the human (or, with two humans, the side to move) gives up
  bool canSwapSides() const;
  void swapSides();
  bool canHint() const;
  void requestHint();
  bool canJump() const;  // looking through the record (jumpTo) is possible now
  void jumpTo(int ply);
  void resume();  // leaves review: the computer plays on from the position shown
  // Frozen: something else has the board (a puzzle) and the game waits underneath exactly as
  // it is. Freezing cancels any search; while frozen no search starts (no move, hint, analysis
  // or auto-play step), every can*() is false and the actions that change the game or the
  // position shown (a click, undo, redo, a jump, resign, swap sides, a step, resume) do
  // nothing. A new game or a loaded one is still taken: the player asked for that game.
  // Thawing lets update() carry on where the game was (an analysis starts again).
  void setFrozen(bool on);
  bool frozen() const { return frozen_; }
  // Analysis: the engine searches the position shown for whoever is to move, without end and
  // without playing, and starts again whenever the position changes; the computer does not
  // move and either color may be played by a click. Turning it off stops that search.
  void setAnalysis(bool on);
  bool analysing() const { return analysis_; }
  // ---- teaching (issue 7)
  // Step mode: the computer never moves on its own. step() starts its search on its turn and
  // the move is played when that search ends (in computer-vs-computer each step is one move
  // of the side to move); stepBack() takes back one ply (a resignation first) and cancels any
  // search. Auto-play steps by itself, a delay after each move (the first at once).
  void setStepMode(bool on);
  bool stepMode() const { return stepMode_; }
  bool canStep() const;
  bool step();
  bool canStepBack() const;
  bool stepBack();
  void setAutoPlay(bool on);
  bool autoPlay() const { return autoPlay_; }
  void setAutoPlayDelayMs(int64_t ms) { autoPlayDelayMs_ = std::max<int64_t>(0, ms); }
  int64_t autoPlayDelayMs() const { return autoPlayDelayMs_; }
  // Iteration stepping: searches the position shown with `limits` (a depth limit) without
  // playing; the result is searchInfo() once searching() is no longer Study. Returns the
  // search id, 0 when not possible now (a move, hint or analysis search, the game over, or
  // the computer to move outside step mode).
  bool canSearchDepth() const;
  uint64_t searchDepth(const Limits& limits);
  void stopSearchDepth();  // cancels that search (a deep one can take long)
  // The last move the computer played: the position before it and the search that chose it
  // (the serial changes with every computer move).
  struct ComputerMove {
    uint64_t serial = 0;
    Board before;
    Point move = kNullPoint;
    SearchInfo info;
  };
  const ComputerMove& lastComputerMove() const { return lastComputerMove_; }

  // Replaces the game with a record, shown at `ply` (clamped; -1 = the end). On error the
  // game is unchanged.
  std::optional<std::string> load(const MoveRecord& record, Rule rule, int ply = -1,
                                  Color resigned = Color::Empty);

  // Once per frame: takes the engine's latest info, applies a finished search, starts the
  // computer's search when it is its turn.
  void update();
  std::vector<GameEvent> takeEvents();

 private:
  void cancelSearch();
  void clearEngines();
  void applyHashSize();  // the backend's table to resources_.hashMb, when it differs
  ControllerEngine& engineFor(SearchPurpose purpose);
  void collectEngineLogs();
  void startSearch(SearchPurpose purpose);
  void finishSearch();
  void afterMove(Point p, Color color, bool byComputer);
  void changed() { ++revision_; }
  void pushGameOver();  // the GameOver event for the game as it ended
  int undoTarget() const;
  bool anyHuman() const;
  bool anyComputer() const;

  std::unique_ptr<ControllerEngine> backend_;
  std::unique_ptr<ExternalEngine> external_[2];  // [color], for PlayerKind::Engine
  ControllerEngine* active_ = nullptr;           // the engine of the search in progress
  EngineFactory engineFactory_;
  static constexpr size_t kMaxEngineLog = 4000;
  std::vector<std::string> engineLog_;
  Game game_;
  PlayerKind players_[2] = {PlayerKind::Human, PlayerKind::Computer};
  AiSettings ai_;
  EngineResources resources_;
  int64_t minimumMoveMs_ = 0;
  bool paused_ = false;
  bool frozen_ = false;
  SearchPurpose purpose_ = SearchPurpose::None;
  uint64_t searchId_ = 0;
  Clock::time_point searchStart_{};
  int64_t allottedMs_ = 0;
  uint64_t seed_ = 0;
  Point hint_ = kNullPoint;
  SearchInfo info_;
  uint64_t revision_ = 1;
  uint64_t failedRevision_ = 0;  // revision_ when the engine last could not move
  bool analysis_ = false;
  uint64_t analysedRevision_ = 0;  // the revision the analysis search was started for
  int searchPly_ = -1;
  uint64_t searchKey_ = 0;
  std::vector<GameEvent> events_;
  // Teaching
  bool stepMode_ = false;
  bool autoPlay_ = false;
  int64_t autoPlayDelayMs_ = 1500;
  Clock::time_point lastMoveAt_{};
  Limits studyLimits_;
  ComputerMove lastComputerMove_;
};

}  // namespace gomoku::gui
