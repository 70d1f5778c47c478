#include "app/gui/persistence/settings.h"

#include <algorithm>
#include <filesystem>
#include <functional>

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
  put("engine_threads", std::to_string(s.engineThreads));
  put("hash_mb", std::to_string(s.hashMb));
  put("board_size", std::to_string(s.boardSize));
  put("rule", ruleName(s.rule));
  put("window_width", std::to_string(s.windowWidth));
  put("window_height", std::to_string(s.windowHeight));
  put("fullscreen", boolText(s.fullscreen));
  put("sidebar_width", std::to_string(s.sidebarWidth));
  put("sidebar_collapsed", boolText(s.sidebarCollapsed));
  if (s.openPanels) {
    std::string titles;
    for (const std::string& title : *s.openPanels) titles += (titles.empty() ? "" : ",") + title;
    put("open_panels", titles);
  }
  put("step_mode", boolText(s.stepMode));
  put("record_folder", s.recordFolder);
  put("black_engine", s.blackEngine);
  put("white_engine", s.whiteEngine);
  for (size_t i = 0; i < s.recentEngines.size() && int(i) < kMaxRecentEngines; ++i)
    put(("recent_engine_" + std::to_string(i + 1)).c_str(), s.recentEngines[i]);
  out += "end\n";
  return out;
}

namespace {

// One key of the file: how it is read into the settings. A reader returns false for a value
// it does not accept; `expected` then says what it wanted.
struct KeyReader {
  const char* key;
  const char* expected;
  std::function<bool(Settings&, const std::string&)> read;
};

KeyReader intKey(const char* key, int Settings::*field, int low, int high) {
  static std::vector<std::string> texts;  // the "expected" strings live as long as the program
  texts.push_back("a number in " + std::to_string(low) + ".." + std::to_string(high));
  return {key, texts.back().c_str(), [field, low, high](Settings& s, const std::string& v) {
            auto n = parseIntIn(v, low, high);
            if (n) s.*field = *n;
            return n.has_value();
          }};
}

KeyReader boolKey(const char* key, bool Settings::*field) {
  return {key, "true or false", [field](Settings& s, const std::string& v) {
            auto b = parseBool(v);
            if (b) s.*field = *b;
            return b.has_value();
          }};
}

KeyReader textKey(const char* key, std::string Settings::*field) {
  return {key, "text", [field](Settings& s, const std::string& v) {
            s.*field = v;
            return true;
          }};
}

KeyReader playerKey(const char* key, PlayerKind Settings::*field) {
  return {key, "human, computer or engine", [field](Settings& s, const std::string& v) {
            auto kind = parsePlayerKind(v);
            if (kind) s.*field = *kind;
            return kind.has_value();
          }};
}

const std::vector<KeyReader>& keyReaders() {
  static const std::vector<KeyReader> kReaders = [] {
    std::vector<KeyReader> r;
    r.push_back(intKey("volume", &Settings::volume, 0, 100));
    r.push_back(boolKey("muted", &Settings::muted));
    r.push_back(boolKey("show_coordinates", &Settings::showCoordinates));
    r.push_back(boolKey("show_move_numbers", &Settings::showMoveNumbers));
    r.push_back(boolKey("show_last_move", &Settings::showLastMove));
    r.push_back(boolKey("show_forbidden", &Settings::showForbidden));
    r.push_back(boolKey("show_ghost", &Settings::showGhost));
    r.push_back({"theme", "dark or light", [](Settings& s, const std::string& v) {
                   if (v != "dark" && v != "light") return false;
                   s.theme = v == "light" ? Theme::Light : Theme::Dark;
                   return true;
                 }});
    r.push_back(playerKey("black", &Settings::black));
    r.push_back(playerKey("white", &Settings::white));
    r.push_back(intKey("strength", &Settings::strength, kMinStrength, kMaxStrength));
    r.push_back(intKey("time_ms", &Settings::timeMs, static_cast<int>(kMinMoveTimeMs),
                       static_cast<int>(kMaxMoveTimeMs)));
    // Any count the engine can run; a count above this machine's is kept in the file (the
    // settings may travel between machines) and lowered where it is used (engine_resources.h).
    r.push_back(intKey("engine_threads", &Settings::engineThreads, 1, kMaxEngineThreads));
    static const std::string kHashExpected = std::string("one of ") + hashChoicesText();
    r.push_back({"hash_mb", kHashExpected.c_str(), [](Settings& s, const std::string& v) {
                   auto n = parseIntIn(v, kHashChoicesMb.front(), kHashChoicesMb.back());
                   if (!n || !isHashChoice(*n)) return false;
                   s.hashMb = *n;
                   return true;
                 }});
    r.push_back(intKey("board_size", &Settings::boardSize, kMinSize, kMaxSize));
    r.push_back({"rule", "freestyle, standard or renju", [](Settings& s, const std::string& v) {
                   auto rule = parseRule(v);
                   if (rule) s.rule = *rule;
                   return rule.has_value();
                 }});
    r.push_back(intKey("window_width", &Settings::windowWidth, 320, 16384));
    r.push_back(intKey("window_height", &Settings::windowHeight, 240, 16384));
    r.push_back(boolKey("fullscreen", &Settings::fullscreen));
    r.push_back(intKey("sidebar_width", &Settings::sidebarWidth, 0, 4000));
    r.push_back(boolKey("sidebar_collapsed", &Settings::sidebarCollapsed));
    r.push_back(
        {"open_panels", "panel titles separated by commas", [](Settings& s, const std::string& v) {
           s.openPanels = splitCommas(v);
           return true;
         }});
    r.push_back(boolKey("step_mode", &Settings::stepMode));
    r.push_back(textKey("record_folder", &Settings::recordFolder));
    r.push_back(textKey("black_engine", &Settings::blackEngine));
    r.push_back(textKey("white_engine", &Settings::whiteEngine));
    return r;
  }();
  return kReaders;
}

}  // namespace

