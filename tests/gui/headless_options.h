// The program set up for a test without a screen: SDL's dummy video driver, nothing read or
// saved, no sound, two human players, a fixed window size and interface scale.
#pragma once

#include <cstdlib>

#include "app/gui/app_options.h"

namespace gomoku::gui::testing {

inline AppOptions headlessAppOptions(int width = 1024, int height = 720, float scale = 1) {
#ifdef _WIN32
  _putenv_s("SDL_VIDEODRIVER", "dummy");
#else
  setenv("SDL_VIDEODRIVER", "dummy", 1);
#endif
  AppOptions o;
  o.headless = true;
  o.persist = false;
  o.audio = false;
  o.windowWidth = width;
  o.windowHeight = height;
  o.uiScale = scale;
  o.black = PlayerKind::Human;
  o.white = PlayerKind::Human;
  return o;
}

}  // namespace gomoku::gui::testing
