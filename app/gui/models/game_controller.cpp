#include "app/gui/models/game_controller.h"

#include <algorithm>
#include <random>
#include <utility>

#include "app/gui/models/external_engine.h"
#include "app/gui/models/move_text.h"

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

int64_t GameController::searchElapsedMs() const {
  if (purpose_ == SearchPurpose::None) return info_.elapsedMs;
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - searchStart_).count();
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
  players_[index(c) & 1] = kind;
  // A search for the side to move belongs to whoever plays it now: a move search to the
  // computer, a hint to a human.
  if (purpose_ == SearchPurpose::Move && !isComputerTurn()) cancelSearch();
  if (purpose_ == SearchPurpose::Hint && !isHumanTurn()) cancelSearch();
  if (!isHumanTurn()) hint_ = kNullPoint;
  if (!anyComputer()) paused_ = false;
  changed();
}

void GameController::setAi(const AiSettings& ai) {
  ai_.strength = std::clamp(ai.strength, kMinStrength, kMaxStrength);
  ai_.timeMs = std::clamp(ai.timeMs, kMinMoveTimeMs, kMaxMoveTimeMs);
}

std::optional<std::string> GameController::clickPoint(Point p) {
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
  return game_.canRedo();
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
  return !game_.isOver() && anyHuman();
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

void GameController::swapSides() {
  cancelSearch();
  std::swap(players_[0], players_[1]);
  std::swap(external_[0], external_[1]);
  hint_ = kNullPoint;
  changed();
}

bool GameController::canHint() const {
  return isHumanTurn() && purpose_ == SearchPurpose::None && !analysis_;
}

void GameController::requestHint() {
  if (!canHint()) return;
  hint_ = kNullPoint;
  startSearch(SearchPurpose::Hint);
}

void GameController::jumpTo(int ply) {
  cancelSearch();
  hint_ = kNullPoint;
  game_.jumpTo(std::clamp(ply, 0, static_cast<int>(game_.line().size())));
  paused_ = anyComputer() && game_.ply() < static_cast<int>(game_.line().size());
  changed();
}

void GameController::resume() {
  paused_ = false;
}

void GameController::setStepMode(bool on) {
  if (stepMode_ == on) return;
  stepMode_ = on;
  autoPlay_ = false;
  // The computer moves only when told: a search it started on its own gives way.
  if (on && purpose_ == SearchPurpose::Move) cancelSearch();
}

bool GameController::canStep() const {
  return stepMode_ && !analysis_ && purpose_ == SearchPurpose::None && isComputerTurn();
}

bool GameController::step() {
  if (!canStep()) return false;
  paused_ = false;
  startSearch(SearchPurpose::Move);
  return true;
}

bool GameController::canStepBack() const {
  return stepMode_ && (game_.endReason() == EndReason::Resignation || game_.ply() > 0);
}

bool GameController::stepBack() {
  if (!canStepBack()) return false;
  cancelSearch();
  hint_ = kNullPoint;
  autoPlay_ = false;  // going back is a pause to look
  game_.undo();       // one ply, or the resignation only
  paused_ = false;
  changed();
  return true;
}

void GameController::setAutoPlay(bool on) {
  autoPlay_ = on && stepMode_;
  lastMoveAt_ = Clock::time_point{};  // the first move at once
}

bool GameController::canSearchDepth() const {
  return !analysis_ && purpose_ == SearchPurpose::None && !game_.isOver() &&
         (stepMode_ || paused_ || !isComputerTurn());
}

uint64_t GameController::searchDepth(const Limits& limits) {
  if (!canSearchDepth()) return 0;
  studyLimits_ = limits;
  startSearch(SearchPurpose::Study);
  return searchId_;
}

void GameController::stopSearchDepth() {
  if (purpose_ == SearchPurpose::Study) cancelSearch();
}

void GameController::setAnalysis(bool on) {
  if (analysis_ == on) return;
  analysis_ = on;
  // On: a move or hint search gives way (the computer does not move while analysing).
  // Off: the analysis search stops; update() lets the computer play on if it is its turn.
  if (purpose_ != SearchPurpose::None) cancelSearch();
  analysedRevision_ = 0;
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

void GameController::clearEngines() {
  backend_->clear();
  for (auto& engine : external_)
    if (engine) engine->clear();
}

ControllerEngine& GameController::engineFor(SearchPurpose purpose) {
  Color side = game_.sideToMove();
  if (purpose == SearchPurpose::Move && player(side) == PlayerKind::Engine && external_[index(side)])
    return *external_[index(side)];
  return *backend_;
}

void GameController::setEnginePath(Color c, const std::string& path) {
  auto& slot = external_[index(c) & 1];
  if (slot && slot->path() == path) return;
  if (purpose_ == SearchPurpose::Move && game_.sideToMove() == c) cancelSearch();
  slot.reset();
  if (!path.empty()) slot = engineFactory_(path);
  changed();
}

std::string GameController::enginePath(Color c) const {
  const auto& slot = external_[index(c) & 1];
  return slot ? slot->path() : std::string();
}

std::string GameController::playerName(Color c) const {
  switch (player(c)) {
    case PlayerKind::Human: return "human";
    case PlayerKind::Computer: return "computer";
    case PlayerKind::Engine: {
      const auto& slot = external_[index(c) & 1];
      return slot ? slot->name() : std::string("no engine chosen");
    }
  }
  return "";
}

void GameController::collectEngineLogs() {
  for (int c = 0; c < 2; ++c) {
    if (!external_[c]) continue;
    std::vector<std::string> lines = external_[c]->takeLog();
    if (lines.empty()) continue;
    std::string who = external_[c]->name();
    for (std::string& line : lines) engineLog_.push_back(who + ": " + line);
  }
  if (engineLog_.size() > kMaxEngineLog)
    engineLog_.erase(engineLog_.begin(), engineLog_.end() - kMaxEngineLog / 2);
}

void GameController::cancelSearch() {
  if (purpose_ == SearchPurpose::None) return;
  active_->stop();
  purpose_ = SearchPurpose::None;
  searchId_ = 0;
  info_.running = false;
}

void GameController::startSearch(SearchPurpose purpose) {
  Color side = game_.sideToMove();
  if (purpose == SearchPurpose::Move && player(side) == PlayerKind::Engine && !external_[index(side)]) {
    // Nobody to ask: say so and wait for the player to choose an engine.
    paused_ = true;
    GameEvent event;
    event.kind = EventKind::SearchFailed;
    event.message = std::string("No engine is chosen for ") + sideName(side) +
                    ": choose one in New game, or give that side to a human or the computer.";
    events_.push_back(std::move(event));
    return;
  }
  int strength = purpose == SearchPurpose::Hint ? kMaxStrength : ai_.strength;
  Limits limits = limitsForStrength(strength, ai_.timeMs);
  if (purpose == SearchPurpose::Analysis) {
    limits = Limits{};
    limits.infinite = true;
    limits.multiPv = 3;  // the best three root moves with exact scores for the table
  }
  if (purpose == SearchPurpose::Study) limits = studyLimits_;
  limits.seed = ++seed_;
  purpose_ = purpose;
  searchStart_ = Clock::now();
  allottedMs_ = purpose == SearchPurpose::Analysis || purpose == SearchPurpose::Study ? 0
                : limits.timeMs > 0 ? limits.timeMs
                                    : ai_.timeMs;
  searchPly_ = game_.ply();
  searchKey_ = game_.board().key();
  active_ = &engineFor(purpose);
  searchId_ = active_->go(game_.board(), limits);
  info_ = SearchInfo{};
  info_.searchId = searchId_;
  info_.running = true;
  info_.allottedMs = allottedMs_;
}

void GameController::update() {
  collectEngineLogs();
  if (purpose_ != SearchPurpose::None) {
    SearchInfo latest = active_->info();
    if (latest.searchId == searchId_) {
      info_ = std::move(latest);
      const bool held = purpose_ == SearchPurpose::Move && searchElapsedMs() < minimumMoveMs_;
      if (info_.finished && !held) finishSearch();
    }
  }
  if (analysis_) {
    // A new position (move, undo, jump, new game) gets a new search; a finished one (a proven
    // result, the depth limit) stays on show until then.
    const bool ours = purpose_ == SearchPurpose::None || purpose_ == SearchPurpose::Analysis;
    if (ours && analysedRevision_ != revision_) {
      analysedRevision_ = revision_;
      if (game_.isOver()) {
        cancelSearch();
      } else {
        startSearch(SearchPurpose::Analysis);
      }
    }
    return;
  }
  if (stepMode_) {
    // The computer moves only when told: a step, or auto-play once the delay has passed.
    if (autoPlay_ && canStep() &&
        Clock::now() - lastMoveAt_ >= std::chrono::milliseconds(autoPlayDelayMs_))
      step();
    return;
  }
  if (purpose_ == SearchPurpose::None && !paused_ && isComputerTurn()) {
    startSearch(SearchPurpose::Move);
  }
}

void GameController::finishSearch() {
  SearchPurpose purpose = purpose_;
  purpose_ = SearchPurpose::None;
  searchId_ = 0;
  if (purpose == SearchPurpose::Analysis) return;  // analysis never plays
  if (purpose == SearchPurpose::Study) return;     // nor does iteration stepping
  Point best = info_.bestMove;
  std::optional<std::string> why;
  auto* external = dynamic_cast<ExternalEngine*>(active_);
  if (best == kNullPoint) {
    why = external && !external->lastError().empty() ? external->lastError()
                                                      : std::string("the engine found no move");
  } else if ((why = game_.whyIllegal(best)) && external) {
    why = "it played " + pointToText(best) + ": " + *why;
  }
  if (purpose == SearchPurpose::Hint) {
    if (!why) {
      hint_ = best;
      GameEvent event;
      event.kind = EventKind::HintReady;
      event.point = best;
      event.color = game_.sideToMove();
      events_.push_back(std::move(event));
    }
    return;
  }
  if (why) {
    paused_ = true;
    GameEvent event;
    event.kind = EventKind::SearchFailed;
    event.point = best;
    event.message = external ? external->name() + " (" + sideName(game_.sideToMove()) +
                                   ") could not move: " + *why +
                                   ". The game is paused; it can be saved, or the side given "
                                   "to another player."
                             : "The computer could not move (" + *why + ").";
    events_.push_back(std::move(event));
    return;
  }
  Color color = game_.sideToMove();
  lastComputerMove_.serial++;
  lastComputerMove_.before = game_.board();
  lastComputerMove_.move = best;
  lastComputerMove_.info = info_;
  game_.play(best);
  afterMove(best, color, true);
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
