// The modal dialogs: new game, open/save a .psq record (a small folder browser, since SDL2 has
// no native file dialog), keyboard shortcuts (from the command table), about (about_dialog.cpp),
// and the questions asked before resigning and before a game with unsaved moves is replaced
// (confirm_dialog.cpp). Esc closes any of them; a key press answers one dialog, once.
#pragma once

#include <string>
#include <vector>

#include "app/gui/layout/engine_picker.h"
#include "app/gui/layout/folder_browser.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/ui_context.h"
#include "core/board/types.h"

namespace gomoku::gui {

// A .psq record (the files the record dialog lists).
bool isRecordFile(const std::filesystem::directory_entry& entry);

inline constexpr const char* kAboutTitle = "About Gomoku Studio";
// The one confirmation popup's id; its title says what is asked ("Resign?###confirm").
inline constexpr const char* kConfirmTitle = "###confirm";

class Dialogs {
 public:
  // The New game dialog starts from the game shown and the saved strength and time.
  void openNewGame(const GameController& controller, const Settings& settings);
  void openRecord(const Settings& settings, bool save);
  void openShortcuts() { request_ = Which::Shortcuts; }
  void openAbout() { request_ = Which::About; }
  // True while a dialog is up (the board and the shortcuts then ignore input).
  bool anyOpen() const;  // (a pending confirmation counts: see GameActions::pending)
  // Esc and Enter as SDL saw them: ImGui 1.86 misses a press and release within one frame
  // (quick typists, xdotool), so the dialogs also take them from here.
  void pressEscape() { escape_ = true; }
  void pressEnter() { enter_ = true; }
  void draw(UiContext& ui);

 private:
  enum class Which { None, NewGame, Record, Shortcuts, About };
  void drawNewGame(UiContext& ui);
  void drawRecord(UiContext& ui);
  void drawShortcuts(const CommandTable& commands);
  void drawAbout(UiContext& ui);    // about_dialog.cpp
  void drawConfirm(UiContext& ui);  // confirm_dialog.cpp

  bool escapePressed();
  bool enterPressed();
  void closeButton();  // a dialog's Close button; Esc and Enter close it too

  Which request_ = Which::None;
  bool escape_ = false;
  bool enter_ = false;
  int escapeTakenFrame_ = -1, enterTakenFrame_ = -1;  // the frame a dialog took the key in

  // New game
  int size_ = kDefaultSize;
  int rule_ = 0;
  int players_[2] = {0, 1};
  std::string enginePaths_[2];
  EnginePicker enginePicker_;
  int strength_ = 6;
  float seconds_ = 2.0f;

  // Record
  bool save_ = false;
  std::string fileName_;
  std::string error_;
  std::string
      replaceAsked_;  // Save: the existing file the player was asked about (once more saves)
  FolderBrowser browser_{isRecordFile};
};

}  // namespace gomoku::gui
