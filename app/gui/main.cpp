// gomoku: the desktop game. This file only runs the frame loop (the command line is read in
// command_line.cpp); everything else is in App.
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/command_line.h"
#include "app/review/review_command.h"

namespace {

using gomoku::gui::App;

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
  gomoku::gui::CommandLine cmd;
  if (auto status = gomoku::gui::parseCommandLine(argc, argv, cmd)) return *status;
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
