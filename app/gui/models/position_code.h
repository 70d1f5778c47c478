// Setting up a position from a position code ("h8i9j10"), typed or pasted: one function the
// clipboard command and the Moves panel's code box share, and the box's own state (what is
// being typed, the error under it). Without SDL or ImGui, so tests can drive it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/models/game_controller.h"

namespace gomoku::gui {

// Replaces the game by the position `code` describes (on this board size if it fits, else
// 15, 19 or the largest; under this rule, else freestyle when this rule forbids it).
// Returns the error and changes nothing when the code is not a position.
std::optional<std::string> setUpPosition(GameController& controller, const std::string& code);
// The same checks without changing anything: the moves setUpPosition would set up, or why not.
struct PositionCheck {
  std::vector<Point> moves;
  std::string error;  // empty when `moves` is the position
  int size = 0;       // the board it fits (the game's, else 15, 19 or the largest)
  Rule rule = Rule::Freestyle;  // the game's rule, else freestyle when that rule forbids it
};
PositionCheck checkPosition(const Game& game, const std::string& code);

// The code box: shows the game's code until the user types; Enter submits, Esc cancels.
class PositionCodeBox {
 public:
  // The text to show when the box is not being edited (the game's own code).
  void follow(const std::string& gameCode);
  // Enter: hands the text to `enter` (GameActions::enterCode: it sets the position up, or asks
  // first), which returns why it is no position; on error keeps the text and says why.
  bool submit(const std::function<std::optional<std::string>(const std::string&)>& enter);
  void cancel(const std::string& gameCode);  // Esc: back to the game's code, no error

  std::string text;   // what the box holds (edited in place)
  std::string error;  // shown under the box; empty when there is nothing to say
};

}  // namespace gomoku::gui
