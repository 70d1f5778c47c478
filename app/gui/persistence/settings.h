// The player's preferences, kept between runs in the preference folder as a small text file.
// Read key by key: a bad value or an unknown key resets (or skips) that key only, and the
// problems are listed once; a file that is not a settings file at all gives the defaults.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/gui/models/engine_resources.h"
#include "app/gui/models/game_controller.h"
#include "core/board/types.h"

namespace gomoku::gui {

enum class Theme : uint8_t { Dark = 0, Light = 1 };
const char* themeName(Theme theme);

struct Settings {
  // Sound
  int volume = 70;  // 0..100
  bool muted = false;
  // Board
  bool showCoordinates = true;
  bool showMoveNumbers = false;
  bool showLastMove = true;
  bool showForbidden = true;
  bool showGhost = true;
  Theme theme = Theme::Dark;
  // Players and the next new game
  PlayerKind black = PlayerKind::Human;
  PlayerKind white = PlayerKind::Computer;
  // External engines (executables) for a side played by PlayerKind::Engine, and the last ones
  // chosen, newest first.
  std::string blackEngine, whiteEngine;
  std::vector<std::string> recentEngines;
  int strength = 6;
  int timeMs = 2000;
  // The built-in engine's resources (see engine_resources.h): Lazy SMP search threads and the
  // transposition table in MiB.
  int engineThreads = 1;
  int hashMb = kDefaultHashMb;
  int boardSize = kDefaultSize;
  Rule rule = Rule::Freestyle;
  // Window and layout
  int windowWidth = 1280;
  int windowHeight = 820;
  bool fullscreen = false;
  int sidebarWidth = 0;  // in interface units at scale 1; 0: chosen from the window's size
  bool sidebarCollapsed = false;
  // The sidebar's panels that are open, by title; nullopt: each panel's default.
  std::optional<std::vector<std::string>> openPanels;
  bool stepMode = false;  // teaching: the computer moves only when told
  // Where the last .psq was opened or saved
  std::string recordFolder;

  bool operator==(const Settings&) const = default;
};

constexpr int kMaxRecentEngines = 8;
// Puts `path` first in the recent-engines list (once), keeping at most kMaxRecentEngines.
void rememberEngine(Settings& settings, const std::string& path);

std::string formatSettings(const Settings& settings);

struct SettingsLoad {
  Settings settings;  // the defaults for every key that was missing or bad
  std::string error;  // the text is not a settings file at all (every key is the default)
  // Keys reset to their default or skipped, one line each ("volume = \"loud\" is not a number
  // in 0..100"); the other keys were read.
  std::vector<std::string> problems;
  bool ok() const { return error.empty() && problems.empty(); }
};
SettingsLoad parseSettings(std::string_view text);

// Sets one setting from its file form ("theme", "light"); an error names a bad key or value.
std::optional<std::string> setSetting(Settings& settings, std::string_view key,
                                      std::string_view value);

// Reads the settings file. A missing file gives the defaults without an error; a file that
// cannot be read, or is not a settings file, gives the defaults and an error naming the file.
SettingsLoad loadSettingsFile(const std::string& path);
// The one polite message for what loading found wrong (empty when nothing): which keys were
// reset, that the others were kept, and where the old file was kept (`backup`, may be "").
std::string settingsProblemMessage(const SettingsLoad& load, const std::string& path,
                                   const std::string& backup);

}  // namespace gomoku::gui
