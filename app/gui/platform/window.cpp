#include "app/gui/platform/window.h"

#include <SDL.h>
#include <SDL_image.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <thread>

namespace gomoku::gui {

namespace {

constexpr int kMinWindowWidth = 800;
constexpr int kMinWindowHeight = 600;

// The DPI scale (1 = 96 dpi): given, from GOMOKU_UI_SCALE, or from the display; 1 to 3.
float chooseUiScale(const WindowOptions& options) {
  float scale = options.uiScale;
  if (const char* env = std::getenv("GOMOKU_UI_SCALE"); scale <= 0 && env)
    scale = static_cast<float>(std::atof(env));
  if (scale <= 0) {
    scale = 1;
#ifndef __APPLE__
    float hdpi = 0;
    if (!options.headless && SDL_GetDisplayDPI(0, nullptr, &hdpi, nullptr) == 0 && hdpi > 0) {
      scale = std::round(hdpi / 96.0f * 4) / 4;
    }
#endif
  }
  return std::clamp(scale, 1.0f, 3.0f);
}

}  // namespace

Window::~Window() {
  if (imguiStarted_) {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
  }
  if (renderer_) SDL_DestroyRenderer(renderer_);
  if (window_) SDL_DestroyWindow(window_);
  if (sdlStarted_) SDL_Quit();
}

std::optional<std::string> Window::open(const WindowOptions& options, Settings& settings) {
  headless_ = options.headless;
  if (options.headless) {
    if (!std::getenv("SDL_VIDEODRIVER")) SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
  }
  SDL_SetHint(SDL_HINT_WINDOWS_DPI_AWARENESS, "permonitorv2");
  SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
    return std::string("SDL could not start: ") + SDL_GetError();
  }
  sdlStarted_ = true;

  // The DPI scale decides the default window size, so look at the display first.
  uiScale_ = chooseUiScale(options);
  int width = options.width > 0 ? options.width : settings.windowWidth;
  int height = options.height > 0 ? options.height : settings.windowHeight;
  if (!options.sizeFromSettingsFile && options.width <= 0) {
    width = static_cast<int>(static_cast<float>(width) * uiScale_);
    height = static_cast<int>(static_cast<float>(height) * uiScale_);
  }
  // Never larger than the display (a size saved on a bigger screen, or the default).
  SDL_Rect usable;
  if (!options.headless && options.width <= 0 && SDL_GetDisplayUsableBounds(0, &usable) == 0) {
    width = std::min(width, usable.w * 9 / 10);
    height = std::min(height, usable.h * 9 / 10);
  }
  width = std::max(width, options.headless ? 320 : kMinWindowWidth);
  height = std::max(height, options.headless ? 240 : kMinWindowHeight);

  Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  window_ = SDL_CreateWindow("Gomoku Studio", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                             height, flags);
  if (!window_) return std::string("Could not open a window: ") + SDL_GetError();
  if (!options.headless) {
    SDL_SetWindowMinimumSize(window_, kMinWindowWidth, kMinWindowHeight);
    // What is saved is the size the window really has.
    SDL_GetWindowSize(window_, &settings.windowWidth, &settings.windowHeight);
  }
  if (!options.iconPath.empty()) {
    if (SDL_Surface* icon = SDL_LoadBMP(options.iconPath.c_str())) {
      SDL_SetWindowIcon(window_, icon);
      SDL_FreeSurface(icon);
    }
  }

  Uint32 rendererFlags = options.headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED;
  if (options.vsync && !options.headless) rendererFlags |= SDL_RENDERER_PRESENTVSYNC;
  renderer_ = SDL_CreateRenderer(window_, -1, rendererFlags);
  if (!renderer_) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
  if (!renderer_) return std::string("Could not create a renderer: ") + SDL_GetError();
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(renderer_, &info) == 0) {
    vsyncActive_ = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
    rendererName_ = info.name ? info.name : "?";
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is fixed; nothing to remember
  ImGui_ImplSDL2_InitForSDLRenderer(window_);
  ImGui_ImplSDLRenderer_Init(renderer_);
  imguiStarted_ = true;
  refreshScale(settings.theme);
  return std::nullopt;
}

void Window::refreshScale(Theme theme) {
  int windowWidth = 0, windowHeight = 0, outputWidth = 0, outputHeight = 0;
  SDL_GetWindowSize(window_, &windowWidth, &windowHeight);
  SDL_GetRendererOutputSize(renderer_, &outputWidth, &outputHeight);
  float density = windowWidth > 0 ? static_cast<float>(outputWidth) / windowWidth : 1.0f;
  if (density <= 0) density = 1;
  if (builtScale_ != uiScale_ || builtDensity_ != density) {
    fonts_ = loadFonts(uiScale_, density);
    ImGui_ImplSDLRenderer_DestroyFontsTexture();
    ImGui_ImplSDLRenderer_CreateFontsTexture();
    builtTheme_ = -1;
  }
  if (builtTheme_ != static_cast<int>(theme) || builtScale_ != uiScale_) {
    applyStyle(theme, uiScale_);
    builtTheme_ = static_cast<int>(theme);
  }
  builtScale_ = uiScale_;
  builtDensity_ = density;
  density_ = density;
  // Draw in window units; SDL scales to pixels on a high-density display.
  SDL_RenderSetScale(renderer_, density, density);
}