SettingsLoad parseSettings(std::string_view text) {
  SettingsLoad out;
  KeyValueFile file = parseKeyValueFile(text, kMagic, kVersion, /*lenient=*/true);
  if (!file.error.empty()) {
    out.error = file.error;
    return out;
  }
  out.problems = file.problems;
  Settings& s = out.settings;
  for (const KeyReader& reader : keyReaders()) {
    auto it = file.values.find(reader.key);
    if (it == file.values.end()) continue;
    if (!reader.read(s, it->second)) {
      out.problems.push_back(std::string(reader.key) + " = \"" + it->second + "\" is not " +
                             reader.expected);
    }
    file.values.erase(it);
  }
  // The recent engines are numbered; what is left after them is not a setting of this version.
  for (int i = 1; i <= kMaxRecentEngines; ++i) {
    auto it = file.values.find("recent_engine_" + std::to_string(i));
    if (it == file.values.end()) continue;
    if (!it->second.empty()) s.recentEngines.push_back(it->second);
    file.values.erase(it);
  }
  for (const auto& [key, value] : file.values)
    out.problems.push_back("\"" + key + "\" is not a setting of this version");
  return out;
}

std::optional<std::string> setSetting(Settings& settings, std::string_view key,
                                      std::string_view value) {
  std::string text = formatSettings(settings);
  std::string prefix(1, '\n');  // built with += : GCC 12 warns (falsely) on "..." + string
  prefix += key;
  prefix += '=';
  if (key.empty()) return std::string("a setting needs a name");
  size_t at = text.find(prefix);
  if (at == std::string::npos) {
    // Not written when it has no value (open_panels): added before "end"; an unknown key is
    // then refused by the parser.
    text.insert(text.rfind("end\n"), prefix.substr(1) + std::string(value) + "\n");
  } else {
    size_t start = at + prefix.size(), end = text.find('\n', start);
    text.replace(start, end - start, value);
  }
  SettingsLoad loaded = parseSettings(text);
  if (!loaded.error.empty()) return loaded.error;
  if (!loaded.problems.empty()) return loaded.problems.front();
  settings = loaded.settings;
  return std::nullopt;
}

SettingsLoad loadSettingsFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  auto text = readFile(path);
  SettingsLoad out;
  if (!text) {
    out.error = "it could not be read";
    return out;
  }
  return parseSettings(*text);
}

std::string settingsProblemMessage(const SettingsLoad& load, const std::string& path,
                                   const std::string& backup) {
  if (load.ok()) return {};
  std::string text;
  if (!load.error.empty()) {
    text = "The settings file " + path + " could not be read (" + load.error +
           "), so the default settings are used.";
  } else {
    text = "Some settings in " + path + " were not understood and are back to their defaults: ";
    for (size_t i = 0; i < load.problems.size(); ++i) text += (i ? "; " : "") + load.problems[i];
    text += ". Every other setting was kept.";
  }
  if (!backup.empty()) text += " The old file is kept as " + backup + ".";
  return text;
}

}  // namespace gomoku::gui
