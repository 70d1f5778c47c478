#include "app/gui/app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "app/gui/layout/dialogs.h"
#include "app/gui/persistence/file_io.h"
#include "app/gui/panels/panels.h"
#include "app/gui/persistence/saved_game.h"
#include "core/record.h"

#ifndef GOMOKU_ASSETS_DIR
#define GOMOKU_ASSETS_DIR ""
#endif

namespace gomoku::gui {

namespace fs = std::filesystem;

namespace {

constexpr const char* kOrganisation = "GomokuStudio";
constexpr const char* kApplication = "gomoku";
constexpr int kMinWindowWidth = 800;
constexpr int kMinWindowHeight = 600;

bool directoryHasSounds(const fs::path& dir) {
  std::error_code ec;
  return !dir.empty() && fs::is_directory(dir / "sounds", ec);
}

std::string trim(std::string text) {
  auto notSpace = [](unsigned char c) { return !std::isspace(c); };
  text.erase(text.begin(), std::find_if(text.begin(), text.end(), notSpace));
  text.erase(std::find_if(text.rbegin(), text.rend(), notSpace).base(), text.end());
  return text;
}

const char* sideName(Color c) {
  return c == Color::Black ? "Black" : "White";
}

}  // namespace

App::App(AppOptions options) : options_(std::move(options)) {}

App::~App() {
  if (controller_) {
    persist();
    if (settingsDirty_) saveSettingsNow();
  }
  controller_.reset();  // stops the engine thread first
  panels_.clear();
  dialogs_.reset();
  boardView_.reset();
  audio_.close();
  if (imguiStarted_) {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
  }
  if (renderer_) SDL_DestroyRenderer(renderer_);
  if (window_) SDL_DestroyWindow(window_);
  if (sdlStarted_) SDL_Quit();
}

double App::now() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

// ---------------------------------------------------------------- start-up

void App::resolvePaths() {
  std::vector<fs::path> candidates;
  if (!options_.assetsDir.empty()) candidates.emplace_back(options_.assetsDir);
  if (const char* env = std::getenv("GOMOKU_ASSETS_DIR"); env && *env) candidates.emplace_back(env);
  if (char* base = SDL_GetBasePath()) {
    fs::path basePath(base);
    SDL_free(base);
    candidates.push_back(basePath / "assets");
    candidates.push_back(basePath / ".." / "share" / "gomoku-studio" / "assets");
  }
  candidates.emplace_back(GOMOKU_ASSETS_DIR);
  for (const fs::path& dir : candidates) {
    if (directoryHasSounds(dir)) {
      assetsDir_ = dir.lexically_normal().string();
      break;
    }
  }

  if (!options_.persist) return;
  if (!options_.prefDir.empty()) {
    std::error_code ec;
    fs::create_directories(options_.prefDir, ec);
    prefDir_ = options_.prefDir;
  } else if (char* pref = SDL_GetPrefPath(kOrganisation, kApplication)) {
    prefDir_ = pref;
    SDL_free(pref);
  }
  if (!prefDir_.empty()) {
    settingsPath_ = (fs::path(prefDir_) / "settings.txt").string();
    gamePath_ = (fs::path(prefDir_) / "game.txt").string();
  }
}

std::optional<std::string> App::init() {
  resolvePaths();
  bool settingsFromFile = false;
  if (!settingsPath_.empty()) {
    std::error_code ec;
    settingsFromFile = fs::exists(settingsPath_, ec);
    SettingsLoad loaded = loadSettingsFile(settingsPath_);
    settings_ = loaded.settings;
    if (!loaded.error.empty()) {
      notify(loaded.error, NoticeKind::Warning, 0);
      saveSettingsNow();
    }
  }

  for (const auto& [key, value] : options_.settings) {
    if (auto error = setSetting(settings_, key, value))
      return "--set " + key + "=" + value + ": " + *error;
  }

  if (options_.headless) {
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
  uiScale_ = options_.uiScale;
  if (const char* env = std::getenv("GOMOKU_UI_SCALE"); uiScale_ <= 0 && env)
    uiScale_ = static_cast<float>(std::atof(env));
  if (uiScale_ <= 0) {
    uiScale_ = 1;
#ifndef __APPLE__
    float hdpi = 0;
    if (!options_.headless && SDL_GetDisplayDPI(0, nullptr, &hdpi, nullptr) == 0 && hdpi > 0) {
      uiScale_ = std::round(hdpi / 96.0f * 4) / 4;
    }
#endif
  }
  uiScale_ = std::clamp(uiScale_, 1.0f, 3.0f);

  int width = options_.windowWidth > 0 ? options_.windowWidth : settings_.windowWidth;
  int height = options_.windowHeight > 0 ? options_.windowHeight : settings_.windowHeight;
  if (!settingsFromFile && options_.windowWidth <= 0) {
    width = static_cast<int>(static_cast<float>(width) * uiScale_);
    height = static_cast<int>(static_cast<float>(height) * uiScale_);
  }
  // Never larger than the display (a size saved on a bigger screen, or the default).
  SDL_Rect usable;
  if (!options_.headless && options_.windowWidth <= 0 &&
      SDL_GetDisplayUsableBounds(0, &usable) == 0) {
    width = std::min(width, usable.w * 9 / 10);
    height = std::min(height, usable.h * 9 / 10);
  }
  width = std::max(width, options_.headless ? 320 : kMinWindowWidth);
  height = std::max(height, options_.headless ? 240 : kMinWindowHeight);

  Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  window_ = SDL_CreateWindow("Gomoku Studio", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                             height, flags);
  if (!window_) return std::string("Could not open a window: ") + SDL_GetError();
  if (!options_.headless) SDL_SetWindowMinimumSize(window_, kMinWindowWidth, kMinWindowHeight);
  if (!options_.headless) {
    // What is saved is the size the window really has.
    SDL_GetWindowSize(window_, &settings_.windowWidth, &settings_.windowHeight);
  }
  if (!assetsDir_.empty()) {
    if (SDL_Surface* icon = SDL_LoadBMP((fs::path(assetsDir_) / "icon.bmp").string().c_str())) {
      SDL_SetWindowIcon(window_, icon);
      SDL_FreeSurface(icon);
    }
  }

  Uint32 rendererFlags = options_.headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED;
  if (options_.vsync && !options_.headless) rendererFlags |= SDL_RENDERER_PRESENTVSYNC;
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
  updateScale();

  if (options_.audio && !assetsDir_.empty()) {
    audio_.open((fs::path(assetsDir_) / "sounds").string());
  }
  audio_.setVolume(settings_.volume);
  audio_.setMuted(settings_.muted);

  controller_ = std::make_unique<GameController>(makeEngineBackend());
  controller_->setPlayer(Color::Black, settings_.black);
  controller_->setPlayer(Color::White, settings_.white);
  controller_->setAi({settings_.strength, settings_.timeMs});
  controller_->setMinimumMoveTime(options_.minimumMoveMs);
  boardView_ = std::make_unique<BoardView>(renderer_);
  dialogs_ = std::make_unique<Dialogs>();
  panels_ = makePanels();

  loadPersistentState();
  applyCommandLine();
  savedRevision_ = gamePath_.empty() ? 0 : controller_->revision();
  if (settings_.fullscreen && !options_.headless)
    SDL_SetWindowFullscreen(window_, SDL_WINDOW_FULLSCREEN_DESKTOP);
  return std::nullopt;
}

void App::loadPersistentState() {
  bool restored = false;
  if (!gamePath_.empty()) {
    SavedGameLoad loaded = loadSavedGameFile(gamePath_);
    if (loaded.game) {
      if (auto error = restoreGame(*controller_, *loaded.game)) {
        notify("The saved game " + gamePath_ + " could not be replayed (" + *error +
                   "); a new game is started.",
               NoticeKind::Warning, 0);
      } else {
        restored = true;
      }
    } else if (!loaded.error.empty()) {
      notify(loaded.error, NoticeKind::Warning, 0);
    }
  }
  if (!restored) {
    controller_->newGame(settings_.boardSize, settings_.rule);
    if (!gamePath_.empty()) saveGameNow();
  }
}

void App::applyCommandLine() {
  if (options_.black) controller_->setPlayer(Color::Black, *options_.black);
  if (options_.white) controller_->setPlayer(Color::White, *options_.white);
  if (options_.demo) {
    controller_->setPlayer(Color::Black, PlayerKind::Computer);
    controller_->setPlayer(Color::White, PlayerKind::Computer);
  }
  if (options_.strength || options_.timeMs) {
    controller_->setAi({options_.strength.value_or(settings_.strength),
                        options_.timeMs.value_or(settings_.timeMs)});
  }
  if (options_.size || options_.rule || options_.position) {
    int size = options_.size.value_or(options_.position ? kDefaultSize : settings_.boardSize);
    Rule rule = options_.rule.value_or(options_.position ? Rule::Freestyle : settings_.rule);
    if (options_.position) {
      auto moves = parsePositionCode(*options_.position, size);
      MoveRecord record;
      record.size = size;
      std::optional<std::string> error;
      if (moves) {
        record.moves = *moves.value;
        error = controller_->load(record, rule);
      } else {
        error = moves.error;
      }
      if (error)
        notify("The position " + *options_.position + " was not loaded: " + *error,
               NoticeKind::Error, 0);
    } else {
      controller_->newGame(size, rule);
    }
  }
  if (options_.analyse) controller_->setAnalysis(true);
}

// ---------------------------------------------------------------- persistence

void App::saveGameNow() {
  if (gamePath_.empty()) return;
  writer_.write(gamePath_, formatSavedGame(captureGame(controller_->game())));
  savedRevision_ = controller_->revision();
}

void App::saveSettingsNow() {
  settingsDirty_ = false;
  if (settingsPath_.empty()) return;
  writer_.write(settingsPath_, formatSettings(settings_));
}

void App::persist() {
  if (!gamePath_.empty() && controller_->revision() != savedRevision_) saveGameNow();
  if (settingsDirty_ && now() - settingsDirtySince_ > 0.5) saveSettingsNow();
  if (auto error = writer_.takeError()) notify("Could not save: " + *error, NoticeKind::Error, 8);
}

void App::settingsChanged() {
  audio_.setVolume(settings_.volume);
  audio_.setMuted(settings_.muted);
  if (!settingsDirty_) settingsDirtySince_ = now();
  settingsDirty_ = true;
}

// ---------------------------------------------------------------- commands

void App::openNewGameDialog() {
  dialogs_->openNewGame(*this);
}

void App::startNewGame(int size, Rule rule) {
  if (auto error = controller_->newGame(size, rule)) {
    notify(*error, NoticeKind::Error);
    return;
  }
  settings_.boardSize = size;
  settings_.rule = rule;
  settingsChanged();
  gameOverAt_ = -1;
}

void App::undo() {
  if (!controller_->undo()) notify("Nothing to undo.", NoticeKind::Info, 2);
}

void App::redo() {
  if (!controller_->redo()) notify("Nothing to redo.", NoticeKind::Info, 2);
}

void App::hint() {
  if (controller_->canHint()) {
    controller_->requestHint();
  } else if (controller_->hint() == kNullPoint) {
    notify("A hint is available on your move.", NoticeKind::Info, 2);
  }
}

void App::resign() {
  if (controller_->canResign()) controller_->resign();
}

void App::swapSides() {
  controller_->swapSides();
  settings_.black = controller_->player(Color::Black);
  settings_.white = controller_->player(Color::White);
  settingsChanged();
}

void App::setPlayer(Color color, PlayerKind kind) {
  controller_->setPlayer(color, kind);
  (color == Color::Black ? settings_.black : settings_.white) = kind;
  settingsChanged();
}

void App::setAi(int strength, int timeMs) {
  controller_->setAi({strength, timeMs});
  settings_.strength = controller_->ai().strength;
  settings_.timeMs = static_cast<int>(controller_->ai().timeMs);
  settingsChanged();
}

void App::toggleMute() {
  settings_.muted = !settings_.muted;
  settingsChanged();
  notify(settings_.muted ? "Sound off (M to turn it on)" : "Sound on", NoticeKind::Info, 2);
}

void App::toggleFullscreen() {
  settings_.fullscreen = !settings_.fullscreen;
  if (!options_.headless) {
    SDL_SetWindowFullscreen(window_, settings_.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
  }
  settingsChanged();
}

void App::copyPositionCode() {
  std::string code = toPositionCode(controller_->game().moves());
  if (code.empty()) {
    notify("The board is empty: nothing to copy.", NoticeKind::Info, 2);
    return;
  }
  if (SDL_SetClipboardText(code.c_str()) == 0) {
    notify("Copied the position code " + (code.size() > 40 ? code.substr(0, 40) + "..." : code),
           NoticeKind::Info, 3);
  } else {
    notify(std::string("Could not copy: ") + SDL_GetError(), NoticeKind::Error);
  }
}

void App::pastePositionCode() {
  char* raw = SDL_GetClipboardText();
  std::string text = raw ? trim(raw) : std::string();
  if (raw) SDL_free(raw);
  if (text.empty()) {
    notify("The clipboard holds no position code (like h8i9j10).", NoticeKind::Warning);
    return;
  }
  const Game& game = controller_->game();
  std::string firstError;
  for (int size : {game.size(), kDefaultSize, 19, kMaxSize}) {
    auto moves = parsePositionCode(text, size);
    if (!moves) {
      if (firstError.empty()) firstError = moves.error;
      continue;
    }
    MoveRecord record;
    record.size = size;
    record.moves = *moves.value;
    auto error = controller_->load(record, game.rule());
    if (error && game.rule() != Rule::Freestyle) error = controller_->load(record, Rule::Freestyle);
    if (!error) {
      notify("Pasted a position of " + std::to_string(record.moves.size()) + " moves.",
             NoticeKind::Info, 3);
      return;
    }
    if (firstError.empty()) firstError = *error;
  }
  notify("The clipboard text is not a position: " + firstError, NoticeKind::Warning);
}

void App::openRecordDialog() {
  dialogs_->openRecord(*this, false);
}
void App::saveRecordDialog() {
  dialogs_->openRecord(*this, true);
}
void App::openShortcutsDialog() {
  dialogs_->openShortcuts();
}
void App::openAboutDialog() {
  dialogs_->openAbout();
}

std::optional<std::string> App::openRecord(const std::string& path) {
  auto text = readFile(path);
  if (!text) return "Cannot read " + path;
  auto parsed = parsePsq(*text);
  if (!parsed) return fs::path(path).filename().string() + ": " + parsed.error;
  Rule rule = controller_->game().rule();
  auto error = controller_->load(*parsed.value, rule);
  if (error && rule != Rule::Freestyle) {
    if (!controller_->load(*parsed.value, Rule::Freestyle)) {
      notify("Opened under freestyle rules (" + *error + ").", NoticeKind::Warning);
      return std::nullopt;
    }
  }
  if (error) return fs::path(path).filename().string() + ": " + *error;
  notify("Opened " + fs::path(path).filename().string(), NoticeKind::Info, 3);
  return std::nullopt;
}

std::optional<std::string> App::saveRecord(const std::string& path) {
  if (auto error = writeFileAtomic(path, toPsq(controller_->game()))) return error;
  notify("Saved " + fs::path(path).filename().string(), NoticeKind::Info, 3);
  return std::nullopt;
}

void App::notify(std::string text, NoticeKind kind, double seconds) {
  // The same message again refreshes the old one instead of stacking up.
  for (Notice& notice : notices_) {
    if (notice.text == text) {
      notice.expires = seconds > 0 ? now() + seconds : 0;
      return;
    }
  }
  notices_.push_back({std::move(text), kind, seconds > 0 ? now() + seconds : 0});
  if (notices_.size() > 4) notices_.erase(notices_.begin());
}

// ---------------------------------------------------------------- frame

void App::updateScale() {
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
  if (builtTheme_ != static_cast<int>(settings_.theme) || builtScale_ != uiScale_) {
    applyStyle(settings_.theme, uiScale_);
    builtTheme_ = static_cast<int>(settings_.theme);
  }
  builtScale_ = uiScale_;
  builtDensity_ = density;
  density_ = density;
  // Draw in window units; SDL scales to pixels on a high-density display.
  SDL_RenderSetScale(renderer_, density, density);
}

bool App::handleShortcut(int key, int modifiers) {
  const bool ctrl = (modifiers & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (modifiers & KMOD_SHIFT) != 0;
  if (key == SDLK_F11) {
    toggleFullscreen();
    return true;
  }
  if (dialogs_->anyOpen()) {
    if (key == SDLK_ESCAPE) dialogs_->pressEscape();
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) dialogs_->pressEnter();
    return false;
  }
  if (ImGui::GetIO().WantTextInput) return false;
  if (ctrl) {
    switch (key) {
      case SDLK_n: openNewGameDialog(); return true;
      case SDLK_z: shift ? redo() : undo(); return true;
      case SDLK_y: redo(); return true;
      case SDLK_o: openRecordDialog(); return true;
      case SDLK_s: saveRecordDialog(); return true;
      case SDLK_c: copyPositionCode(); return true;
      case SDLK_v: pastePositionCode(); return true;
      case SDLK_q: quit(); return true;
      default: return false;
    }
  }
  if (modifiers & (KMOD_ALT)) return false;
  switch (key) {
    case SDLK_h: hint(); return true;
    case SDLK_m: toggleMute(); return true;
    // Teaching: Step and Back, only in step mode and not while a widget has the keyboard.
    case SDLK_SPACE:
    case SDLK_BACKSPACE:
      if (!controller_->stepMode() || ImGui::GetIO().WantCaptureKeyboard) return false;
      key == SDLK_SPACE ? controller_->step() : controller_->stepBack();
      return true;
    case SDLK_ESCAPE:
      if (bannerVisible()) {
        bannerDismissedAt_ = controller_->revision();
      } else if (settings_.fullscreen) {
        toggleFullscreen();
      }
      return true;
    default:
      return false;
  }
}

void App::processEvents() {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    switch (event.type) {
      case SDL_QUIT:
        running_ = false;
        break;
      case SDL_RENDER_TARGETS_RESET:
      case SDL_RENDER_DEVICE_RESET:
        boardView_->invalidate();
        break;
      case SDL_WINDOWEVENT:
        if (event.window.event == SDL_WINDOWEVENT_CLOSE &&
            event.window.windowID == SDL_GetWindowID(window_)) {
          running_ = false;
        } else if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED && !settings_.fullscreen &&
                   !options_.headless) {
          settings_.windowWidth = event.window.data1;
          settings_.windowHeight = event.window.data2;
          settingsChanged();
        }
        lastInputFrame_ = frames_;
        break;
      case SDL_KEYDOWN: {
        const SDL_Keycode key = event.key.keysym.sym;
        const bool repeatable = key == SDLK_z || key == SDLK_y;
        if (!event.key.repeat || repeatable) handleShortcut(key, event.key.keysym.mod);
        lastInputFrame_ = frames_;
        break;
      }
      case SDL_MOUSEMOTION:
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
      case SDL_MOUSEWHEEL:
      case SDL_TEXTINPUT:
      case SDL_KEYUP:
        lastInputFrame_ = frames_;
        break;
      default:
        break;
    }
  }
}

void App::handleGameEvents() {
  const GameController& c = *controller_;
  const int humans =
      (c.player(Color::Black) == PlayerKind::Human) + (c.player(Color::White) == PlayerKind::Human);
  for (const GameEvent& event : controller_->takeEvents()) {
    switch (event.kind) {
      case EventKind::StonePlaced:
        ++stonesPlayed_;
        if (event.byComputer && humans > 0) {
          audio_.play(Sound::AiMove);
        } else {
          audio_.play(event.color == Color::Black ? Sound::StoneBlack : Sound::StoneWhite);
        }
        break;
      case EventKind::Illegal:
        audio_.play(Sound::Illegal);
        notify("Not there: " + event.message + ".", NoticeKind::Warning, 3);
        break;
      case EventKind::GameOver: {
        gameOverAt_ = now();
        if (event.result == GameResult::Draw) {
          audio_.play(Sound::Draw);
        } else if (humans == 1) {
          audio_.play(c.player(event.color) == PlayerKind::Human ? Sound::Win : Sound::Loss);
        } else {
          audio_.play(Sound::Win);
        }
        break;
      }
      case EventKind::HintReady:
        audio_.play(Sound::Hint);
        notify("Hint: try " + pointToText(event.point) + ".", NoticeKind::Info, 4);
        break;
      case EventKind::SearchFailed:
        notify(event.message, NoticeKind::Error, 0);
        break;
    }
  }
}

void App::frame() {
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  frameStart_ = Clock::now();
  processEvents();
  const auto afterInput = Clock::now();
  controller_->update();
  handleGameEvents();
  if (options_.demo && controller_->game().isOver() && gameOverAt_ >= 0 &&
      now() - gameOverAt_ > 1.5) {
    startNewGame(controller_->game().size(), controller_->game().rule());
  }
  persist();
  const double t = now();
  notices_.erase(std::remove_if(notices_.begin(), notices_.end(),
                                [t](const Notice& n) { return n.expires > 0 && n.expires < t; }),
                 notices_.end());
  const auto afterGame = Clock::now();

  updateScale();
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::GetIO().DisplayFramebufferScale = ImVec2(density_, density_);
  ImGui::NewFrame();
  drawUi();
  ImGui::Render();
  const auto afterLayout = Clock::now();

  // One clear colour behind everything: the panels draw no background of their own, so no
  // large area is blended twice (software renderers and llvmpipe pay for every pixel).
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  SDL_SetRenderDrawColor(renderer_, static_cast<Uint8>(bg.x * 255), static_cast<Uint8>(bg.y * 255),
                         static_cast<Uint8>(bg.z * 255), 255);
  SDL_RenderClear(renderer_);
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
  if (screenshotPath_) captureScreenshot();
  const auto afterRender = Clock::now();
  SDL_RenderPresent(renderer_);
  const auto end = Clock::now();
  phases_ = {ms(frameStart_, afterInput), ms(afterInput, afterGame), ms(afterGame, afterLayout),
             ms(afterLayout, afterRender), ms(afterRender, end)};
  ++frames_;
}

void App::waitForNextFrame() {
  if (options_.headless || !running_) return;
  const bool busy = controller_->searching() != SearchPurpose::None ||
                    controller_->hint() != kNullPoint || !notices_.empty() ||
                    frames_ - lastInputFrame_ < 3 || options_.demo;
  if (!busy) {
    // Nothing moves: sleep until the player does something (or a quarter second passes).
    SDL_WaitEventTimeout(nullptr, 250);
    return;
  }
  if (vsyncActive_) return;  // present already waited for the display
  const auto next = frameStart_ + std::chrono::microseconds(16667);
  std::this_thread::sleep_until(next);
}

void App::captureScreenshot() {
  std::string path = *screenshotPath_;
  screenshotPath_.reset();
  screenshotError_.reset();
  int width = 0, height = 0;
  SDL_GetRendererOutputSize(renderer_, &width, &height);
  SDL_Surface* surface =
      SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
  if (!surface) {
    screenshotError_ = std::string("no memory for the screenshot: ") + SDL_GetError();
    return;
  }
  float scaleX = 1, scaleY = 1;
  SDL_RenderGetScale(renderer_, &scaleX, &scaleY);
  SDL_RenderSetScale(renderer_, 1, 1);
  int rc = SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels,
                                surface->pitch);
  SDL_RenderSetScale(renderer_, scaleX, scaleY);
  if (rc != 0) {
    screenshotError_ = std::string("could not read the frame: ") + SDL_GetError();
  } else {
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char ch) { return std::tolower(ch); });
    rc = ext == ".png" ? IMG_SavePNG(surface, path.c_str()) : SDL_SaveBMP(surface, path.c_str());
    if (rc != 0) screenshotError_ = "could not write " + path + ": " + SDL_GetError();
  }
  SDL_FreeSurface(surface);
}

