// The program's commands: every entry of the command table, in the order the shortcuts dialog
// lists them. Adding an action: give it an id in command_table.h, declare it here, then show it
// where it belongs (a menu in layout.cpp, a button in a panel).
#pragma once

#include <functional>

#include "app/gui/commands/command_table.h"

namespace gomoku::gui {

class GameController;
class GameActions;
class Dialogs;
class BoardArea;
class Window;
struct Settings;

struct CommandServices {
  GameController& controller;
  GameActions& actions;
  Settings& settings;
  Dialogs& dialogs;
  BoardArea& boardArea;  // Esc closes the game-over banner
  Window& window;        // full screen
  std::function<void()> quit;
};

CommandTable makeAppCommands(const CommandServices& services);

}  // namespace gomoku::gui
