// The game controller in teaching mode: step mode and auto-play (the computer moves only when
// told), iteration stepping (a search of the position shown to a given depth, never played)
// and analysis (an endless search of the position shown).
#include "app/gui/models/game_controller.h"

namespace gomoku::gui {

void GameController::setStepMode(bool on) {
  if (stepMode_ == on) return;
  stepMode_ = on;
  autoPlay_ = false;
  // The computer moves only when told: a search it started on its own gives way.
  if (on && purpose_ == SearchPurpose::Move) cancelSearch();
}

bool GameController::canStep() const {
  return !frozen_ && stepMode_ && !analysis_ && purpose_ == SearchPurpose::None && isComputerTurn();
}

bool GameController::step() {
  if (!canStep()) return false;
  paused_ = false;
  startSearch(SearchPurpose::Move);
  return true;
}

bool GameController::canStepBack() const {
  return !frozen_ && stepMode_ && (game_.endReason() == EndReason::Resignation || game_.ply() > 0);
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
  return !frozen_ && !analysis_ && purpose_ == SearchPurpose::None && !game_.isOver() &&
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

}  // namespace gomoku::gui