// ---------------------------------------------------------------- drawing

std::string App::describePlayer(Color color) const {
  const GameController& c = *controller_;
  const bool human = c.player(color) == PlayerKind::Human;
  const bool otherHuman = c.player(opponent(color)) == PlayerKind::Human;
  std::string name = sideName(color);
  if (human && !otherHuman) return name + " (you)";
  if (!human) return name + " (computer)";
  return name;
}

void App::drawUi() {
  const ImGuiIO& io = ImGui::GetIO();
  const float width = io.DisplaySize.x, height = io.DisplaySize.y;
  drawMenuBar();
  const float top = ImGui::GetFrameHeight();
  // The board takes the height; the sidebar takes what is left of the width (within limits),
  // so there is no dead band between them.
  const float pad = 14.0f * uiScale_;
  const float boardHeight = height - top - 3 * pad - ImGui::GetFrameHeight();
  const float minSidebar = 300.0f * uiScale_, maxSidebar = 470.0f * uiScale_;
  const float boardSide = std::min(boardHeight, width - minSidebar - 2 * pad);
  const float sidebar = std::clamp(width - boardSide - 2 * pad, minSidebar, maxSidebar);
  drawBoardArea(top, width - sidebar, height - top);
  drawSidebar(width - sidebar, top, sidebar, height - top);
  drawNotices(noticeArea_.x, noticeArea_.y, noticeArea_.w);
  dialogs_->draw(*this);
}

