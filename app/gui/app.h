// The desktop program put together: the platform window, the game controller and its engine,
// persistence, the command table, the layout and the panels. main() creates an App and calls
// frame() in a loop; tests drive it the same way. Nothing else depends on App: panels and
// dialogs get a UiContext, commands are declared in commands/app_commands.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/app_options.h"
#include "app/gui/commands/command_table.h"
#include "app/gui/layout/notices.h"
#include "app/gui/models/game_clock.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/persistence/persistence.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/audio.h"
#include "app/gui/platform/window.h"
#include "app/gui/ui_context.h"

namespace gomoku::gui {

class BoardView;
class Dialogs;
class GameActions;
class Layout;
class Panel;

class App {
 public:
  explicit App(AppOptions options);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Creates the window and everything in it; an error message if that is impossible.
  std::optional<std::string> init();
  // One frame: input, the controller, drawing, present. Never waits for the engine.
  void frame();
  // Between frames: sleeps to the next frame when something moves, or until an event when
  // nothing does (an idle board costs no CPU).
  void waitForNextFrame();
  bool running() const { return running_; }
  void quit() { running_ = false; }

  // The next frame is also written to `path` (.png, else .bmp).
  void requestScreenshot(std::string path) { screenshotPath_ = std::move(path); }
  const std::optional<std::string>& screenshotError() const { return screenshotError_; }
  uint64_t frames() const { return frames_; }
  const std::string& rendererName() const { return window_.rendererName(); }
  // Where the last frame's time went, in milliseconds (for --frame-stats).
  struct FramePhases {
    double input = 0, game = 0, layout = 0, render = 0, present = 0;
  };
  const FramePhases& lastPhases() const { return phases_; }

  // ---- what the tests look at
  GameController& controller() { return *controller_; }
  const GameController& controller() const { return *controller_; }
  Settings& settings() { return settings_; }
  Audio& audio() { return audio_; }
  BoardView& boardView() { return *boardView_; }
  const CommandTable& commands() const { return commands_; }
  const std::vector<std::unique_ptr<Panel>>& panels() const { return panels_; }
  const std::vector<Notice>& notices() const { return notices_.list(); }
  // Waits until the saves in flight are on disk (tests; the destructor does it too).
  void flushSaves() { persistence_.flush(); }
  // The game-over banner is up (Esc or its close button puts it away until the next change).
  bool bannerVisible() const;
  // The sidebar's panels open in the last frame, by title.
  const std::vector<std::string>& openPanels() const;
  // The confirmation asked for (resigning), answered by the dialog or by a test.
  GameActions& actions() { return *actions_; }
  int stonesPlayed() const { return stonesPlayed_; }  // since start, over all games

 private:
  double now() const;  // seconds since start
  void applyCommandLine();
  void settingsChanged();  // applies the settings (sound) and has them saved soon
  void handleKey(int key, int modifiers, bool repeat);
  void handleGameEvents();
  UiContext uiContext();

  AppOptions options_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool running_ = true;
  // Declared in the order they are needed; destroyed in reverse (the window last).
  Notices notices_;
  std::string engineFailure_;  // the notice of the engine's failure that paused the game
  Window window_;
  Audio audio_;
  Settings settings_;
  Persistence persistence_;
  std::string assetsDir_;
  std::unique_ptr<GameController> controller_;
  std::unique_ptr<BoardView> boardView_;
  std::unique_ptr<Dialogs> dialogs_;
  std::unique_ptr<GameActions> actions_;
  std::unique_ptr<Layout> layout_;
  CommandTable commands_;
  std::vector<std::unique_ptr<Panel>> panels_;
  WindowEvents windowEvents_;

  FramePhases phases_;
  std::chrono::steady_clock::time_point frameStart_{};
  uint64_t frames_ = 0;
  double gameOverAt_ = -1;
  int stonesPlayed_ = 0;
  GameClock clock_;
  std::optional<std::string> screenshotPath_;
  std::optional<std::string> screenshotError_;
};

}  // namespace gomoku::gui
