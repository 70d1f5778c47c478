#include "app/gui/persistence/settings.h"

#include <algorithm>
#include <filesystem>

#include "app/gui/persistence/file_io.h"

namespace gomoku::gui {

namespace {
constexpr std::string_view kMagic = "gomoku-studio-settings";
constexpr int kVersion = 1;

const char* boolText(bool b) {
  return b ? "true" : "false";
}
}  // namespace

const char* themeName(Theme theme) {
  return theme == Theme::Light ? "light" : "dark";
}

void rememberEngine(Settings& settings, const std::string& path) {
  if (path.empty()) return;
  auto& list = settings.recentEngines;
  list.erase(std::remove(list.begin(), list.end(), path), list.end());
  list.insert(list.begin(), path);
  if (list.size() > size_t(kMaxRecentEngines)) list.resize(kMaxRecentEngines);
}

std::string formatSettings(const Settings& s) {
  std::string out = formatKeyValueHeader(kMagic, kVersion);
  auto put = [&out](const char* key, const std::string& value) {
    out += key;
    out += '=';
    out += value;
    out += '\n';
  };
  put("volume", std::to_string(s.volume));
  put("muted", boolText(s.muted));
  put("show_coordinates", boolText(s.showCoordinates));
  put("show_move_numbers", boolText(s.showMoveNumbers));
  put("show_last_move", boolText(s.showLastMove));
  put("show_forbidden", boolText(s.showForbidden));
  put("show_ghost", boolText(s.showGhost));
  put("theme", themeName(s.theme));
  put("black", playerKindName(s.black));
  put("white", playerKindName(s.white));
  put("strength", std::to_string(s.strength));
  put("time_ms", std::to_string(s.timeMs));
  put("board_size", std::to_string(s.boardSize));
  put("rule", ruleName(s.rule));
  put("window_width", std::to_string(s.windowWidth));
  put("window_height", std::to_string(s.windowHeight));
  put("fullscreen", boolText(s.fullscreen));
  put("record_folder", s.recordFolder);
  put("black_engine", s.blackEngine);
  put("white_engine", s.whiteEngine);
  for (size_t i = 0; i < s.recentEngines.size() && int(i) < kMaxRecentEngines; ++i)
    put(("recent_engine_" + std::to_string(i + 1)).c_str(), s.recentEngines[i]);
  out += "end\n";
  return out;
}

SettingsLoad parseSettings(std::string_view text) {
  SettingsLoad out;
  KeyValueFile file = parseKeyValueFile(text, kMagic, kVersion);
  if (!file.error.empty()) {
    out.error = file.error;
    return out;
  }
  Settings s;
  std::string bad;
  // Unknown keys are skipped (a newer version may have written them); a known key with a
  // value out of range makes the whole file suspect.
  auto intValue = [&](const char* key, int& field, int low, int high) {
    auto it = file.values.find(key);
    if (it == file.values.end()) return;
    if (auto v = parseIntIn(it->second, low, high)) {
      field = *v;
    } else if (bad.empty()) {
      bad = std::string(key) + " = \"" + it->second + "\" is not a number in " +
            std::to_string(low) + ".." + std::to_string(high);
    }
  };
  auto boolValue = [&](const char* key, bool& field) {
    auto it = file.values.find(key);
    if (it == file.values.end()) return;
    if (auto v = parseBool(it->second)) {
      field = *v;
    } else if (bad.empty()) {
      bad = std::string(key) + " = \"" + it->second + "\" is not true or false";
    }
  };
  auto playerValue = [&](const char* key, PlayerKind& field) {
    auto it = file.values.find(key);
    if (it == file.values.end()) return;
    if (auto v = parsePlayerKind(it->second)) {
      field = *v;
    } else if (bad.empty()) {
      bad = std::string(key) + " = \"" + it->second + "\" is not human, computer or engine";
    }
  };
  intValue("volume", s.volume, 0, 100);
  boolValue("muted", s.muted);
  boolValue("show_coordinates", s.showCoordinates);
  boolValue("show_move_numbers", s.showMoveNumbers);
  boolValue("show_last_move", s.showLastMove);
  boolValue("show_forbidden", s.showForbidden);
  boolValue("show_ghost", s.showGhost);
  if (auto it = file.values.find("theme"); it != file.values.end()) {
    if (it->second == "dark") {
      s.theme = Theme::Dark;
    } else if (it->second == "light") {
      s.theme = Theme::Light;
    } else if (bad.empty()) {
      bad = "theme = \"" + it->second + "\" is not dark or light";
    }
  }
  playerValue("black", s.black);
  playerValue("white", s.white);
  intValue("strength", s.strength, kMinStrength, kMaxStrength);
  intValue("time_ms", s.timeMs, static_cast<int>(kMinMoveTimeMs), static_cast<int>(kMaxMoveTimeMs));
  intValue("board_size", s.boardSize, kMinSize, kMaxSize);
  if (auto it = file.values.find("rule"); it != file.values.end()) {
    if (auto r = parseRule(it->second)) {
      s.rule = *r;
    } else if (bad.empty()) {
      bad = "rule = \"" + it->second + "\" is not freestyle, standard or renju";
    }
  }
  intValue("window_width", s.windowWidth, 320, 16384);
  intValue("window_height", s.windowHeight, 240, 16384);
  boolValue("fullscreen", s.fullscreen);
  if (auto it = file.values.find("record_folder"); it != file.values.end()) {
    s.recordFolder = it->second;
  }
  if (auto it = file.values.find("black_engine"); it != file.values.end()) s.blackEngine = it->second;
  if (auto it = file.values.find("white_engine"); it != file.values.end()) s.whiteEngine = it->second;
  for (int i = 1; i <= kMaxRecentEngines; ++i) {
    auto it = file.values.find("recent_engine_" + std::to_string(i));
    if (it != file.values.end() && !it->second.empty()) s.recentEngines.push_back(it->second);
  }
  if (!bad.empty()) {
    out.error = bad;
    return out;
  }
  out.settings = s;
  return out;
}

std::optional<std::string> setSetting(Settings& settings, std::string_view key,
                                      std::string_view value) {
  std::string text = formatSettings(settings);
  std::string prefix(1, '\n');  // built with += : GCC 12 warns (falsely) on "..." + string
  prefix += key;
  prefix += '=';
  size_t at = text.find(prefix);
  if (at == std::string::npos || key.empty()) return "unknown setting \"" + std::string(key) + "\"";
  size_t start = at + prefix.size(), end = text.find('\n', start);
  text.replace(start, end - start, value);
  SettingsLoad loaded = parseSettings(text);
  if (!loaded.error.empty()) return loaded.error;
  settings = loaded.settings;
  return std::nullopt;
}

SettingsLoad loadSettingsFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  auto text = readFile(path);
  SettingsLoad out;
  if (!text) {
    out.error = "Could not read the settings (" + path + "); the defaults are used.";
    return out;
  }
  out = parseSettings(*text);
  if (!out.error.empty()) {
    out.error =
        "The settings file " + path + " was damaged (" + out.error + "); the defaults are used.";
  }
  return out;
}

}  // namespace gomoku::gui