void App::drawMenuBar() {
  if (!ImGui::BeginMainMenuBar()) return;
  GameController& c = *controller_;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New game...", "Ctrl+N")) openNewGameDialog();
    if (ImGui::MenuItem("Open .psq...", "Ctrl+O")) openRecordDialog();
    if (ImGui::MenuItem("Save as .psq...", "Ctrl+S")) saveRecordDialog();
    ImGui::Separator();
    if (ImGui::MenuItem("Copy position code", "Ctrl+C")) copyPositionCode();
    if (ImGui::MenuItem("Paste position code", "Ctrl+V")) pastePositionCode();
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Game")) {
    if (ImGui::MenuItem("Undo", "Ctrl+Z", false, c.canUndo())) undo();
    if (ImGui::MenuItem("Redo", "Ctrl+Y", false, c.canRedo())) redo();
    if (ImGui::MenuItem("Hint", "H", false, c.canHint())) hint();
    ImGui::Separator();
    if (ImGui::MenuItem("Swap sides")) swapSides();
    if (ImGui::MenuItem("Resign", nullptr, false, c.canResign())) resign();
    if (c.paused() && ImGui::MenuItem("Resume play from here")) c.resume();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    bool changed = false;
    changed |= ImGui::MenuItem("Coordinates", nullptr, &settings_.showCoordinates);
    changed |= ImGui::MenuItem("Move numbers", nullptr, &settings_.showMoveNumbers);
    changed |= ImGui::MenuItem("Last move mark", nullptr, &settings_.showLastMove);
    changed |= ImGui::MenuItem("Forbidden points (renju)", nullptr, &settings_.showForbidden);
    changed |= ImGui::MenuItem("Stone under the mouse", nullptr, &settings_.showGhost);
    ImGui::Separator();
    if (ImGui::MenuItem("Dark theme", nullptr, settings_.theme == Theme::Dark)) {
      settings_.theme = Theme::Dark;
      changed = true;
    }
    if (ImGui::MenuItem("Light theme", nullptr, settings_.theme == Theme::Light)) {
      settings_.theme = Theme::Light;
      changed = true;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Full screen", "F11", settings_.fullscreen)) toggleFullscreen();
    if (changed) settingsChanged();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Keyboard shortcuts")) openShortcutsDialog();
    if (ImGui::MenuItem("About Gomoku Studio")) openAboutDialog();
    ImGui::EndMenu();
  }
  if (settings_.muted) {
    const char* text = "Sound off";
    ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(text).x -
                    ImGui::GetStyle().ItemSpacing.x * 2);
    ImGui::TextDisabled("%s", text);
  }
  ImGui::EndMainMenuBar();
}

