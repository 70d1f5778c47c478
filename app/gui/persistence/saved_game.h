// The game in progress, saved after every move and restored at start: size, rule, the whole
// line of moves (redo included), the move shown and a resignation. A damaged file is
// reported and a fresh game started instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/gui/models/game_controller.h"
#include "core/game/game.h"

namespace gomoku::gui {

struct SavedGame {
  int size = kDefaultSize;
  Rule rule = Rule::Freestyle;
  std::vector<Point> line;  // every move, including those undone
  int ply = 0;              // how many of them are on the board
  Color resigned = Color::Empty;

  bool operator==(const SavedGame&) const = default;
};

SavedGame captureGame(const Game& game);
std::string formatSavedGame(const SavedGame& saved);

struct SavedGameLoad {
  std::optional<SavedGame> game;  // nullopt: no file, or a bad one
  std::string error;              // set for a bad one
};
SavedGameLoad parseSavedGame(std::string_view text);
SavedGameLoad loadSavedGameFile(const std::string& path);

// Puts the saved game into the controller (replaying and checking every move); on error the
// controller's game is unchanged and the message says why.
std::optional<std::string> restoreGame(GameController& controller, const SavedGame& saved);

}  // namespace gomoku::gui