void Window::processEvents(const WindowEvents& events, uint64_t frame) {
  for (const HeldKeyUp& held : heldKeyUps_) {
    SDL_Event up{};
    up.type = SDL_KEYUP;
    up.key.state = SDL_RELEASED;
    up.key.windowID = held.windowId;
    up.key.keysym.sym = held.sym;
    up.key.keysym.scancode = static_cast<SDL_Scancode>(held.scancode);
    up.key.keysym.mod = static_cast<Uint16>(held.mod);
    ImGui_ImplSDL2_ProcessEvent(&up);
  }
  heldKeyUps_.clear();
  std::vector<SDL_Keycode> pressed;  // keys that went down in this batch
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (event.type == SDL_KEYUP &&
        std::find(pressed.begin(), pressed.end(), event.key.keysym.sym) != pressed.end()) {
      // ImGui sees the key down for this frame, up the next.
      heldKeyUps_.push_back({event.key.keysym.sym, event.key.keysym.scancode, event.key.keysym.mod,
                             event.key.windowID});
      lastInputFrame_ = frame;
      continue;
    }
    if (event.type == SDL_KEYDOWN) pressed.push_back(event.key.keysym.sym);
    ImGui_ImplSDL2_ProcessEvent(&event);
    switch (event.type) {
      case SDL_QUIT:
        events.closed();
        break;
      case SDL_RENDER_TARGETS_RESET:
      case SDL_RENDER_DEVICE_RESET:
        events.devicesReset();
        break;
      case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_CLOSE &&
            event.window.windowID == SDL_GetWindowID(window_)) {
          events.closed();
        } else if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED && !headless_) {
          events.resized(event.window.data1, event.window.data2);
        }
        lastInputFrame_ = frame;
        break;
      case SDL_KEYDOWN:
        events.key(event.key.keysym.sym, event.key.keysym.mod, event.key.repeat != 0);
        lastInputFrame_ = frame;
        break;
      case SDL_MOUSEMOTION:
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
      case SDL_MOUSEWHEEL:
      case SDL_TEXTINPUT:
      case SDL_KEYUP:
        lastInputFrame_ = frame;
        break;
      default:
        break;
    }
  }
}

void Window::beginFrame() {
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::GetIO().DisplayFramebufferScale = ImVec2(density_, density_);
  ImGui::NewFrame();
}

void Window::endFrame() {
  ImGui::Render();
}

void Window::render() {
  // One clear colour behind everything: the panels draw no background of their own, so no
  // large area is blended twice (software renderers and llvmpipe pay for every pixel).
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  SDL_SetRenderDrawColor(renderer_, static_cast<Uint8>(bg.x * 255), static_cast<Uint8>(bg.y * 255),
                         static_cast<Uint8>(bg.z * 255), 255);
  SDL_RenderClear(renderer_);
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

std::optional<std::string> Window::saveScreenshot(const std::string& path) {
  int width = 0, height = 0;
  SDL_GetRendererOutputSize(renderer_, &width, &height);
  SDL_Surface* surface =
      SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
  if (!surface) return std::string("no memory for the screenshot: ") + SDL_GetError();
  float scaleX = 1, scaleY = 1;
  SDL_RenderGetScale(renderer_, &scaleX, &scaleY);
  SDL_RenderSetScale(renderer_, 1, 1);
  int rc = SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels,
                                surface->pitch);
  SDL_RenderSetScale(renderer_, scaleX, scaleY);
  std::optional<std::string> error;
  if (rc != 0) {
    error = std::string("could not read the frame: ") + SDL_GetError();
  } else {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char ch) { return std::tolower(ch); });
    rc = ext == ".png" ? IMG_SavePNG(surface, path.c_str()) : SDL_SaveBMP(surface, path.c_str());
    if (rc != 0) error = "could not write " + path + ": " + SDL_GetError();
  }
  SDL_FreeSurface(surface);
  return error;
}

void Window::present() {
  SDL_RenderPresent(renderer_);
}

void Window::waitForNextFrame(bool busy, std::chrono::steady_clock::time_point frameStart) {
  if (headless_) return;
  if (!busy) {
    // Nothing moves: sleep until the player does something (or a quarter second passes).
    SDL_WaitEventTimeout(nullptr, 250);
    return;
  }
  if (vsyncActive_) return;  // present already waited for the display
  std::this_thread::sleep_until(frameStart + std::chrono::microseconds(16667));
}

void Window::setFullscreen(bool on) {
  if (!headless_ && window_)
    SDL_SetWindowFullscreen(window_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

}  // namespace gomoku::gui