void App::drawBoardArea(float top, float width, float height) {
  GameController& c = *controller_;
  const Game& game = c.game();
  if (sceneRevision_ != c.revision()) {
    sceneRevision_ = c.revision();
    winningLine_ = game.winningLine();
    forbidden_.clear();
    if (game.rule() == Rule::Renju && game.sideToMove() == Color::Black && !game.isOver()) {
      forbidden_ = game.forbiddenPoints();
    }
  }

  ImGui::SetNextWindowPos(ImVec2(0, top));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("##board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollWithMouse |
                   ImGuiWindowFlags_NoNavFocus);
  ImGui::PopStyleVar();
  const float pad = 14.0f * uiScale_;
  const float statusHeight = ImGui::GetFrameHeight() + pad;
  RectF area{pad, top + pad, width - 2 * pad, height - 2 * pad - statusHeight};
  boardView_->layout(area, game.size(), settings_.showCoordinates, density_, now());
  const BoardGeometry& geometry = boardView_->geometry();
  ImDrawList* list = ImGui::GetWindowDrawList();

  // Input: one invisible button over the wood; the point comes from the geometry.
  std::optional<Point> hovered;
  if (geometry.valid()) {
    const RectF b = geometry.board();
    ImGui::SetCursorScreenPos(ImVec2(b.x, b.y));
    ImGui::InvisibleButton("##board-input", ImVec2(std::max(1.0f, b.w), std::max(1.0f, b.h)));
    ImGui::SetItemAllowOverlap();  // the game-over banner's buttons lie on top of it
    if (ImGui::IsItemHovered()) {
      ImVec2 mouse = ImGui::GetMousePos();
      hovered = geometry.pointAt({mouse.x, mouse.y});
    }
    if (!hovered && options_.hoverPoint)
      hovered = parsePointText(*options_.hoverPoint, game.size());
    boardView_->setHovered(hovered);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && hovered) {
      const bool humanTurn = c.isHumanTurn();
      auto message = c.clickPoint(*hovered);
      // An illegal point comes back as an event (with its sound); say why nothing happened
      // only when it was not the player's turn.
      // (After the end the banner and the status line already say so.)
      if (message && !humanTurn && !game.isOver()) notify(*message, NoticeKind::Info, 2);
    }
  }

  BoardScene scene;
  scene.board = &game.board();
  scene.coordinates = settings_.showCoordinates;
  scene.moveNumbers = settings_.showMoveNumbers;
  scene.lastMove = settings_.showLastMove;
  scene.winningLine = winningLine_;
  if (settings_.showForbidden && game.sideToMove() == Color::Black && !game.isOver())
    scene.forbidden = forbidden_;
  if (settings_.showGhost && hovered && c.isHumanTurn() && game.board().isEmpty(*hovered) &&
      std::find(forbidden_.begin(), forbidden_.end(), *hovered) == forbidden_.end()) {
    scene.ghost = hovered;
    scene.ghostColor = game.sideToMove();
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }
  scene.hint = c.hint();
  scene.time = now();
  scene.background = ImGui::GetColorU32(ImGuiCol_WindowBg);
  boardView_->draw(list, scene, fonts_.boardLabels, fonts_.boardNumbers);
  for (const auto& panel : panels_) panel->drawOverBoard(*this, list, geometry);

  if (bannerVisible()) drawGameOverBanner();
  const RectF b = geometry.board();
  noticeArea_ = {b.x + b.w * 0.1f, b.y + pad * 0.6f, b.w * 0.8f, 0};
  drawStatus(pad, top + height - statusHeight, width - 2 * pad);
  ImGui::End();
}

