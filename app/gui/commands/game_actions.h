// The things a player does to the game that are also remembered: a new game, who plays which
// colour, the computer's strength, undo and redo with a word when there is nothing to do, the
// position code through the clipboard, .psq records. The command table, the panels and the
// dialogs call these; each change of a setting is applied and saved (settingsChanged).
// The game review and the puzzle trainer live here too (their models), so the command table
// and the panels reach the same ones.
// Nothing here loses a game for good: a new game can be taken back with Undo (the game it
// replaced comes back), Open and a position code ask before they replace moves not saved, and
// resigning asks first (and is taken back with Undo too).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "app/gui/layout/notices.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/puzzle_model.h"
#include "app/gui/models/review_model.h"
#include "app/gui/persistence/saved_game.h"
#include "app/gui/persistence/settings.h"

namespace gomoku::gui {

class GameActions {
 public:
  // `settingsChanged` applies the settings (sound) and has them saved soon.
  GameActions(GameController& controller, Settings& settings, Notices& notices,
              std::function<void()> settingsChanged)
      : controller_(controller),
        settings_(settings),
        notices_(notices),
        settingsChanged_(std::move(settingsChanged)) {}

  void settingsChanged() { settingsChanged_(); }

  // A new game; the one it replaces is kept, and Undo brings it back until a human has played
  // in the new one.
  void startNewGame(int size, Rule rule);
  void playAgain();    // a new game with this game's size and rule
  void playSwapped();  // the same, with the colours swapped
  // False while a puzzle has the board (the game is frozen).
  bool canUndo() const { return controller_.canUndo() || canUndoNewGame(); }
  bool canUndoNewGame() const;
  void undo();  // a move (see GameController::undo), or else the last new game
  void redo();
  // A hint for the human's move, or for the puzzle when one is on the board.
  bool canHint() const;
  void hint();
  // Resigning asks first: askResign() makes it pending, the confirmation dialog shows it, and
  // confirm() or cancel() answers. So does replacing a game that has moves not saved (Open,
  // Paste): one key press must not throw a game away (New game is taken back by Undo instead).
  enum class Pending { None, Resign, ReplaceGame };
  void askResign();
  Pending pending() const { return pending_; }
  // The replacement asked about ("the position pasted (4 moves)"), for the dialog.
  const std::string& pendingReplacement() const { return pendingWhat_; }
  void confirm();
  void cancel() {
    pending_ = Pending::None;
    pendingReplace_ = nullptr;
  }
  // The game on the board has moves that neither a save nor the file or code it came from holds.
  bool gameUnsaved() const;
  void resign();  // at once (after the confirmation)
  // Looking through the record without changing it: the first, previous, next, last position.
  void view(int ply);
  void viewStep(int delta) { view(controller_.game().ply() + delta); }
  void viewEnd() { view(static_cast<int>(controller_.game().line().size())); }
  void swapSides();
  void setPlayer(Color color, PlayerKind kind);
  // The external engine (an executable) for `color` when it is played by PlayerKind::Engine;
  // remembered for that side (the recent engines take it once it has played a move).
  void setEngine(Color color, const std::string& path);
  void setAi(int strength, int timeMs);
  // The built-in engine's threads and hash (the Settings panel): given to the controller, and
  // the one that changed remembered. A --threads or --hash of the command line holds for the
  // run until the player changes that value; the other is not written over by it.
  void setEngineResources(const EngineResources& resources);
  void toggleMute();
  void copyPositionCode();
  void pastePositionCode();  // from the clipboard: pasteCode()
  void pasteCode(const std::string& code);
  // A position code typed or pasted (`from`: "pasted", "typed"): the position it describes
  // replaces the game, after the question when moves would be lost (a code that only adds
  // moves to the game's line loses none). Returns why the code is no position (nothing asked,
  // nothing changed), else nullopt.
  std::optional<std::string> enterCode(const std::string& code, const std::string& from);
  // Error messages for the dialog; success is also announced as a notice.
  std::optional<std::string> openRecord(const std::string& path);
  std::optional<std::string> saveRecord(const std::string& path);

  // ---- review and puzzles (issue 16)
  ReviewModel& review() { return review_; }
  PuzzleModel& puzzles() { return puzzles_; }
  // The game waits, frozen, while a puzzle has the board (GameController::setFrozen). Called at
  // the start of every frame, before the keys are read, so a puzzle begun or closed by a panel
  // during the last frame is followed before anything can act on the game; and by the actions
  // here that put a puzzle away, before they act on the game.
  void followPuzzle() { controller_.setFrozen(puzzles_.active()); }
  void closePuzzle() {
    puzzles_.close();
    followPuzzle();
  }
  // Reviews the game's whole record at the chosen thoroughness, and shows the Review panel.
  void reviewGame();
  void cancelReview() { review_.cancel(); }
  bool canReview() const { return !controller_.game().line().empty(); }
  // The review's next (+1) or previous (-1) mistake from the position shown; says so when there
  // is none.
  std::optional<int> mistakeFrom(int direction) const;
  void viewMistake(int direction);
  // Shows the position after move `ply` for the review (a puzzle on the board is put away).
  void viewReviewed(int ply);
  // 0 quick, 1 normal, 2 deep (ReviewModel::limitsFor); remembered for this session.
  int reviewThoroughness = 1;
  // A panel asks to be shown (opened, and the sidebar unfolded); the layout takes the request.
  enum class Show { None, Review, Puzzles };
  void show(Show what);
  Show takeShowRequest() { return std::exchange(showRequest_, Show::None); }

 private:
  GameController& controller_;
  Settings& settings_;
  Notices& notices_;
  std::function<void()> settingsChanged_;
  // Replaces the game at once, or asks first when that would lose moves (Pending::ReplaceGame).
  void replaceGame(std::string what, std::function<void()> apply);
  std::optional<SavedGame> previousGame_;  // the game the last new game replaced
  Pending pending_ = Pending::None;
  std::string pendingWhat_;
  std::function<void()> pendingReplace_;
  std::vector<Point> keptLine_;  // the line last saved, opened or pasted: not lost if replaced
  Show showRequest_ = Show::None;
  ReviewModel review_;
  PuzzleModel puzzles_;
};

}  // namespace gomoku::gui
