#include "app/gui/app.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/app_commands.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/dialogs.h"
#include "app/gui/layout/layout.h"
#include "app/gui/models/result_text.h"
#include "app/gui/panels/panels.h"
#include "app/gui/platform/paths.h"
#include "core/game/record.h"

#ifndef GOMOKU_ASSETS_DIR
#define GOMOKU_ASSETS_DIR ""
#endif

namespace gomoku::gui {

namespace fs = std::filesystem;

App::App(AppOptions options)
    : options_(std::move(options)),
      notices_([this] { return now(); }),
      persistence_(notices_, [this] { return now(); }) {}

App::~App() {
  if (controller_) persistence_.saveAll(*controller_, settings_);
  controller_.reset();  // stops the engine thread first
  panels_.clear();
  dialogs_.reset();
  boardView_.reset();  // its textures go before the renderer
  audio_.close();
}

double App::now() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

// ---------------------------------------------------------------- start-up

std::optional<std::string> App::init() {
  std::string executableDir;
  if (char* base = SDL_GetBasePath()) {
    executableDir = base;
    SDL_free(base);
  }
  const char* env = std::getenv("GOMOKU_ASSETS_DIR");
  assetsDir_ = firstAssetsDir(
      assetCandidates(options_.assetsDir, env ? env : "", executableDir, GOMOKU_ASSETS_DIR));

  persistence_.open(options_.persist, options_.prefDir,
                    static_cast<Persistence::GameFile>(options_.gameFile));
  bool settingsFromFile = false;
  settings_ = persistence_.loadSettings(&settingsFromFile);
  for (const auto& [key, value] : options_.settings) {
    if (auto error = setSetting(settings_, key, value))
      return "--set " + key + "=" + value + ": " + *error;
  }

  WindowOptions windowOptions;
  windowOptions.headless = options_.headless;
  windowOptions.vsync = options_.vsync;
  windowOptions.width = options_.windowWidth;
  windowOptions.height = options_.windowHeight;
  windowOptions.uiScale = options_.uiScale;
  windowOptions.sizeFromSettingsFile = settingsFromFile;
  if (!assetsDir_.empty()) windowOptions.iconPath = (fs::path(assetsDir_) / "icon.bmp").string();
  if (auto error = window_.open(windowOptions, settings_)) return error;

  if (options_.audio && !assetsDir_.empty()) {
    audio_.open((fs::path(assetsDir_) / "sounds").string());
  }
  audio_.setVolume(settings_.volume);
  audio_.setMuted(settings_.muted);

  controller_ = std::make_unique<GameController>(makeEngineBackend());
  controller_->setEnginePath(Color::Black, settings_.blackEngine);
  controller_->setEnginePath(Color::White, settings_.whiteEngine);
  controller_->setPlayer(Color::Black, settings_.black);
  controller_->setPlayer(Color::White, settings_.white);
  controller_->setAi({settings_.strength, settings_.timeMs});
  // A file written on a machine with more cores keeps its count; this run uses what is here.
  controller_->setEngineResources({usableThreads(settings_.engineThreads), settings_.hashMb});
  controller_->setMinimumMoveTime(options_.minimumMoveMs);
  controller_->setStepMode(settings_.stepMode);
  boardView_ = std::make_unique<BoardView>(window_.renderer());
  dialogs_ = std::make_unique<Dialogs>();
  actions_ = std::make_unique<GameActions>(*controller_, settings_, notices_,
                                           [this] { settingsChanged(); });
  layout_ = std::make_unique<Layout>(options_.openPanels, options_.hoverPoint);
  commands_ = makeAppCommands({.controller = *controller_,
                               .actions = *actions_,
                               .settings = settings_,
                               .dialogs = *dialogs_,
                               .boardArea = layout_->boardArea(),
                               .window = window_,
                               .quit = [this] { quit(); }});
  panels_ = makePanels();
  windowEvents_ = {
      .key = [this](int key, int modifiers, bool repeat) { handleKey(key, modifiers, repeat); },
      .resized =
          [this](int width, int height) {
            if (settings_.fullscreen) return;
            settings_.windowWidth = width;
            settings_.windowHeight = height;
            settingsChanged();
          },
      .devicesReset = [this] { boardView_->invalidate(); },
      .closed = [this] { running_ = false; },
  };

  persistence_.restoreGame(*controller_, settings_);
  applyCommandLine();
  persistence_.markSaved(*controller_);
  if (settings_.fullscreen) window_.setFullscreen(true);
  return std::nullopt;
}

void App::applyCommandLine() {
  GameController& c = *controller_;
  if (options_.black) c.setPlayer(Color::Black, *options_.black);
  if (options_.white) c.setPlayer(Color::White, *options_.white);
  if (options_.demo) {
    c.setPlayer(Color::Black, PlayerKind::Computer);
    c.setPlayer(Color::White, PlayerKind::Computer);
  }
  if (options_.strength || options_.timeMs) {
    c.setAi({options_.strength.value_or(settings_.strength),
             options_.timeMs.value_or(settings_.timeMs)});
  }
  if (options_.engineThreads || options_.hashMb) {
    // For this run only: the settings (and the file) keep the player's own choice.
    const EngineResources& now = c.engineResources();
    c.setEngineResources(
        {options_.engineThreads.value_or(now.threads), options_.hashMb.value_or(now.hashMb)});
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
        error = c.load(record, rule);
      } else {
        error = moves.error;
      }
      if (error)
        notices_.add("The position " + *options_.position + " was not loaded: " + *error,
                     NoticeKind::Error, 0);
    } else {
      c.newGame(size, rule);
    }
  }
  if (options_.analyse) c.setAnalysis(true);
}

