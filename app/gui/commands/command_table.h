// The command table: every user action declared once — its id, the label menus and buttons
// show, the keys that run it, when it is enabled (or checked, for a toggle) and what it does.
// The menu bar, the panels' buttons, the key handler and the shortcuts dialog all read this
// table, so a label or a shortcut cannot differ between them.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace gomoku::gui {

enum class CommandId {
  // File
  NewGame,  // the New game dialog
  OpenRecord,
  SaveRecord,
  CopyPosition,
  PastePosition,
  Quit,
  // Game
  PlayAgain,    // a new game at once, with the same size and rule (the banner, the status line)
  PlaySwapped,  // the same, with the colours swapped (the result banner)
  ReviewGame,   // grade every move of the game in the background (the Review panel)
  CancelReview,
  NextMistake,  // the review's next / previous move graded inaccuracy or worse, or a missed win
  PreviousMistake,
  Puzzles,  // the Puzzle panel: find-the-win puzzles
  Undo,
  Redo,
  Hint,
  SwapSides,
  Resign,
  Resume,
  Step,
  StepBack,
  // Looking through the record (viewing, not undoing)
  ViewFirst,
  ViewPrevious,
  ViewNext,
  ViewLast,
  // View and sound
  ShowCoordinates,
  ShowMoveNumbers,
  ShowLastMove,
  ShowForbidden,
  ShowGhost,
  DarkTheme,
  LightTheme,
  FullScreen,
  ToggleSidebar,
  Mute,
  Dismiss,  // Esc: the game-over banner, or full screen
  // Help
  ShowShortcuts,
  ShowAbout,
  Count
};

// A key with modifiers. `key` is an SDL_Keycode; Ctrl also means Cmd on a Mac.
struct KeyChord {
  int key = 0;
  bool ctrl = false;
  bool shift = false;
};

struct Command {
  CommandId id = CommandId::Count;
  const char* label = "";            // menus, wide buttons, the shortcuts dialog
  const char* shortLabel = nullptr;  // narrow buttons and check boxes; nullptr: the label
  const char* help = nullptr;        // tooltips and the shortcuts dialog; nullptr: the label
  std::vector<KeyChord> keys{};      // the first is the one menus show
  bool repeats = false;              // runs again while its key is held down (undo, redo)
  bool anywhere = false;             // its key works even while a dialog is open
  bool yieldsToWidgets = false;      // its key is left to a widget that has the keyboard
  std::function<bool()> enabled{};   // nullptr: always; greys menu items and buttons
  std::function<bool()> checked{};   // nullptr: not a toggle
  // What it does. Safe to call when not enabled (a key runs it anyway): it then does nothing,
  // or says why nothing happened.
  std::function<void()> run{};

  bool isEnabled() const { return !enabled || enabled(); }
  bool isChecked() const { return checked && checked(); }
  const char* buttonLabel() const { return shortLabel ? shortLabel : label; }
  const char* helpText() const { return help ? help : label; }
};

class CommandTable {
 public:
  // Declares a command; each id once.
  void add(Command command);
  const Command& operator[](CommandId id) const;
  // Runs the command (whether or not it is enabled; see Command::run).
  void run(CommandId id) const;
  // The command a key press belongs to, or nullptr. A chord that asks for Shift is preferred
  // to one that does not; a chord without Shift also takes the key with Shift (Ctrl+Shift+N is
  // still New game); Alt without Ctrl matches nothing (it belongs to the window manager).
  const Command* findByKey(int key, bool ctrl, bool shift, bool alt) const;
  // The commands in the order they were declared (the shortcuts dialog lists them so).
  const std::vector<CommandId>& order() const { return order_; }

 private:
  std::array<Command, static_cast<size_t>(CommandId::Count)> commands_{};
  std::vector<CommandId> order_;
};

// "Ctrl+Z", "Space", "F11": how a chord is written in menus and the shortcuts dialog.
std::string chordText(const KeyChord& chord);
// Every chord of a command, "Ctrl+Y, Ctrl+Shift+Z"; empty when it has none.
std::string keysText(const Command& command);

}  // namespace gomoku::gui
