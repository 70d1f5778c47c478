// The things a player does to the game that are also remembered: a new game, who plays which
// colour, the computer's strength, undo and redo with a word when there is nothing to do, the
// position code through the clipboard, .psq records. The command table, the panels and the
// dialogs call these; each change of a setting is applied and saved (settingsChanged).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "app/gui/layout/notices.h"
#include "app/gui/models/game_controller.h"
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

  void startNewGame(int size, Rule rule);
  void playAgain();  // a new game with this game's size and rule
  void undo();
  void redo();
  void hint();
  void resign();
  void swapSides();
  void setPlayer(Color color, PlayerKind kind);
  // The external engine (an executable) for `color` when it is played by PlayerKind::Engine;
  // remembered, and put first in the recent engines.
  void setEngine(Color color, const std::string& path);
  void setAi(int strength, int timeMs);
  void toggleMute();
  void copyPositionCode();
  void pastePositionCode();
  // Error messages for the dialog; success is also announced as a notice.
  std::optional<std::string> openRecord(const std::string& path);
  std::optional<std::string> saveRecord(const std::string& path);

 private:
  GameController& controller_;
  Settings& settings_;
  Notices& notices_;
  std::function<void()> settingsChanged_;
};

}  // namespace gomoku::gui
