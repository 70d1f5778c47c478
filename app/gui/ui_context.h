// What the panels, the dialogs and the layout may use — the game controller, the command table,
// the game actions, the settings and a few read-only services — handed to them each frame
// instead of the App, so none of them depends on how the program is put together.
#pragma once

#include <string>

namespace gomoku::gui {

class GameController;
class GameActions;
class CommandTable;
class BoardView;
class Audio;
class Notices;
class GameClock;
struct Fonts;
struct Settings;

struct UiContext {
  GameController& controller;
  const CommandTable& commands;
  GameActions& actions;  // changes that are also remembered: players, strength, a new game
  Settings& settings;    // after changing one: actions.settingsChanged()
  Notices& notices;
  BoardView& boardView;
  const Fonts& fonts;
  const Audio& audio;
  const std::string& prefDir;    // "" when nothing is kept
  const std::string& assetsDir;  // "" when none was found
  const GameClock& clock;        // how long the game on the board has lasted
  float uiScale = 1;
  double now = 0;       // seconds since start, this frame
  int panelsBelow = 0;  // the sidebar's headers still to come after the panel being drawn
};

}  // namespace gomoku::gui
