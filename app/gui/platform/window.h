// The platform layer: one SDL window and renderer with Dear ImGui on top, fonts and style at
// the display's DPI scale and pixel density, the event pump, and the frame's render, present
// and screenshot. Knows nothing of the game.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/persistence/settings.h"
#include "app/gui/platform/theme.h"

struct SDL_Window;
struct SDL_Renderer;

namespace gomoku::gui {

struct WindowOptions {
  bool headless = false;  // SDL's dummy video driver and software renderer, nothing shown
  bool vsync = true;
  int width = 0, height = 0;          // 0: the size in the settings (scaled when it is the default)
  float uiScale = 0;                  // 0: from the display's DPI (or GOMOKU_UI_SCALE)
  bool sizeFromSettingsFile = false;  // the settings' size was saved: do not scale it
  std::string iconPath;               // a .bmp, or ""
};

// What the event pump reports, besides feeding ImGui.
struct WindowEvents {
  std::function<void(int key, int modifiers, bool repeat)> key;  // SDL_Keycode, SDL_Keymod
  std::function<void(int width, int height)> resized;            // not when full screen
  std::function<void()> devicesReset;                            // textures are lost
  std::function<void()> closed;
};

class Window {
 public:
  Window() = default;
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Starts SDL and ImGui and opens the window; `settings` gives the size and the theme and
  // gets the size the window really has. An error message if that is impossible.
  std::optional<std::string> open(const WindowOptions& options, Settings& settings);
  // Builds the fonts and the style again when the scale, the density or the theme changed.
  void refreshScale(Theme theme);
  // Polls every pending event. `frame` is the frame number, to remember the last input.
  void processEvents(const WindowEvents& events, uint64_t frame);
  void beginFrame();  // a new ImGui frame
  void endFrame();    // ImGui's draw data for it
  // Renders the draw data over one clear colour; the screenshot, when asked for, is taken
  // from what was rendered before present().
  void render();
  std::optional<std::string> saveScreenshot(const std::string& path);
  void present();
  // Between frames: until the next frame when something moves (`busy`), until an event (or
  // a quarter second) when nothing does, so an idle board costs no CPU.
  void waitForNextFrame(bool busy, std::chrono::steady_clock::time_point frameStart);
  void setFullscreen(bool on);

  SDL_Renderer* renderer() const { return renderer_; }
  const Fonts& fonts() const { return fonts_; }
  float uiScale() const { return uiScale_; }
  float pixelDensity() const { return density_; }
  bool headless() const { return headless_; }
  const std::string& rendererName() const { return rendererName_; }
  uint64_t lastInputFrame() const { return lastInputFrame_; }

 private:
  bool headless_ = false;
  bool sdlStarted_ = false;
  bool imguiStarted_ = false;
  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  bool vsyncActive_ = false;
  std::string rendererName_;
  float uiScale_ = 1;
  float density_ = 1;
  float builtScale_ = 0, builtDensity_ = 0;  // what the fonts and style were made for
  int builtTheme_ = -1;
  Fonts fonts_;
  uint64_t lastInputFrame_ = 0;
  // Key releases held back one frame: a key pressed and released between two frames (a fast
  // tap, xdotool) would otherwise never show as down to ImGui 1.86, and a text box would miss
  // its Enter or Esc.
  struct HeldKeyUp {
    int sym = 0, scancode = 0, mod = 0;
    unsigned windowId = 0;
  };
  std::vector<HeldKeyUp> heldKeyUps_;
};

}  // namespace gomoku::gui