void App::settingsChanged() {
  audio_.setVolume(settings_.volume);
  audio_.setMuted(settings_.muted);
  persistence_.settingsChanged();
}

// ---------------------------------------------------------------- input and game events

void App::handleKey(int key, int modifiers, bool repeat) {
  const bool ctrl = (modifiers & (KMOD_CTRL | KMOD_GUI)) != 0;
  const bool shift = (modifiers & KMOD_SHIFT) != 0;
  const bool alt = (modifiers & KMOD_ALT) != 0;
  const Command* command = commands_.findByKey(key, ctrl, shift, alt);
  if (repeat && !(command && command->repeats)) return;
  if (command && command->anywhere) {
    command->run();
    return;
  }
  if (dialogs_->anyOpen()) {
    // Esc and Enter as SDL saw them (see Dialogs::pressEscape).
    if (key == SDLK_ESCAPE) dialogs_->pressEscape();
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) dialogs_->pressEnter();
    return;
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (!command || io.WantTextInput) return;
  if (command->yieldsToWidgets && io.WantCaptureKeyboard) return;
  command->run();
}

void App::handleGameEvents() {
  const GameController& c = *controller_;
  const int humans =
      (c.player(Color::Black) == PlayerKind::Human) + (c.player(Color::White) == PlayerKind::Human);
  for (const GameEvent& event : controller_->takeEvents()) {
    switch (event.kind) {
      case EventKind::StonePlaced:
        ++stonesPlayed_;
        if (auto note = overlineNote(c.game().board(), event.point))
          notices_.add(*note, NoticeKind::Info, 10);
        // An external engine that has played a move is one worth offering again.
        if (event.byComputer && c.player(event.color) == PlayerKind::Engine) {
          const std::string path = c.enginePath(event.color);
          // (Not moved up while it is already among the first two: two engines playing each
          // other would rewrite the settings at every move.)
          const auto& recent = settings_.recentEngines;
          const auto top = recent.begin() + std::min<std::ptrdiff_t>(2, std::ssize(recent));
          if (!path.empty() && std::find(recent.begin(), top, path) == top) {
            rememberEngine(settings_, path);
            actions_->settingsChanged();
          }
        }
        if (event.byComputer && humans > 0) {
          audio_.play(Sound::AiMove);
        } else {
          audio_.play(event.color == Color::Black ? Sound::StoneBlack : Sound::StoneWhite);
        }
        break;
      case EventKind::Illegal:
        audio_.play(Sound::Illegal);
        notices_.add("Not there: " + event.message + ".", NoticeKind::Warning, 3);
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
        notices_.add("Hint: try " + pointToText(event.point) + ".", NoticeKind::Info, 4);
        break;
      case EventKind::SearchFailed:
        if (!engineFailure_.empty() && engineFailure_ != event.message)
          notices_.remove(engineFailure_);  // one failure said at a time: the latest
        notices_.add(event.message, NoticeKind::Error, 0);
        engineFailure_ = event.message;
        break;
    }
  }
  // The engine's failure is said for as long as the game waits for it: once play goes on (a
  // new game, Resume, another player) the red notice goes too (it stayed until closed).
  if (!engineFailure_.empty() && !controller_->paused()) {
    notices_.remove(engineFailure_);
    engineFailure_.clear();
  }
}