void App::drawStatus(float x, float y, float width) {
  GameController& c = *controller_;
  const Game& game = c.game();
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float h = ImGui::GetFrameHeight();
  const float r = h * 0.32f;
  ImGui::SetCursorScreenPos(ImVec2(x, y));

  std::string text;
  Color dot = game.sideToMove();
  if (game.isOver()) {
    dot = game.winner();
    switch (game.result()) {
      case GameResult::BlackWins:
        text = "Black wins";
        break;
      case GameResult::WhiteWins:
        text = "White wins";
        break;
      default:
        text = "Draw: the board is full";
        break;
    }
    if (game.endReason() == EndReason::Resignation) text += " by resignation";
    if (game.endReason() == EndReason::Five) text += " with five in a row";
  } else if (c.analysing()) {
    text = std::string("Analysing for ") + sideName(game.sideToMove()) + ", depth " +
           std::to_string(c.searchInfo().completedDepth);
  } else if (c.paused()) {
    text = "Reviewing move " + std::to_string(game.ply()) + " of " +
           std::to_string(game.line().size());
  } else if (c.thinking()) {
    text = describePlayer(game.sideToMove()) + " is thinking...";
  } else if (c.searching() == SearchPurpose::Hint) {
    text = "Looking for a good move for you...";
  } else if (c.searching() == SearchPurpose::Study) {
    text = "Searching for " + std::string(sideName(game.sideToMove())) +
           " one depth further (teaching), depth " + std::to_string(c.searchInfo().completedDepth);
  } else if (c.isHumanTurn()) {
    text = describePlayer(game.sideToMove()) + " to play";
  } else {
    text = describePlayer(game.sideToMove()) + " to play";
  }

  float cx = x + r + 2;
  if (dot == Color::Black || dot == Color::White) {
    drawStoneIcon(list, cx, y + h / 2, r, dot);
    cx += r * 2 + 8 * uiScale_;
  } else {
    cx = x;
  }
  ImGui::SetCursorScreenPos(ImVec2(cx, y + (h - ImGui::GetTextLineHeight()) / 2));
  ImGui::TextUnformatted(text.c_str());
  ImGui::SameLine();
  const float after = ImGui::GetCursorScreenPos().x + 8 * uiScale_;
  const float remaining = x + width - after;

  if (c.searching() != SearchPurpose::None && c.searching() != SearchPurpose::Study &&
      !c.analysing() && remaining > 80 * uiScale_) {
    const double elapsed = static_cast<double>(c.searchElapsedMs()) / 1000.0;
    const double allotted =
        std::max<double>(0.001, static_cast<double>(c.searchAllottedMs()) / 1000.0);
    char overlay[48];
    std::snprintf(overlay, sizeof overlay, "%.1f / %.1f s", elapsed, allotted);
    ImGui::SetCursorScreenPos(ImVec2(after, y));
    ImGui::ProgressBar(static_cast<float>(std::min(1.0, elapsed / allotted)),
                       ImVec2(std::min(remaining, 360 * uiScale_), h), overlay);
  } else if (c.paused() && remaining > 120 * uiScale_) {
    ImGui::SetCursorScreenPos(ImVec2(after, y));
    if (ImGui::Button("Resume play here")) c.resume();
  } else if (game.isOver() && !bannerVisible() && remaining > 100 * uiScale_) {
    ImGui::SetCursorScreenPos(ImVec2(after, y));
    if (ImGui::Button("New game")) startNewGame(game.size(), game.rule());
  }
}

