// The desktop program: one object that owns the window, the renderer, ImGui, the game
// controller, sound, settings and the panels. main() creates it and calls frame() in a loop;
// panels, menus and shortcuts call the commands below.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/platform/audio.h"
#include "app/gui/board/board_view.h"
#include "app/gui/persistence/file_io.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/theme.h"

struct SDL_Window;
struct SDL_Renderer;

namespace gomoku::gui {

class Panel;
class Dialogs;

struct AppOptions {
  bool headless = false;  // SDL's dummy video driver and software renderer, nothing shown
  bool persist = true;    // read and write settings and the game in the preference folder
  std::string prefDir;    // instead of SDL_GetPrefPath (tests)
  std::string assetsDir;  // instead of looking next to the executable and in the source tree
  int windowWidth = 0;    // 0: from the settings
  int windowHeight = 0;
  float uiScale = 0;  // 0: from the display's DPI (or GOMOKU_UI_SCALE)
  bool vsync = true;
  bool audio = true;
  // Set-up from the command line (applied over the restored game and settings).
  std::optional<std::string> position;
  std::optional<int> size;
  std::optional<Rule> rule;
  std::optional<PlayerKind> black, white;
  std::optional<int> strength;
  std::optional<int> timeMs;
  std::vector<std::pair<std::string, std::string>> settings;  // key=value over the saved ones
  bool demo = false;        // computer against computer, a new game after each end
  int minimumMoveMs = 400;  // the computer never answers faster than this
  // Watching: the panels shown open at start, by title (the others closed); analysis mode on;
  // a point treated as under the mouse while the mouse is off the board (screenshots).
  std::vector<std::string> openPanels;
  bool analyse = false;
  std::optional<std::string> hoverPoint;
};

enum class NoticeKind { Info, Warning, Error };
struct Notice {
  std::string text;
  NoticeKind kind = NoticeKind::Info;
  double expires = 0;  // seconds on the app clock; 0 = until closed
};

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
  const std::string& rendererName() const { return rendererName_; }
  // Where the last frame's time went, in milliseconds (for --frame-stats).
  struct FramePhases {
    double input = 0, game = 0, layout = 0, render = 0, present = 0;
  };
  const FramePhases& lastPhases() const { return phases_; }

  // ---- for panels and dialogs
  GameController& controller() { return *controller_; }
  const GameController& controller() const { return *controller_; }
  Settings& settings() { return settings_; }
  void settingsChanged();  // applies and saves (soon) the settings
  Audio& audio() { return audio_; }
  const Fonts& fonts() const { return fonts_; }
  float uiScale() const { return uiScale_; }
  BoardView& boardView() { return *boardView_; }
  const std::string& prefDir() const { return prefDir_; }
  const std::string& assetsDir() const { return assetsDir_; }
  double now() const;  // seconds since start
  const std::vector<std::unique_ptr<Panel>>& panels() const { return panels_; }

  // ---- commands
  void openNewGameDialog();
  void startNewGame(int size, Rule rule);
  void undo();
  void redo();
  void hint();
  void resign();
  void swapSides();
  void setPlayer(Color color, PlayerKind kind);
  void setAi(int strength, int timeMs);
  void toggleMute();
  void toggleFullscreen();
  void copyPositionCode();
  void pastePositionCode();
  void openRecordDialog();
  void saveRecordDialog();
  void openShortcutsDialog();
  void openAboutDialog();
  std::optional<std::string> openRecord(const std::string& path);
  std::optional<std::string> saveRecord(const std::string& path);
  void notify(std::string text, NoticeKind kind = NoticeKind::Info, double seconds = 4.0);
  const std::vector<Notice>& notices() const { return notices_; }
  // Waits until the saves in flight are on disk (tests; the destructor does it too).
  void flushSaves() { writer_.flush(); }
  // The game-over banner is up (Esc or its close button puts it away until the next change).
  bool bannerVisible() const;
  int stonesPlayed() const { return stonesPlayed_; }  // since start, over all games

 private:
  void resolvePaths();
  void loadPersistentState();
  void applyCommandLine();
  void saveGameNow();
  void saveSettingsNow();
  void persist();
  void processEvents();
  bool handleShortcut(int key, int modifiers);
  void handleGameEvents();
  void updateScale();
  void drawUi();
  void drawMenuBar();
  void drawBoardArea(float top, float width, float height);
  void drawStatus(float x, float y, float width);
  void drawNotices(float x, float y, float width);
  void drawGameOverBanner();
  void drawSidebar(float x, float top, float width, float height);
  void captureScreenshot();
  std::string describePlayer(Color color) const;

  AppOptions options_;
  bool running_ = true;
  bool sdlStarted_ = false;
  bool imguiStarted_ = false;
  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  bool vsyncActive_ = false;
  std::string rendererName_;
  FramePhases phases_;
  float uiScale_ = 1;
  float density_ = 1;
  float builtScale_ = 0, builtDensity_ = 0;  // what the fonts and style were made for
  int builtTheme_ = -1;
  Fonts fonts_;
  Audio audio_;
  Settings settings_;
  std::unique_ptr<GameController> controller_;
  std::unique_ptr<BoardView> boardView_;
  std::unique_ptr<Dialogs> dialogs_;
  std::vector<std::unique_ptr<Panel>> panels_;
  std::vector<Notice> notices_;
  BackgroundWriter writer_;  // saves off the frame loop
  RectF noticeArea_{};       // where notices go: the top of the board

  std::string prefDir_, assetsDir_, settingsPath_, gamePath_;
  uint64_t savedRevision_ = 0;
  bool settingsDirty_ = false;
  double settingsDirtySince_ = 0;

  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point frameStart_{};
  uint64_t frames_ = 0;
  uint64_t lastInputFrame_ = 0;
  double gameOverAt_ = -1;
  uint64_t bannerDismissedAt_ = 0;  // the revision whose game-over banner was closed
  int stonesPlayed_ = 0;

  // Caches refreshed when the controller's revision changes.
  uint64_t sceneRevision_ = 0;
  std::vector<Point> forbidden_;
  std::vector<Point> winningLine_;

  std::optional<std::string> screenshotPath_;
  std::optional<std::string> screenshotError_;
};

}  // namespace gomoku::gui
