// Persistence: the settings and the game in progress, kept in the preference folder. Reads
// both at start (settings key by key; a damaged file is kept as settings.bak or game.bak,
// reported once, and replaced by what could be read, the defaults or a new game) and
// writes them off the frame loop: the game after every change, the settings half a second
// after the last change, everything at exit. A crash or kill loses at most the move being
// played.
#pragma once

#include <functional>
#include <string>

#include "app/gui/layout/notices.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/settings.h"

namespace gomoku::gui {

class Persistence {
 public:
  // Problems are reported in `notices`; `now` is the app clock in seconds.
  Persistence(Notices& notices, std::function<double()> now)
      : notices_(notices), now_(std::move(now)) {}

  // Where to keep things: `dir`, or the user's preference folder when it is empty. Nothing is
  // read or written when `enabled` is false (screenshots, tests). `game`: whether the saved
  // game is read and written too (measuring modes leave the player's game alone).
  enum class GameFile { ReadWrite, ReadOnly, None };
  void open(bool enabled, const std::string& dir, GameFile game = GameFile::ReadWrite);
  const std::string& dir() const { return dir_; }

  // The saved settings (the defaults when there are none); `fromFile` tells whether a file was
  // there. A bad file is reported and written again with the defaults.
  Settings loadSettings(bool* fromFile);
  // The saved game into the controller; a new game of the settings' size and rule when there
  // is none or it cannot be replayed.
  void restoreGame(GameController& controller, const Settings& settings);
  // What the controller holds now counts as saved (after the command line set it up).
  void markSaved(const GameController& controller);

  void settingsChanged();  // saved half a second after the last change
  // Every frame: writes what changed; reports a failed write.
  void saveChanges(const GameController& controller, const Settings& settings);
  // At exit: everything still unsaved.
  void saveAll(const GameController& controller, const Settings& settings);
  void flush() { writer_.flush(); }  // waits until the writes in flight are on disk

 private:
  void saveGameNow(const GameController& controller);
  void saveSettingsNow(const Settings& settings);

  Notices& notices_;
  std::function<double()> now_;
  // Keeps a damaged file beside itself as <name>.bak; returns the backup's path, or "".
  std::string keepBackup(const std::string& path);

  std::string dir_, settingsPath_, gamePath_;
  bool writeGame_ = true;
  BackgroundWriter writer_;
  uint64_t savedRevision_ = 0;
  bool settingsDirty_ = false;
  double settingsDirtySince_ = 0;
};

}  // namespace gomoku::gui
