#include "app/gui/command_line.h"

#include <CLI/CLI.hpp>

#include <cctype>
#include <cstdio>

#include "app/gui/models/engine_resources.h"
#include "app/gui/panels/panels.h"
#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/settings.h"
#include "gomoku/version.h"

namespace gomoku::gui {

namespace {

// "1280x800": both numbers, nothing else.
bool parseWindowSize(const std::string& text, int& w, int& h) {
  const size_t x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 >= text.size()) return false;
  try {
    size_t used = 0;
    w = std::stoi(text.substr(0, x), &used);
    if (used != x) return false;
    h = std::stoi(text.substr(x + 1), &used);
    if (used != text.size() - x - 1) return false;
  } catch (...) {
    return false;
  }
  return w > 0 && h > 0 && w <= 16384 && h <= 16384;
}

// The engine's options say what they accept in words (CLI11's range message shows brackets).
std::string checkThreads(const std::string& text) {
  const int most = hardwareThreads();
  if (parseIntIn(text, 1, most)) return {};
  return "\"" + text + "\" is not a number of search threads from 1 to " + std::to_string(most) +
         " (this computer's hardware threads)";
}

std::string checkHash(const std::string& text) {
  auto mb = parseIntIn(text, kHashChoicesMb.front(), kHashChoicesMb.back());
  if (mb && isHashChoice(*mb)) return {};
  return "\"" + text + "\" is not a hash size: give the megabytes as one of " +
         std::string(hashChoicesText());
}

// A picture's file: a name ending .png or .bmp (the two formats it can write).
std::string checkScreenshotPath(const std::string& path) {
  auto endsWith = [&](std::string_view suffix) {
    if (path.size() <= suffix.size()) return false;
    for (size_t i = 0; i < suffix.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(path[path.size() - suffix.size() + i])) !=
          suffix[i])
        return false;
    return true;
  };
  if (endsWith(".png") || endsWith(".bmp")) return {};
  return "\"" + path + "\" is not a picture file name: give one ending .png or .bmp";
}

// The panels' titles as shown, for --panels: a name is matched without regard to case and
// stands for the title, so that settings keep the title itself.
std::optional<std::string> panelTitle(const std::string& name, std::string& known) {
  auto lower = [](std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  std::optional<std::string> found;
  for (const auto& panel : makePanels()) {
    const std::string title = panel->title();
    known += (known.empty() ? "" : ", ") + title;
    if (lower(title) == lower(name)) found = title;
  }
  return found;
}

}  // namespace

