#include "app/gui/persistence/persistence.h"

#include <SDL.h>

#include <filesystem>

#include "app/gui/persistence/saved_game.h"

namespace gomoku::gui {

namespace fs = std::filesystem;

namespace {
constexpr const char* kOrganisation = "GomokuStudio";
constexpr const char* kApplication = "gomoku";
}  // namespace

void Persistence::open(bool enabled, const std::string& dir, GameFile game) {
  if (!enabled) return;
  if (!dir.empty()) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    dir_ = dir;
  } else if (char* pref = SDL_GetPrefPath(kOrganisation, kApplication)) {
    dir_ = pref;
    SDL_free(pref);
  }
  if (!dir_.empty()) {
    settingsPath_ = (fs::path(dir_) / "settings.txt").string();
    if (game != GameFile::None) gamePath_ = (fs::path(dir_) / "game.txt").string();
    writeGame_ = game == GameFile::ReadWrite;
  }
}

std::string Persistence::keepBackup(const std::string& path) {
  return keepBackupCopy(path);
}

Settings Persistence::loadSettings(bool* fromFile) {
  *fromFile = false;
  if (settingsPath_.empty()) return Settings{};
  std::error_code ec;
  *fromFile = fs::exists(settingsPath_, ec);
  SettingsLoad loaded = loadSettingsFile(settingsPath_);
  if (!loaded.ok()) {
    // The player's file is kept before it is written again with what could be read.
    const std::string backup = keepBackup(settingsPath_);
    std::string message = settingsProblemMessage(loaded, settingsPath_, backup);
    if (backup.empty()) {
      // No copy could be made: the file is left alone (changes this session are not saved).
      message += " No copy could be made, so the file is left as it is and changes are not saved.";
      settingsPath_.clear();
    } else {
      saveSettingsNow(loaded.settings);
    }
    notices_.add(message, NoticeKind::Warning, 0);
  }
  return loaded.settings;
}

void Persistence::restoreGame(GameController& controller, const Settings& settings) {
  bool restored = false;
  std::string problem;
  if (!gamePath_.empty()) {
    SavedGameLoad loaded = loadSavedGameFile(gamePath_);
    if (loaded.game) {
      if (auto error = gomoku::gui::restoreGame(controller, *loaded.game)) {
        problem = "The saved game " + gamePath_ + " could not be replayed (" + *error +
                  "); a new game is started.";
      } else {
        restored = true;
      }
    } else {
      problem = loaded.error;
    }
  }
  if (!problem.empty()) {
    if (writeGame_) {
      const std::string backup = keepBackup(gamePath_);
      if (!backup.empty()) {
        problem += " The old file is kept as " + backup + ".";
      } else {
        problem +=
            " No copy could be made, so the file is left as it is and this game is not saved.";
        writeGame_ = false;
      }
    }
    notices_.add(problem, NoticeKind::Warning, 0);
  }
  if (!restored) {
    controller.newGame(settings.boardSize, settings.rule);
    if (!gamePath_.empty()) saveGameNow(controller);
  }
}

void Persistence::markSaved(const GameController& controller) {
  savedRevision_ = gamePath_.empty() ? 0 : controller.revision();
}

void Persistence::settingsChanged() {
  if (!settingsDirty_) settingsDirtySince_ = now_();
  settingsDirty_ = true;
}

void Persistence::saveChanges(const GameController& controller, const Settings& settings) {
  if (!gamePath_.empty() && controller.revision() != savedRevision_) saveGameNow(controller);
  if (settingsDirty_ && now_() - settingsDirtySince_ > 0.5) saveSettingsNow(settings);
  if (auto error = writer_.takeError())
    notices_.add("Could not save: " + *error, NoticeKind::Error, 8);
}

void Persistence::saveAll(const GameController& controller, const Settings& settings) {
  saveChanges(controller, settings);
  if (settingsDirty_) saveSettingsNow(settings);
}

void Persistence::saveGameNow(const GameController& controller) {
  if (gamePath_.empty() || !writeGame_) return;
  writer_.write(gamePath_, formatSavedGame(captureGame(controller.game())));
  savedRevision_ = controller.revision();
}

void Persistence::saveSettingsNow(const Settings& settings) {
  settingsDirty_ = false;
  if (settingsPath_.empty()) return;
  writer_.write(settingsPath_, formatSettings(settings));
}

}  // namespace gomoku::gui
