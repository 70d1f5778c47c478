// gomoku: the desktop game. This file only reads the command line and runs the frame loop;
// everything else is in App.
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/review/review_command.h"
#include "gomoku/version.h"

namespace {

using gomoku::gui::App;
using gomoku::gui::AppOptions;
using gomoku::gui::PlayerKind;

const char* const kUsage =
    "usage: gomoku [options]\n"
    "  --size N               board size for a new game (5..22)\n"
    "  --rule NAME            freestyle, standard or renju\n"
    "  --position CODE        start from a position code such as h8i9j10\n"
    "  --black KIND           human, computer or engine (also --white KIND); an engine is an\n"
    "                         external program: --set black_engine=PATH (white_engine=PATH)\n"
    "  --strength N           computer strength 1..10\n"
    "  --time MS              computer time per move in milliseconds\n"
    "  --window WxH           window size\n"
    "  --scale S              interface scale (default: from the display's DPI)\n"
    "  --screenshot FILE      render without a window, write FILE (.png or .bmp), exit\n"
    "  --frames N             frames to run before the screenshot (default 3)\n"
    "  --frame-stats N        run N frames with the engine playing itself; print frame times\n"
    "  --headless             SDL's dummy video driver and software renderer\n"
    "  --set KEY=VALUE        a setting for this run, as in settings.txt (e.g. theme=light,\n"
    "                         show_move_numbers=true, volume=40)\n"
    "  --panels A,B,...       open these sidebar panels (by title), close the others\n"
    "  --analyse              analysis mode: the engine searches the position shown\n"
    "  --hover POINT          treat POINT as under the mouse (for screenshots)\n"
    "  --pref-dir DIR         keep settings and the game in DIR\n"
    "  --assets DIR           sounds and icon from DIR\n"
    "  --no-sound, --no-vsync\n"
    "  --version              print the version and exit\n"
    "  --review GAME.psq --json OUT.json [--rule R] [--time-per-move MS]\n"
    "                         review a game without a window, write the report, exit\n";

struct Command {
  AppOptions options;
  std::string screenshot;
  int frames = 3;
  int frameStats = 0;
};

bool parseSize(const std::string& text, int& w, int& h) {
  return std::sscanf(text.c_str(), "%dx%d", &w, &h) == 2 && w > 0 && h > 0;
}

// Returns an error message, or "" when the command line is good.
std::string parse(int argc, char** argv, Command& cmd) {
  AppOptions& o = cmd.options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (arg == "--version") {
      std::printf("gomoku (%s) %s\n", gomoku::kProductName, gomoku::kVersion);
      std::exit(0);
    } else if (arg == "--headless") {
      o.headless = true;
    } else if (arg == "--no-sound") {
      o.audio = false;
    } else if (arg == "--no-vsync") {
      o.vsync = false;
    } else if (arg == "--demo") {
      o.demo = true;
    } else if (arg == "--analyse") {
      o.analyse = true;
    } else if (!value(v)) {
      return "unknown option or missing value: " + arg;
    } else if (arg == "--size") {
      o.size = std::atoi(v.c_str());
      if (*o.size < gomoku::kMinSize || *o.size > gomoku::kMaxSize) return "--size must be 5..22";
    } else if (arg == "--rule") {
      o.rule = gomoku::parseRule(v);
      if (!o.rule) return "--rule must be freestyle, standard or renju";
    } else if (arg == "--position") {
      o.position = v;
    } else if (arg == "--black" || arg == "--white") {
      auto kind = gomoku::gui::parsePlayerKind(v);
      if (!kind) return arg + " must be human, computer or engine";
      (arg == "--black" ? o.black : o.white) = kind;
    } else if (arg == "--strength") {
      o.strength = std::atoi(v.c_str());
    } else if (arg == "--time") {
      o.timeMs = std::atoi(v.c_str());
    } else if (arg == "--window") {
      if (!parseSize(v, o.windowWidth, o.windowHeight)) return "--window wants WxH, e.g. 1280x800";
    } else if (arg == "--scale") {
      o.uiScale = static_cast<float>(std::atof(v.c_str()));
    } else if (arg == "--screenshot") {
      cmd.screenshot = v;
    } else if (arg == "--frames") {
      cmd.frames = std::max(1, std::atoi(v.c_str()));
    } else if (arg == "--frame-stats") {
      cmd.frameStats = std::atoi(v.c_str());
      if (cmd.frameStats <= 0) return "--frame-stats wants a number of frames";
    } else if (arg == "--set") {
      const size_t eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return "--set wants KEY=VALUE";
      o.settings.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (arg == "--panels") {
      for (size_t start = 0; start <= v.size();) {
        const size_t comma = std::min(v.find(',', start), v.size());
        if (comma > start) o.openPanels.push_back(v.substr(start, comma - start));
        start = comma + 1;
      }
    } else if (arg == "--hover") {
      o.hoverPoint = v;
    } else if (arg == "--pref-dir") {
      o.prefDir = v;
    } else if (arg == "--assets") {
      o.assetsDir = v;
    } else {
      return "unknown option: " + arg;
    }
  }
  if (!cmd.screenshot.empty()) {
    // One still picture: no window, no sound, nothing saved, two humans unless told.
    o.headless = true;
    o.audio = false;
    o.persist = !o.prefDir.empty();
    if (!o.black) o.black = PlayerKind::Human;
    if (!o.white) o.white = PlayerKind::Human;
  }
  if (cmd.frameStats > 0) {
    o.demo = true;
    o.vsync = false;
    o.persist = !o.prefDir.empty();
    if (!o.timeMs) o.timeMs = 1000;
  }
  return "";
}

double percentile(std::vector<double> sorted, double q) {
  if (sorted.empty()) return 0;
  size_t k = static_cast<size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(k, sorted.size() - 1)];
}