void App::drawNotices(float x, float y, float width) {
  // Each notice is a small window of its own, so a click on it (to close it) never reaches
  // the board underneath.
  const float pad = 10 * uiScale_;
  const float closeSize = ImGui::GetFontSize();
  int closed = -1;
  for (size_t i = 0; i < notices_.size(); ++i) {
    const Notice& n = notices_[i];
    const ImVec4 bg = n.kind == NoticeKind::Info      ? ImVec4(0.13f, 0.12f, 0.10f, 0.92f)
                      : n.kind == NoticeKind::Warning ? ImVec4(0.47f, 0.31f, 0.08f, 0.95f)
                                                      : ImVec4(0.55f, 0.14f, 0.12f, 0.95f);
    const float textWidth =
        std::min(ImGui::CalcTextSize(n.text.c_str()).x, width - 3 * pad - closeSize);
    const float boxWidth = textWidth + 3 * pad + closeSize;
    ImGui::SetNextWindowPos(ImVec2(std::round(x + (width - boxWidth) / 2), std::round(y)));
    ImGui::SetNextWindowSize(ImVec2(boxWidth, 0));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, bg);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.98f, 0.95f, 0.91f, 1.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad * 0.7f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 8 * uiScale_);
    const std::string id = "##notice" + std::to_string(i);
    ImGui::Begin(id.c_str(), nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoNav);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + textWidth);
    ImGui::TextUnformatted(n.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SameLine(boxWidth - pad - closeSize);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
    if (ImGui::Button("x", ImVec2(closeSize, closeSize)) ||
        (ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left))) {
      closed = static_cast<int>(i);
    }
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    y += ImGui::GetWindowHeight() + pad * 0.5f;
    ImGui::End();
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor(2);
  }
  if (closed >= 0) notices_.erase(notices_.begin() + closed);
}

