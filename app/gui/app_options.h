// How the program is started: the command line's choices (main.cpp) or a test's.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/models/game_controller.h"
#include "core/board/types.h"

namespace gomoku::gui {

struct AppOptions {
  bool headless = false;  // SDL's dummy video driver and software renderer, nothing shown
  bool persist = true;    // read and write settings and the game in the preference folder
  // The saved game: read and written (play), only read (a screenshot of it), or left alone
  // (measuring modes such as --frame-stats and --demo never touch the player's game).
  enum class GameFile { ReadWrite, ReadOnly, None } gameFile = GameFile::ReadWrite;
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
  std::optional<int> engineThreads;  // --threads, --hash: for this run, over the settings
  std::optional<int> hashMb;
  std::vector<std::pair<std::string, std::string>> settings;  // key=value over the saved ones
  bool demo = false;        // computer against computer, a new game after each end
  int minimumMoveMs = 400;  // the computer never answers faster than this
  // Watching: the panels shown open at start, by title (the others closed); analysis mode on;
  // a point treated as under the mouse while the mouse is off the board (screenshots).
  std::vector<std::string> openPanels;
  bool analyse = false;
  std::optional<std::string> hoverPoint;
};

}  // namespace gomoku::gui
