// The game controller: the players, whose turn it is, and the actions of the people at the
// board (a move, undo and redo, resign, swap sides, a hint, a jump in the record, a loaded
// game). Its searches are in game_controller_search.cpp, teaching mode in
// game_controller_teaching.cpp.
#include "app/gui/models/game_controller.h"

#include <algorithm>
#include <random>
#include <utility>

#include "app/gui/models/external_engine.h"

namespace gomoku::gui {

const char* playerKindName(PlayerKind kind) {
  switch (kind) {
    case PlayerKind::Computer: return "computer";
    case PlayerKind::Engine: return "engine";
    default: return "human";
  }
}

std::optional<PlayerKind> parsePlayerKind(std::string_view text) {
  if (text == "human") return PlayerKind::Human;
  if (text == "computer") return PlayerKind::Computer;
  if (text == "engine") return PlayerKind::Engine;
  return std::nullopt;
}

namespace {
// Black moves first in every game, set-ups included, so the color to move follows the ply.
Color colorAtPly(int ply) {
  return ply % 2 == 0 ? Color::Black : Color::White;
}
}  // namespace

GameController::GameController(std::unique_ptr<ControllerEngine> backend)
    : backend_(std::move(backend)), active_(backend_.get()), seed_(std::random_device{}()) {
  engineFactory_ = [](const std::string& path) { return std::make_unique<ExternalEngine>(path); };
  // The table the backend was made with is the one to keep until told otherwise.
  if (isHashChoice(backend_->hashMb())) resources_.hashMb = backend_->hashMb();
}

GameController::~GameController() {
  cancelSearch();
}

bool GameController::anyHuman() const {
  return players_[0] == PlayerKind::Human || players_[1] == PlayerKind::Human;
}

bool GameController::anyComputer() const {
  return players_[0] != PlayerKind::Human || players_[1] != PlayerKind::Human;
}

bool GameController::isHumanTurn() const {
  return !game_.isOver() && player(game_.sideToMove()) == PlayerKind::Human;
}

bool GameController::isComputerTurn() const {
  return !game_.isOver() && player(game_.sideToMove()) != PlayerKind::Human;
}

std::optional<std::string> GameController::newGame(int size, Rule rule) {
  if (size < kMinSize || size > kMaxSize) {
    return "The board size must be between " + std::to_string(kMinSize) + " and " +
           std::to_string(kMaxSize) + ".";
  }
  cancelSearch();
  if (auto error = game_.newGame(size, rule)) return error;
  clearEngines();
  hint_ = kNullPoint;
  paused_ = false;
  info_ = SearchInfo{};
  changed();
  return std::nullopt;
}

void GameController::setPlayer(Color c, PlayerKind kind) {
  if (player(c) == kind) return;
  const bool failed = engineFailed();
  players_[index(c) & 1] = kind;
  // A search for the side to move belongs to whoever plays it now: a move search to the
  // computer, a hint to a human.
  if (purpose_ == SearchPurpose::Move && !isComputerTurn()) cancelSearch();
  if (purpose_ == SearchPurpose::Hint && !isHumanTurn()) cancelSearch();
  if (!isHumanTurn()) hint_ = kNullPoint;
  // The pause was for the engine that could not move: the side's new player is asked (as the
  // failure's message suggests), not left waiting for Resume.
  if (!anyComputer() || failed) paused_ = false;
  changed();
}

void GameController::setAi(const AiSettings& ai) {
  ai_.strength = std::clamp(ai.strength, kMinStrength, kMaxStrength);
  ai_.timeMs = std::clamp(ai.timeMs, kMinMoveTimeMs, kMaxMoveTimeMs);
}

std::optional<std::string> GameController::clickPoint(Point p) {
  if (frozen_) return std::string("The game waits while a puzzle is on the board.");
  if (game_.isOver()) return std::string("The game is over: start a new one, or undo.");
  if (!isHumanTurn() && !analysis_) return std::string("The computer is thinking.");
  if (auto why = game_.whyIllegal(p)) {
    GameEvent event;
    event.kind = EventKind::Illegal;
    event.point = p;
    event.color = game_.sideToMove();
    event.message = *why;
    events_.push_back(std::move(event));
    return why;
  }
  if (purpose_ == SearchPurpose::Hint || purpose_ == SearchPurpose::Study) cancelSearch();
  Color color = game_.sideToMove();
  if (auto error = game_.play(p)) return error;  // whyIllegal said yes: should not happen
  paused_ = false;
  afterMove(p, color, false);
  return std::nullopt;
}

int GameController::undoTarget() const {
  int ply = game_.ply();
  if (ply == 0) return -1;
  if (!anyHuman()) return ply - 1;
  for (int k = ply - 1; k >= 0; --k) {
    if (player(colorAtPly(k)) == PlayerKind::Human) return k;
  }
  return -1;
}

bool GameController::canUndo() const {
  if (frozen_) return false;
  return game_.endReason() == EndReason::Resignation || undoTarget() >= 0;
}

bool GameController::undo() {
  if (!canUndo()) return false;
  cancelSearch();
  hint_ = kNullPoint;
  if (game_.endReason() == EndReason::Resignation) {
    game_.undo();  // takes back the resignation only
    if (isHumanTurn() || undoTarget() < 0) {
      changed();
      return true;
    }
  }
  int target = undoTarget();
  while (game_.ply() > target && game_.undo()) {
  }
  // With no human to wait for, the computer would replay at once: stop and show.
  paused_ = !anyHuman();
  changed();
  return true;
}

bool GameController::canRedo() const {
  return !frozen_ && game_.canRedo();
}

bool GameController::redo() {
  if (!canRedo()) return false;
  cancelSearch();
  hint_ = kNullPoint;
  game_.redo();
  while (anyHuman() && isComputerTurn() && game_.canRedo()) game_.redo();
  paused_ = !anyHuman() && game_.canRedo();
  changed();
  return true;
}

bool GameController::canResign() const {
  return !frozen_ && !game_.isOver() && anyHuman();
}

void GameController::resign() {
  if (!canResign()) return;
  Color loser = game_.sideToMove();
  if (anyComputer())
    loser = player(Color::Black) == PlayerKind::Human ? Color::Black : Color::White;
  cancelSearch();
  hint_ = kNullPoint;
  game_.resign(loser);
  changed();
  pushGameOver();
}

bool GameController::canSwapSides() const {
  return !frozen_;
}

void GameController::swapSides() {
  if (!canSwapSides()) return;
  const bool failed = engineFailed();
  cancelSearch();
  std::swap(players_[0], players_[1]);
  std::swap(external_[0], external_[1]);
  hint_ = kNullPoint;
  if (failed) paused_ = false;  // other players now: play goes on (see setPlayer)
  changed();
}

bool GameController::canHint() const {
  return !frozen_ && isHumanTurn() && purpose_ == SearchPurpose::None && !analysis_;
}

void GameController::requestHint() {
  if (!canHint()) return;
  hint_ = kNullPoint;
  startSearch(SearchPurpose::Hint);
}

bool GameController::canJump() const {
  return !frozen_;
}

void GameController::jumpTo(int ply) {
  if (!canJump()) return;
  cancelSearch();
  hint_ = kNullPoint;
  game_.jumpTo(std::clamp(ply, 0, static_cast<int>(game_.line().size())));
  paused_ = anyComputer() && game_.ply() < static_cast<int>(game_.line().size());
  changed();
}

void GameController::resume() {
  if (!frozen_) paused_ = false;
}

void GameController::setFrozen(bool on) {
  if (frozen_ == on) return;
  frozen_ = on;
  cancelSearch();         // a search under the puzzle would answer a position nobody is looking at
  analysedRevision_ = 0;  // thawed: an analysis starts again on the position shown
}

std::optional<std::string> GameController::load(const MoveRecord& record, Rule rule, int ply,
                                                Color resigned) {
  Game fresh(record.size, rule);
  if (auto error = loadMoves(fresh, record, rule)) return error;
  int end = fresh.ply();
  if (ply >= 0 && ply < end && !fresh.jumpTo(ply))
    return std::string("Cannot show move ") + std::to_string(ply);
  if (resigned == Color::Black || resigned == Color::White) {
    if (fresh.isOver()) return std::string("A finished game cannot also be resigned.");
    fresh.resign(resigned);
  }
  cancelSearch();
  game_ = std::move(fresh);
  clearEngines();
  hint_ = kNullPoint;
  info_ = SearchInfo{};
  paused_ = anyComputer() && game_.ply() < static_cast<int>(game_.line().size());
  changed();
  return std::nullopt;
}

void GameController::afterMove(Point p, Color color, bool byComputer) {
  hint_ = kNullPoint;
  lastMoveAt_ = Clock::now();
  changed();
  GameEvent placed;
  placed.kind = EventKind::StonePlaced;
  placed.point = p;
  placed.color = color;
  placed.byComputer = byComputer;
  events_.push_back(std::move(placed));
  if (game_.isOver()) pushGameOver();
}

void GameController::pushGameOver() {
  GameEvent over;
  over.kind = EventKind::GameOver;
  over.result = game_.result();
  over.color = game_.winner();
  over.reason = game_.endReason();
  events_.push_back(std::move(over));
}

std::vector<GameEvent> GameController::takeEvents() {
  std::vector<GameEvent> out;
  out.swap(events_);
  return out;
}

}  // namespace gomoku::gui
