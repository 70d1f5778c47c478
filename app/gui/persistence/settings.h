// The player's preferences, kept between runs in the preference folder as a small text file.
// A file that cannot be read as settings is reported and replaced by the defaults.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/gui/models/game_controller.h"
#include "core/types.h"

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
  int boardSize = kDefaultSize;
  Rule rule = Rule::Freestyle;
  // Window
  int windowWidth = 1280;
  int windowHeight = 820;
  bool fullscreen = false;
  // Where the last .psq was opened or saved
  std::string recordFolder;

  bool operator==(const Settings&) const = default;
};

constexpr int kMaxRecentEngines = 8;
// Puts `path` first in the recent-engines list (once), keeping at most kMaxRecentEngines.
void rememberEngine(Settings& settings, const std::string& path);

std::string formatSettings(const Settings& settings);

struct SettingsLoad {
  Settings settings;  // the defaults when the text is bad
  std::string error;  // empty when the text was good
};
SettingsLoad parseSettings(std::string_view text);

// Sets one setting from its file form ("theme", "light"); an error names a bad key or value.
std::optional<std::string> setSetting(Settings& settings, std::string_view key,
                                      std::string_view value);

// Reads the settings file. A missing file gives the defaults without an error; a bad one the
// defaults and a message naming the file and what is wrong.
SettingsLoad loadSettingsFile(const std::string& path);

}  // namespace gomoku::gui
