// The end of a game in words, for the result banner and the status line: who won and how, how
// long it lasted; and the note a player needs when six in a row did not win (standard rule).
#pragma once

#include <optional>
#include <string>

#include "app/gui/models/game_controller.h"

namespace gomoku::gui {

struct ResultText {
  std::string title;   // "You win!", "White wins", "Draw"
  std::string how;     // "Black made five in a row.", "White resigned."
  std::string length;  // "31 moves in 4 min 12 s"
};

// The finished game shown by `controller`; `seconds` and `wholeGame` come from a GameClock.
ResultText describeResult(const GameController& controller, double seconds, bool wholeGame);

// "4 min 12 s", "38 s", "1 h 2 min".
std::string durationText(double seconds);

// Under the standard rule, when the stone at p made six or more in a row: why that did not win.
std::optional<std::string> overlineNote(const Board& board, Point p);

}  // namespace gomoku::gui