bool App::bannerVisible() const {
  return controller_ && layout_->boardArea().bannerVisible(*controller_);
}

const std::vector<std::string>& App::openPanels() const {
  return layout_->openPanels();
}

// ---------------------------------------------------------------- frame

UiContext App::uiContext() {
  return {.controller = *controller_,
          .commands = commands_,
          .actions = *actions_,
          .settings = settings_,
          .notices = notices_,
          .boardView = *boardView_,
          .fonts = window_.fonts(),
          .audio = audio_,
          .prefDir = persistence_.dir(),
          .assetsDir = assetsDir_,
          .clock = clock_,
          .uiScale = window_.uiScale(),
          .now = now()};
}

void App::frame() {
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };
  frameStart_ = Clock::now();
  actions_->followPuzzle();  // before the keys: the game under a puzzle stays as it is
  window_.processEvents(windowEvents_, frames_);
  const auto afterInput = Clock::now();
  controller_->update();
  handleGameEvents();
  clock_.follow(controller_->game(), now(), controller_->frozen());
  if (controller_->stepMode() != settings_.stepMode) {  // the Teaching panel's check box
    settings_.stepMode = controller_->stepMode();
    settingsChanged();
  }
  if (options_.demo && controller_->game().isOver() && gameOverAt_ >= 0 &&
      now() - gameOverAt_ > 1.5) {
    gameOverAt_ = -1;
    actions_->playAgain();
  }
  persistence_.saveChanges(*controller_, settings_);
  notices_.dropExpired();
  const auto afterGame = Clock::now();

  window_.refreshScale(settings_.theme);
  window_.beginFrame();
  UiContext ui = uiContext();
  layout_->draw(ui, panels_, *dialogs_, notices_, window_.pixelDensity(), frames_);
  window_.endFrame();
  const auto afterLayout = Clock::now();

  window_.render();
  if (screenshotPath_) {
    const std::string path = *screenshotPath_;
    screenshotPath_.reset();
    screenshotError_ = window_.saveScreenshot(path);
  }
  const auto afterRender = Clock::now();
  window_.present();
  const auto end = Clock::now();
  phases_ = {ms(frameStart_, afterInput), ms(afterInput, afterGame), ms(afterGame, afterLayout),
             ms(afterLayout, afterRender), ms(afterRender, end)};
  ++frames_;
}

void App::waitForNextFrame() {
  if (!running_) return;
  const bool busy = controller_->searching() != SearchPurpose::None ||
                    controller_->hint() != kNullPoint || !notices_.empty() ||
                    frames_ - window_.lastInputFrame() < 3 || options_.demo;
  window_.waitForNextFrame(busy, frameStart_);
}

}  // namespace gomoku::gui
