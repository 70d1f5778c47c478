// Driving a headless App from a test: frames until a condition holds (or a time limit), or
// frames for a while. The engine and jobs run on their own threads, so a test waits in frames.
#pragma once

#include <chrono>
#include <functional>
#include <thread>

#include "app/gui/app.h"

namespace gomoku::gui::testing {

// Runs frames until done() holds or `seconds` pass (a ceiling for slow machines); returns done() at the end.
inline bool runUntil(App& app, const std::function<bool()>& done, int seconds = 60) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!done() && std::chrono::steady_clock::now() < deadline) {
    app.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return done();
}

// Runs frames for `ms` milliseconds.
inline void runFor(App& app, int ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end) {
    app.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

}  // namespace gomoku::gui::testing
