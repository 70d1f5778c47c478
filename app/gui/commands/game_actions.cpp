#include "app/gui/commands/game_actions.h"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "app/gui/models/position_code.h"
#include "app/gui/persistence/file_io.h"
#include "core/game/record.h"

namespace gomoku::gui {

namespace fs = std::filesystem;

namespace {

std::string trim(std::string text) {
  auto notSpace = [](unsigned char c) { return !std::isspace(c); };
  text.erase(text.begin(), std::find_if(text.begin(), text.end(), notSpace));
  text.erase(std::find_if(text.rbegin(), text.rend(), notSpace).base(), text.end());
  return text;
}

}  // namespace

void GameActions::startNewGame(int size, Rule rule) {
  closePuzzle();  // the player asked for a game: it goes back on the board
  const SavedGame before = captureGame(controller_.game());
  if (auto error = controller_.newGame(size, rule)) {
    notices_.add(*error, NoticeKind::Error);
    return;
  }
  cancel();  // a question pending about the game replaced goes with it
  // A new game with the computer on a side is a game against it: an analysis left on from
  // before would keep it from ever moving (clicks played for both colours).
  if (controller_.analysing() && (controller_.player(Color::Black) != PlayerKind::Human ||
                                  controller_.player(Color::White) != PlayerKind::Human)) {
    controller_.setAnalysis(false);
    notices_.add("Analysis is off: the computer plays in the new game.", NoticeKind::Info, 4);
  }
  if (!before.line.empty()) {
    previousGame_ = before;
    notices_.add("A new game. Undo (Ctrl+Z) brings the last one back.", NoticeKind::Info, 4);
  }
  settings_.boardSize = size;
  settings_.rule = rule;
  settingsChanged();
}

void GameActions::playAgain() {
  startNewGame(controller_.game().size(), controller_.game().rule());
}

void GameActions::playSwapped() {
  swapSides();
  playAgain();
}

bool GameActions::canUndoNewGame() const {
  if (!previousGame_ || controller_.frozen() || controller_.canUndo()) return false;
  // Once a human has played in the new game, Undo belongs to that game.
  const std::vector<Point>& line = controller_.game().line();
  for (size_t k = 0; k < line.size(); ++k) {
    if (controller_.player(k % 2 == 0 ? Color::Black : Color::White) == PlayerKind::Human)
      return false;
  }
  return true;
}

void GameActions::undo() {
  if (controller_.frozen()) {
    notices_.add("The game waits while the puzzle is on the board (Back to the game).",
                 NoticeKind::Info, 2);
    return;
  }
  if (controller_.undo()) return;
  if (canUndoNewGame()) {
    if (auto error = restoreGame(controller_, *previousGame_)) {
      notices_.add("The last game could not be brought back: " + *error, NoticeKind::Error);
    } else {
      notices_.add("The last game is back.", NoticeKind::Info, 3);
    }
    previousGame_.reset();
    return;
  }
  notices_.add("Nothing to undo.", NoticeKind::Info, 2);
}

void GameActions::redo() {
  if (controller_.frozen()) return;  // Undo has said why
  if (!controller_.redo()) notices_.add("Nothing to redo.", NoticeKind::Info, 2);
}

void GameActions::askResign() {
  if (controller_.canResign()) pending_ = Pending::Resign;
}

void GameActions::confirm() {
  const Pending what = pending_;
  pending_ = Pending::None;
  if (what == Pending::Resign) resign();
  if (what == Pending::ReplaceGame && pendingReplace_) std::exchange(pendingReplace_, nullptr)();
}

bool GameActions::gameUnsaved() const {
  const std::vector<Point>& line = controller_.game().line();
  return !line.empty() && line != keptLine_;
}

void GameActions::replaceGame(std::string what, std::function<void()> apply) {
  if (!gameUnsaved()) {
    apply();
    return;
  }
  pending_ = Pending::ReplaceGame;
  pendingWhat_ = std::move(what);
  pendingReplace_ = std::move(apply);
}

void GameActions::view(int ply) {
  if (!controller_.canJump()) return;  // a puzzle has the board: the arrows do nothing
  if (controller_.game().endReason() == EndReason::Resignation) {
    // Core's jumpTo would take the resignation back; viewing must not change the game.
    notices_.add("The game ended by resignation: Undo (Ctrl+Z) takes it back first.",
                 NoticeKind::Info, 3);
    return;
  }
  const int end = static_cast<int>(controller_.game().line().size());
  ply = std::clamp(ply, 0, end);
  if (ply != controller_.game().ply()) controller_.jumpTo(ply);
}

bool GameActions::canHint() const {
  return puzzles_.active() ? puzzles_.canHint() : controller_.canHint();
}

void GameActions::hint() {
  if (puzzles_.active()) {
    puzzles_.requestHint();  // the next step: the area, the kind of threat, the move
    return;
  }
  if (controller_.canHint()) {
    controller_.requestHint();
  } else if (controller_.searching() == SearchPurpose::Hint) {
    notices_.add("Still looking for a hint...", NoticeKind::Info, 2);  // (a second press)
  } else if (controller_.hint() == kNullPoint) {
    notices_.add("A hint is available on your move.", NoticeKind::Info, 2);
  }
}

void GameActions::resign() {
  if (!controller_.canResign()) return;
  controller_.resign();  // the result banner says that Undo takes it back
}

void GameActions::swapSides() {
  controller_.swapSides();
  settings_.black = controller_.player(Color::Black);
  settings_.white = controller_.player(Color::White);
  settings_.blackEngine = controller_.enginePath(Color::Black);
  settings_.whiteEngine = controller_.enginePath(Color::White);
  settingsChanged();
}

void GameActions::setPlayer(Color color, PlayerKind kind) {
  controller_.setPlayer(color, kind);
  (color == Color::Black ? settings_.black : settings_.white) = kind;
  settingsChanged();
}

void GameActions::setEngine(Color color, const std::string& path) {
  controller_.setEnginePath(color, path);
  (color == Color::Black ? settings_.blackEngine : settings_.whiteEngine) = path;
  // (It joins the recent engines once it has played a move: App::handleGameEvents. A path that
  // never worked - /bin/true - went to the top of the list.)
  settingsChanged();
}

void GameActions::setAi(int strength, int timeMs) {
  controller_.setAi({strength, timeMs});
  settings_.strength = controller_.ai().strength;
  settings_.timeMs = static_cast<int>(controller_.ai().timeMs);
  settingsChanged();
}

void GameActions::setEngineResources(const EngineResources& resources) {
  const EngineResources before = controller_.engineResources();
  controller_.setEngineResources(resources);
  const EngineResources& now = controller_.engineResources();
  // Only what the player changed is remembered: the other value may be a --threads or --hash
  // meant for this run alone.
  if (now.threads != before.threads) settings_.engineThreads = now.threads;
  if (now.hashMb != before.hashMb) settings_.hashMb = now.hashMb;
  settingsChanged();
}

void GameActions::toggleMute() {
  settings_.muted = !settings_.muted;
  settingsChanged();
  notices_.add(settings_.muted ? "Sound off (M to turn it on)" : "Sound on", NoticeKind::Info, 2);
}

void GameActions::copyPositionCode() {
  std::string code = toPositionCode(controller_.game().moves());
  if (code.empty()) {
    notices_.add("The board is empty: nothing to copy.", NoticeKind::Info, 2);
    return;
  }
  if (SDL_SetClipboardText(code.c_str()) == 0) {
    notices_.add(
        "Copied the position code " + (code.size() > 40 ? code.substr(0, 40) + "..." : code),
        NoticeKind::Info, 3);
  } else {
    notices_.add(std::string("Could not copy: ") + SDL_GetError(), NoticeKind::Error);
  }
}

void GameActions::pastePositionCode() {
  char* raw = SDL_GetClipboardText();
  std::string text = raw ? trim(raw) : std::string();
  if (raw) SDL_free(raw);
  if (text.empty()) {
    notices_.add("The clipboard holds no position code (like h8i9j10).", NoticeKind::Warning);
    return;
  }
  pasteCode(text);
}

void GameActions::pasteCode(const std::string& code) {
  if (auto error = enterCode(code, "pasted"))
    notices_.add("The clipboard text is not a position: " + *error, NoticeKind::Warning);
}

std::optional<std::string> GameActions::enterCode(const std::string& code,
                                                  const std::string& from) {
  // Checked (on a scratch game) before anything is asked: a question about a code that is no
  // position would only be followed by the error.
  const PositionCheck check = checkPosition(controller_.game(), code);
  if (!check.error.empty()) return check.error;
  const std::vector<Point>& line = controller_.game().line();
  const bool extends = check.moves.size() >= line.size() &&
                       std::equal(line.begin(), line.end(), check.moves.begin());
  const size_t count = check.moves.size();
  const std::string what =
      "the position " + from + " (" + std::to_string(count) + (count == 1 ? " move)" : " moves)");
  auto apply = [this, code, from] {
    closePuzzle();
    if (auto error = setUpPosition(controller_, code)) {
      notices_.add("The position " + from + " could not be set up: " + *error, NoticeKind::Warning);
      return;
    }
    keptLine_ = controller_.game().line();
    const size_t n = controller_.game().moves().size();
    notices_.add(
        "Set up the position " + from + ", " + std::to_string(n) + (n == 1 ? " move." : " moves."),
        NoticeKind::Info, 3);
  };
  if (extends)
    apply();
  else
    replaceGame(what, apply);
  return std::nullopt;
}

std::optional<std::string> GameActions::openRecord(const std::string& path) {
  auto text = readFile(path);
  if (!text) return "Cannot read " + path;
  auto parsed = parsePsq(*text);
  const std::string name = fs::path(path).filename().string();
  if (!parsed) return name + ": " + parsed.error;
  // The moves must also stand on the board under a rule (loadMoves): checked on a scratch game
  // first, so that the dialog gets the error and the question is not asked for nothing.
  const Rule rule = controller_.game().rule();
  Game scratch;
  if (auto error = loadMoves(scratch, *parsed.value, rule);
      error && loadMoves(scratch, *parsed.value, Rule::Freestyle))
    return name + ": " + *error;
  replaceGame(name, [this, record = *parsed.value, name, rule] {
    closePuzzle();
    auto error = controller_.load(record, rule);
    if (error && rule != Rule::Freestyle && !controller_.load(record, Rule::Freestyle)) {
      keptLine_ = controller_.game().line();
      notices_.add("Opened " + name + " under freestyle rules (" + *error + ").",
                   NoticeKind::Warning);
      return;
    }
    if (error) {
      notices_.add(name + ": " + *error, NoticeKind::Error);
      return;
    }
    keptLine_ = controller_.game().line();
    notices_.add("Opened " + name, NoticeKind::Info, 3);
  });
  return std::nullopt;
}

std::optional<std::string> GameActions::saveRecord(const std::string& path) {
  if (auto error = writeFileAtomic(path, toPsq(controller_.game()))) return error;
  keptLine_ = controller_.game().line();
  notices_.add("Saved " + fs::path(path).filename().string(), NoticeKind::Info, 3);
  return std::nullopt;
}

// ---------------------------------------------------------------- review and puzzles

void GameActions::reviewGame() {
  if (!canReview()) {
    notices_.add("There is no move to review yet.", NoticeKind::Info, 3);
    return;
  }
  closePuzzle();  // the review is of the game: the game goes back on the board
  ReviewLimits limits = ReviewModel::limitsFor(reviewThoroughness);
  // Time-limited searches: the player's threads look deeper in the same time.
  limits.threads = controller_.engineResources().threads;
  // Asked again for the same game and thoroughness (a second click, a double click that landed
  // on the button once the panel moved): the review there is kept and shown, not started over.
  if (review_.holds(controller_.game(), limits)) {
    notices_.add(review_.running() ? "This game is being reviewed (Review panel)."
                                   : "This game is reviewed already (Review panel).",
                 NoticeKind::Info, 3);
    show(Show::Review);
    return;
  }
  if (auto error = review_.start(controller_.game(), limits)) {
    notices_.add("The game cannot be reviewed: " + *error + ".", NoticeKind::Error, 6);
    return;
  }
  show(Show::Review);
}

std::optional<int> GameActions::mistakeFrom(int direction) const {
  if (!review_.showable()) return std::nullopt;
  const int ply = controller_.game().ply();
  return direction > 0 ? review_.nextMistake(ply) : review_.previousMistake(ply);
}

void GameActions::viewMistake(int direction) {
  if (!review_.showable()) {
    notices_.add("No review of this game: Review this game first (Game menu).", NoticeKind::Info,
                 3);
    return;
  }
  if (auto ply = mistakeFrom(direction)) {
    viewReviewed(*ply);
  } else {
    notices_.add(direction > 0 ? "No mistake after this move." : "No mistake before this move.",
                 NoticeKind::Info, 2);
  }
}

void GameActions::viewReviewed(int ply) {
  closePuzzle();
  view(ply);
}

void GameActions::show(Show what) {
  showRequest_ = what;
  if (settings_.sidebarCollapsed) {
    settings_.sidebarCollapsed = false;
    settingsChanged();
  }
}

}  // namespace gomoku::gui