bool App::bannerVisible() const {
  return controller_ && controller_->game().isOver() &&
         bannerDismissedAt_ != controller_->revision();
}

void App::drawGameOverBanner() {
  GameController& c = *controller_;
  const Game& game = c.game();
  const int humans =
      (c.player(Color::Black) == PlayerKind::Human) + (c.player(Color::White) == PlayerKind::Human);
  std::string title, subtitle;
  const Color winner = game.winner();
  if (game.result() == GameResult::Draw) {
    title = "Draw";
    subtitle = "The board is full.";
  } else {
    if (humans == 1) {
      title = c.player(winner) == PlayerKind::Human ? "You win!" : "The computer wins";
    } else {
      title = std::string(sideName(winner)) + " wins";
    }
    subtitle = game.endReason() == EndReason::Resignation
                   ? std::string(sideName(opponent(winner))) + " resigned."
                   : std::string(sideName(winner)) + " made five in a row.";
  }
  const RectF b = boardView_->geometry().board();
  ImFont* large = fonts_.large;
  const float titleSize = large->FontSize * ImGui::GetIO().FontGlobalScale;
  ImVec2 titleExtent = large->CalcTextSizeA(titleSize, 1e9f, 0, title.c_str());
  ImVec2 subExtent = ImGui::CalcTextSize(subtitle.c_str());
  const float pad = 16 * uiScale_;
  const float buttonWidth = ImGui::GetFontSize() * 6.5f;
  const float contentWidth = std::max({titleExtent.x, subExtent.x, buttonWidth * 2 + pad});
  const float boxWidth = contentWidth + 2 * pad;
  const float boxHeight = titleExtent.y + subExtent.y + ImGui::GetFrameHeight() + pad * 3;
  // Away from the five: in the third of the board that the winning line leaves free.
  const BoardGeometry& g = boardView_->geometry();
  float lineTop = b.y + b.h, lineBottom = b.y;
  for (Point p : winningLine_) {
    lineTop = std::min(lineTop, g.center(p).y - g.cell() * 0.6f);
    lineBottom = std::max(lineBottom, g.center(p).y + g.cell() * 0.6f);
  }
  float centerY = b.y + b.h * 0.5f;
  if (!winningLine_.empty()) {
    const float above = lineTop - b.y, below = b.y + b.h - lineBottom;
    centerY = above >= below ? b.y + std::max(above / 2, boxHeight / 2 + pad)
                             : b.y + b.h - std::max(below / 2, boxHeight / 2 + pad);
  }
  ImVec2 p0(std::round(b.x + (b.w - boxWidth) / 2), std::round(centerY - boxHeight / 2));
  ImVec2 p1(p0.x + boxWidth, p0.y + boxHeight);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(ImVec2(p0.x + 3, p0.y + 5), ImVec2(p1.x + 3, p1.y + 5), IM_COL32(0, 0, 0, 60),
                      12 * uiScale_);
  list->AddRectFilled(p0, p1, IM_COL32(30, 26, 22, 232), 12 * uiScale_);
  list->AddRect(p0, p1, IM_COL32(245, 196, 70, 200), 12 * uiScale_, 0, 1.5f);
  list->AddText(large, titleSize, ImVec2(p0.x + (boxWidth - titleExtent.x) / 2, p0.y + pad),
                IM_COL32(250, 236, 200, 255), title.c_str());
  list->AddText(
      ImVec2(p0.x + (boxWidth - subExtent.x) / 2, p0.y + pad + titleExtent.y + pad * 0.4f),
      IM_COL32(225, 215, 200, 255), subtitle.c_str());
  const float buttonsY = p1.y - pad - ImGui::GetFrameHeight();
  ImGui::SetCursorScreenPos(ImVec2(p0.x + (boxWidth - (buttonWidth * 2 + pad)) / 2, buttonsY));
  if (ImGui::Button("New game", ImVec2(buttonWidth, 0))) startNewGame(game.size(), game.rule());
  ImGui::SameLine(0, pad);
  ImGui::BeginDisabled(!c.canUndo());
  if (ImGui::Button("Undo", ImVec2(buttonWidth, 0))) undo();
  ImGui::EndDisabled();
  const float closeSize = ImGui::GetFontSize();
  ImGui::SetCursorScreenPos(ImVec2(p1.x - closeSize - pad * 0.5f, p0.y + pad * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
  if (ImGui::Button("x##close-banner", ImVec2(closeSize, closeSize)))
    bannerDismissedAt_ = c.revision();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Close (Esc)");
}

void App::drawSidebar(float x, float top, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(x, top));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##sidebar", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(x, top), ImVec2(x + 1, top + height),
                                            ImGui::GetColorU32(ImGuiCol_Separator));
  for (const auto& panel : panels_) {
    panel->update(*this);
    ImGui::PushID(panel->title());
    if (frames_ == 0 && !options_.openPanels.empty()) {
      const auto& open = options_.openPanels;
      ImGui::SetNextItemOpen(std::find(open.begin(), open.end(), panel->title()) != open.end());
    }
    ImGui::PushFont(fonts_.bold);
    const bool open = ImGui::CollapsingHeader(
        panel->title(), panel->openByDefault() ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    ImGui::PopFont();
    if (open) {
      ImGui::Spacing();
      panel->draw(*this);
      ImGui::Spacing();
    }
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace gomoku::gui