std::optional<int> parseCommandLine(int argc, const char* const* argv, CommandLine& out) {
  AppOptions& o = out.options;
  CLI::App cli("Gomoku Studio: five in a row against a searching engine.", "gomoku");
  cli.set_version_flag("--version", std::string("gomoku (") + kProductName + ") " + kVersion);
  cli.footer(
      "An external engine plays a side with --black engine --set black_engine=PATH (or --white "
      "engine --set white_engine=PATH).\nSettings and the game are kept in the user's "
      "preference folder unless --pref-dir says where; --screenshot, --frame-stats and --demo "
      "never change the saved game.\ngomoku --review GAME.psq --json OUT.json [--rule R] "
      "[--time-per-move MS] [--nodes-per-move N] reviews a game without a window.");

  int size = 0, strength = 0, timeMs = 0, threads = 0, hashMb = 0;
  std::string rule, position, black, white, window, panels, hover;
  float scale = 0;
  std::vector<std::string> sets;
  cli.add_option("--size", size, "Board size for a new game")
      ->check(CLI::Range(kMinSize, kMaxSize));
  cli.add_option("--rule", rule, "Rule: freestyle, standard or renju")
      ->check(CLI::IsMember({"freestyle", "standard", "renju"}));
  cli.add_option("--position", position, "Start from a position code such as h8i9j10");
  cli.add_option("--black", black, "Who plays black: human, computer or engine")
      ->check(CLI::IsMember({"human", "computer", "engine"}));
  cli.add_option("--white", white, "Who plays white: human, computer or engine")
      ->check(CLI::IsMember({"human", "computer", "engine"}));
  cli.add_option("--strength", strength, "Computer level 1..10")
      ->check(CLI::Range(kMinStrength, kMaxStrength));
  cli.add_option("--time", timeMs, "Computer time per move in milliseconds")
      ->check(CLI::Range(static_cast<int>(kMinMoveTimeMs), static_cast<int>(kMaxMoveTimeMs)));
  cli.add_option("--threads", threads,
                 "Search threads of the built-in engine for this run (default: the Settings "
                 "panel's)")
      ->type_name("N")
      ->check(checkThreads, "");
  cli.add_option(
         "--hash", hashMb,
         "Hash table of the built-in engine in MB for this run: " + std::string(hashChoicesText()))
      ->type_name("MB")
      ->check(checkHash, "");
  cli.add_option("--window", window, "Window size WxH, e.g. 1280x800")
      ->type_name("WxH")
      ->check(
          [](const std::string& text) {
            int w = 0, h = 0;
            return parseWindowSize(text, w, h)
                       ? std::string()
                       : "\"" + text + "\" is not a window size such as 1280x800";
          },
          "");
  cli.add_option("--scale", scale, "Interface scale (default: from the display's DPI)")
      ->check(CLI::Range(0.5f, 4.0f));
  cli.add_option("--screenshot", out.screenshot,
                 "Render without a window, write FILE (.png or .bmp), exit")
      ->type_name("FILE")
      ->check(checkScreenshotPath, "");
  cli.add_option("--frames", out.frames, "Frames to run before the screenshot (default 3)")
      ->check(CLI::Range(1, 100000));
  cli.add_option("--frame-stats", out.frameStats,
                 "Run N frames with the engine playing itself; print frame times")
      ->check(CLI::Range(1, 10000000));
  cli.add_flag("--headless", o.headless, "SDL's dummy video driver and software renderer");
  cli.add_flag("--demo", o.demo, "Computer against computer, a new game after each end");
  cli.add_option("--set", sets,
                 "A setting for this run, as in settings.txt (e.g. theme=light, volume=40); "
                 "may be repeated")
      ->type_name("KEY=VALUE")
      ->check(
          [](const std::string& text) {
            const size_t eq = text.find('=');
            if (eq == std::string::npos || eq == 0) return std::string("--set wants KEY=VALUE");
            // The value checked here, as settings.txt would take it: a bad one is a command
            // line mistake (exit 2), found before anything starts.
            Settings scratch;
            auto error = setSetting(scratch, text.substr(0, eq), text.substr(eq + 1));
            return error ? text + ": " + *error : std::string();
          },
          "");
  cli.add_option("--panels", panels, "Open these sidebar panels (by title), close the others")
      ->type_name("A,B,...");
  cli.add_flag("--analyse", o.analyse, "Analysis mode: the engine searches the position shown");
  cli.add_option("--hover", hover, "Treat POINT as under the mouse (for screenshots)")
      ->type_name("POINT")
      ->check(
          [](const std::string& text) {
            // The board's size is known only once the game is loaded: any point of the
            // largest board passes here, and one off a smaller board hovers nothing.
            return parsePointText(text, kMaxSize) ? std::string()
                                                  : "\"" + text + "\" is not a point such as h8";
          },
          "");
  cli.add_option("--pref-dir", o.prefDir, "Keep settings and the game in DIR")->type_name("DIR");
  cli.add_option("--assets", o.assetsDir, "Sounds and icon from DIR")->type_name("DIR");
  bool noSound = false, noVsync = false;
  cli.add_flag("--no-sound", noSound, "No sound");
  cli.add_flag("--no-vsync", noVsync, "Do not wait for the display between frames");

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      cli.exit(e);
      return 0;
    }
    std::fprintf(stderr, "gomoku: %s\nRun gomoku --help to see every option.\n", e.what());
    return 2;
  }

  if (cli.count("--size")) o.size = size;
  if (!rule.empty()) o.rule = parseRule(rule);
  if (cli.count("--position")) o.position = position;
  if (!black.empty()) o.black = parsePlayerKind(black);
  if (!white.empty()) o.white = parsePlayerKind(white);
  if (cli.count("--strength")) o.strength = strength;
  if (cli.count("--time")) o.timeMs = timeMs;
  if (cli.count("--threads")) o.engineThreads = threads;
  if (cli.count("--hash")) o.hashMb = hashMb;
  if (!window.empty()) parseWindowSize(window, o.windowWidth, o.windowHeight);
  if (cli.count("--scale")) o.uiScale = scale;
  for (const std::string& set : sets) {
    const size_t eq = set.find('=');
    o.settings.emplace_back(set.substr(0, eq), set.substr(eq + 1));
  }
  if (cli.count("--panels")) {
    for (const std::string& name : splitCommas(panels)) {
      std::string known;
      auto title = panelTitle(name, known);
      if (!title) {
        std::fprintf(stderr, "gomoku: --panels: no panel is called \"%s\"; the panels are %s\n",
                     name.c_str(), known.c_str());
        return 2;
      }
      o.openPanels.push_back(*title);
    }
  }
  if (cli.count("--hover")) o.hoverPoint = hover;
  o.audio = !noSound;
  o.vsync = !noVsync;

  if (!out.screenshot.empty()) {
    // One still picture: no window, no sound, two humans unless told; a saved game is shown
    // (with --pref-dir) but never written.
    o.headless = true;
    o.audio = false;
    o.persist = !o.prefDir.empty();
    o.gameFile = AppOptions::GameFile::ReadOnly;
    if (!o.black) o.black = PlayerKind::Human;
    if (!o.white) o.white = PlayerKind::Human;
  }
  if (out.frameStats > 0) {
    o.demo = true;
    o.vsync = false;
    o.persist = !o.prefDir.empty();
    if (!o.timeMs) o.timeMs = 1000;
  }
  // Measuring and showing off: the computer plays itself on a board of its own; the player's
  // saved game is neither read nor overwritten.
  if (o.demo) o.gameFile = AppOptions::GameFile::None;
  return std::nullopt;
}

}  // namespace gomoku::gui