// --frame-stats: frame times (input to present, without the wait for the next frame).
class FrameStats {
 public:
  void add(const App& app, double ms) {
    if (first_ < 0) {
      first_ = ms;  // paints the wood and the stones, builds the font atlas
      return;
    }
    times_.push_back(ms);
    const App::FramePhases& p = app.lastPhases();
    const double parts[5] = {p.input, p.game, p.layout, p.render, p.present};
    for (int i = 0; i < 5; ++i) phases_[i].push_back(parts[i]);
    if (app.controller().searching() != gomoku::gui::SearchPurpose::None) ++searching_;
  }
  int count() const { return static_cast<int>(times_.size()) + (first_ >= 0 ? 1 : 0); }

  void print(App& app) {
    std::vector<double> sorted = times_;
    std::sort(sorted.begin(), sorted.end());
    std::printf(
        "renderer %s, %zu frames after the first (%.1f ms); the engine was searching in %d; "
        "%d stones played; %d triangles in the last frame\n",
        app.rendererName().c_str(), sorted.size(), first_, searching_, app.stonesPlayed(),
        ImGui::GetIO().MetricsRenderIndices / 3);
    std::printf("frame time ms: median %.2f  p99 %.2f  max %.2f\n", percentile(sorted, 0.5),
                percentile(sorted, 0.99), sorted.empty() ? 0.0 : sorted.back());
    const char* names[5] = {"input", "game", "layout", "render", "present"};
    std::printf("median by phase ms:");
    for (int i = 0; i < 5; ++i) {
      std::sort(phases_[i].begin(), phases_[i].end());
      std::printf(" %s %.2f", names[i], percentile(phases_[i], 0.5));
    }
    std::printf("\n");
    // Other work on the machine shows in the tail; say how busy it was.
    if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
      double load = 0;
      if (std::fscanf(f, "%lf", &load) == 1) std::printf("load average (1 min): %.2f\n", load);
      std::fclose(f);
    }
  }

 private:
  double first_ = -1;
  std::vector<double> times_;
  std::vector<double> phases_[5];
  int searching_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (auto status = gomoku::runReviewCommandLine(argc, argv)) return *status;  // no window
  Command cmd;
  if (std::string error = parse(argc, argv, cmd); !error.empty()) {
    std::fprintf(stderr, "gomoku: %s\n%s", error.c_str(), kUsage);
    return 2;
  }
  App app(cmd.options);
  if (auto error = app.init()) {
    std::fprintf(stderr, "gomoku: %s\n", error->c_str());
    return 1;
  }

  if (!cmd.screenshot.empty()) {
    for (int i = 1; i < cmd.frames && app.running(); ++i) app.frame();
    app.requestScreenshot(cmd.screenshot);
    app.frame();
    if (app.screenshotError()) {
      std::fprintf(stderr, "gomoku: %s\n", app.screenshotError()->c_str());
      return 1;
    }
    return 0;
  }

  FrameStats stats;
  while (app.running()) {
    const auto start = std::chrono::steady_clock::now();
    app.frame();
    const auto end = std::chrono::steady_clock::now();
    if (cmd.frameStats > 0) {
      stats.add(app, std::chrono::duration<double, std::milli>(end - start).count());
      if (stats.count() > cmd.frameStats) break;  // the first frame is set-up, not counted
    }
    app.waitForNextFrame();
  }
  if (cmd.frameStats > 0) stats.print(app);
  return 0;
}
