// The game controller's searches: which engine answers (the built-in one, or an external brain
// for a color), starting and cancelling a search, and what update() does with the result of
// one each frame — the computer's move, a hint, an analysis or a study search.
#include <utility>

#include <fmt/format.h>

#include "app/gui/models/external_engine.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/levels.h"
#include "app/gui/models/move_text.h"

namespace gomoku::gui {

int64_t GameController::searchElapsedMs() const {
  if (purpose_ == SearchPurpose::None) return info_.elapsedMs;
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - searchStart_).count();
}

void GameController::setEngineResources(const EngineResources& resources) {
  const EngineResources before = resources_;
  resources_.threads = std::clamp(resources.threads, 1, kMaxEngineThreads);
  if (isHashChoice(resources.hashMb)) resources_.hashMb = resources.hashMb;
  if (resources_ == before) return;
  if (purpose_ == SearchPurpose::Analysis) {
    // An endless search would never reach a next start: it starts again with the new
    // resources (a new table size empties the table anyway).
    cancelSearch();
    analysedRevision_ = 0;
  }
  const bool backendSearching = purpose_ != SearchPurpose::None && active_ == backend_.get();
  if (!backendSearching) applyHashSize();
}

void GameController::applyHashSize() {
  if (backend_->hashMb() == resources_.hashMb) return;  // a resize would only empty the table
  backend_->setHashMb(resources_.hashMb);  // stops a cancelled search still winding down first
}

void GameController::clearEngines() {
  backend_->clear();
  for (auto& engine : external_)
    if (engine) engine->clear();
}

ControllerEngine& GameController::engineFor(SearchPurpose purpose) {
  Color side = game_.sideToMove();
  if (purpose == SearchPurpose::Move && player(side) == PlayerKind::Engine &&
      external_[index(side)])
    return *external_[index(side)];
  return *backend_;
}

void GameController::setEnginePath(Color c, const std::string& path) {
  auto& slot = external_[index(c) & 1];
  if (slot && slot->path() == path) return;
  const bool failed = engineFailed();
  if (purpose_ == SearchPurpose::Move && game_.sideToMove() == c) cancelSearch();
  slot.reset();
  if (!path.empty()) slot = engineFactory_(path);
  if (failed) paused_ = false;  // another engine: it is asked to move (see setPlayer)
  changed();
}

std::string GameController::enginePath(Color c) const {
  const auto& slot = external_[index(c) & 1];
  return slot ? slot->path() : std::string();
}

std::string GameController::playerName(Color c) const {
  switch (player(c)) {
    case PlayerKind::Human:
      return "human";
    case PlayerKind::Computer:
      return "computer";
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
  if (purpose == SearchPurpose::Move && player(side) == PlayerKind::Engine &&
      !external_[index(side)]) {
    // Nobody to ask: say so and wait for the player to choose an engine.
    paused_ = true;
    GameEvent event;
    event.kind = EventKind::SearchFailed;
    failedRevision_ = revision_;
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
  // The player's threads where they buy depth: analysis, hints and the full-strength level.
  // Casual levels keep the one thread their strength was measured with (levels.cpp); teaching's
  // iteration stepping keeps one so its node counts are the same at every press.
  const bool threaded = purpose == SearchPurpose::Analysis || purpose == SearchPurpose::Hint ||
                        (purpose == SearchPurpose::Move && levelUsesThreads(ai_.strength));
  limits.threads = threaded ? resources_.threads : 1;
  limits.seed = ++seed_;
  purpose_ = purpose;
  searchStart_ = Clock::now();
  allottedMs_ = purpose == SearchPurpose::Analysis || purpose == SearchPurpose::Study ? 0
                : limits.timeMs > 0 ? limits.timeMs
                                    : ai_.timeMs;
  searchPly_ = game_.ply();
  searchKey_ = game_.board().key();
  active_ = &engineFor(purpose);
  if (active_ == backend_.get()) applyHashSize();  // no search of ours runs on it now
  searchId_ = active_->go(game_.board(), limits);
  info_ = SearchInfo{};
  info_.searchId = searchId_;
  info_.rule = game_.board().rule();
  info_.running = true;
  info_.allottedMs = allottedMs_;
}

void GameController::update() {
  collectEngineLogs();
  if (frozen_) return;  // nothing of the game moves under a puzzle
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
  if (active_ == backend_.get()) applyHashSize();  // a size chosen during the search
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
    failedRevision_ = revision_;
    event.point = best;
    event.message = external ? fmt::format(
                                   "{} ({}) could not move: {}. The game is paused; it "
                                   "can be saved, or the side given to another player.",
                                   external->name(), sideName(game_.sideToMove()), *why)
                             : fmt::format("The computer could not move ({}).", *why);
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

}  // namespace gomoku::gui
