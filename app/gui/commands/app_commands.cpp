#include "app/gui/commands/app_commands.h"

#include <SDL_keycode.h>

#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/board_area.h"
#include "app/gui/layout/dialogs.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/window.h"

namespace gomoku::gui {

namespace {

KeyChord ctrl(int key, bool shift = false) {
  return {key, true, shift};
}
KeyChord plain(int key) {
  return {key, false, false};
}

// A View toggle: a setting the board reads, flipped and saved.
// (The lambdas hold pointers: the objects outlive the table, the references here do not.)
Command toggle(CommandId id, const char* label, const char* shortLabel, bool* setting,
               GameActions* actions) {
  Command c;
  c.id = id;
  c.label = label;
  c.shortLabel = shortLabel;
  c.checked = [setting] { return *setting; };
  c.run = [setting, actions] {
    *setting = !*setting;
    actions->settingsChanged();
  };
  return c;
}

// Teaching's Step and Back: they act in step mode only, and their keys (Space, Backspace) are
// left to a widget that has the keyboard.
Command stepCommand(CommandId id, const char* label, const char* help, int key,
                    GameController* game) {
  const bool forward = id == CommandId::Step;
  Command c;
  c.id = id;
  c.label = label;
  c.help = help;
  c.keys = {plain(key)};
  c.yieldsToWidgets = true;
  c.enabled = [game, forward] { return forward ? game->canStep() : game->canStepBack(); };
  c.run = [game, forward] {
    if (!game->stepMode()) return;
    forward ? game->step() : game->stepBack();
  };
  return c;
}

// Looking through the record: the keys are left to a widget that has the keyboard (a slider
// takes the arrows), and they work while the computer thinks (it waits while the player looks).
Command viewCommand(CommandId id, const char* label, const char* help, int key,
                    GameActions* actions, GameController* game) {
  Command c;
  c.id = id;
  c.label = label;
  c.help = help;
  c.keys = {plain(key)};
  c.yieldsToWidgets = true;
  c.repeats = id == CommandId::ViewPrevious || id == CommandId::ViewNext;
  const bool back = id == CommandId::ViewFirst || id == CommandId::ViewPrevious;
  c.enabled = [game, back] {
    if (!game->canJump()) return false;  // a puzzle has the board
    const Game& g = game->game();
    return back ? g.ply() > 0 : g.ply() < static_cast<int>(g.line().size());
  };
  c.run = [actions, id] {
    switch (id) {
      case CommandId::ViewFirst:
        actions->view(0);
        break;
      case CommandId::ViewPrevious:
        actions->viewStep(-1);
        break;
      case CommandId::ViewNext:
        actions->viewStep(1);
        break;
      default:
        actions->viewEnd();
        break;
    }
  };
  return c;
}

}  // namespace

CommandTable makeAppCommands(const CommandServices& s) {
  using enum CommandId;
  GameController* game = &s.controller;
  GameActions* actions = &s.actions;
  Settings* settings = &s.settings;
  Dialogs* dialogs = &s.dialogs;
  BoardArea* boardArea = &s.boardArea;
  Window* window = &s.window;
  auto toggleFullscreen = [settings, window, actions] {
    settings->fullscreen = !settings->fullscreen;
    window->setFullscreen(settings->fullscreen);
    actions->settingsChanged();
  };

  CommandTable t;
  // With keys, in the order the shortcuts dialog lists them.
  t.add({.id = NewGame,
         .label = "New game...",
         .shortLabel = "New game",
         .help = "New game (Undo brings the game in progress back)",
         .keys = {ctrl(SDLK_n)},
         .run = [game, settings, dialogs] { dialogs->openNewGame(*game, *settings); }});
  t.add({.id = Undo,
         .label = "Undo",
         .help = "Undo your last move (after New game: the game before)",
         .keys = {ctrl(SDLK_z)},
         .repeats = true,
         .enabled = [actions] { return actions->canUndo(); },
         .run = [actions] { actions->undo(); }});
  t.add({.id = Redo,
         .label = "Redo",
         .keys = {ctrl(SDLK_y), ctrl(SDLK_z, true)},
         .repeats = true,
         .enabled = [game] { return game->canRedo(); },
         .run = [actions] { actions->redo(); }});
  t.add({.id = Hint,
         .label = "Hint",
         .keys = {plain(SDLK_h)},
         .enabled = [actions] { return actions->canHint(); },
         .run = [actions] { actions->hint(); }});
  t.add(stepCommand(Step, "Step", "Step mode: the computer plays its next move", SDLK_SPACE, game));
  t.add(stepCommand(StepBack, "Back", "Step mode: take back one move", SDLK_BACKSPACE, game));
  t.add(viewCommand(ViewFirst, "First move", "Show the empty board (the record is kept)", SDLK_HOME,
                    actions, game));
  t.add(viewCommand(ViewPrevious, "Previous move", "Show the position one move earlier", SDLK_LEFT,
                    actions, game));
  t.add(viewCommand(ViewNext, "Next move", "Show the position one move later", SDLK_RIGHT, actions,
                    game));
  t.add(viewCommand(ViewLast, "Last move", "Show the latest position (and play on)", SDLK_END,
                    actions, game));
  for (int direction : {1, -1}) {
    const bool next = direction > 0;
    t.add({.id = next ? NextMistake : PreviousMistake,
           .label = next ? "Next mistake" : "Previous mistake",
           .help = next ? "Review: show the next move graded ?! or worse, or a missed win"
                        : "Review: show the previous move graded ?! or worse, or a missed win",
           .keys = {ctrl(next ? SDLK_RIGHT : SDLK_LEFT)},
           .yieldsToWidgets = true,
           .enabled = [actions, direction] { return actions->mistakeFrom(direction).has_value(); },
           .run = [actions, direction] { actions->viewMistake(direction); }});
  }
  t.add({.id = Mute,
         .label = "Sound on / off",
         .keys = {plain(SDLK_m)},
         .checked = [settings] { return settings->muted; },
         .run = [actions] { actions->toggleMute(); }});
  t.add({.id = FullScreen,
         .label = "Full screen",
         .keys = {plain(SDLK_F11)},
         .anywhere = true,
         .checked = [settings] { return settings->fullscreen; },
         .run = toggleFullscreen});
  t.add({.id = ToggleSidebar,
         .label = "Side panel",
         .help = "Show or hide the side panel",
         .keys = {plain(SDLK_F9)},
         .checked = [settings] { return !settings->sidebarCollapsed; },
         .run =
             [settings, actions] {
               settings->sidebarCollapsed = !settings->sidebarCollapsed;
               actions->settingsChanged();
             }});
  t.add({.id = OpenRecord,
         .label = "Open .psq...",
         .shortLabel = "Open...",
         .help = "Open a .psq game",
         .keys = {ctrl(SDLK_o)},
         .run = [settings, dialogs] { dialogs->openRecord(*settings, false); }});
  t.add({.id = SaveRecord,
         .label = "Save as .psq...",
         .shortLabel = "Save...",
         .help = "Save the game as .psq",
         .keys = {ctrl(SDLK_s)},
         .run = [settings, dialogs] { dialogs->openRecord(*settings, true); }});
  t.add({.id = CopyPosition,
         .label = "Copy position code",
         .shortLabel = "Copy",
         .help = "Copy the position code",
         .keys = {ctrl(SDLK_c)},
         .run = [actions] { actions->copyPositionCode(); }});
  t.add({.id = PastePosition,
         .label = "Paste position code",
         .shortLabel = "Paste",
         .help = "Paste a position code",
         .keys = {ctrl(SDLK_v)},
         .run = [actions] { actions->pastePositionCode(); }});
  t.add({.id = Dismiss,
         .label = "Close",
         .help = "Close a dialog or the result banner; leave full screen",
         .keys = {plain(SDLK_ESCAPE)},
         .run = [game, boardArea, settings, toggleFullscreen] {
           if (boardArea->bannerVisible(*game)) {
             boardArea->dismissBanner(*game);
           } else if (settings->fullscreen) {
             toggleFullscreen();
           }
         }});
  t.add({.id = Quit, .label = "Quit", .keys = {ctrl(SDLK_q)}, .run = s.quit});

  // Without keys.
  t.add({.id = PlayAgain,
         .label = "Play again",
         .help = "A new game with the same board and rule (Undo brings this one back)",
         .run = [actions] { actions->playAgain(); }});
  t.add({.id = PlaySwapped,
         .label = "Swap colours",
         .help = "A new game with the colours swapped",
         .run = [actions] { actions->playSwapped(); }});
  t.add({.id = ReviewGame,
         .label = "Review this game",
         .help = "Every move graded in the background, with the better line (Review panel)",
         .enabled = [actions] { return actions->canReview(); },
         .run =
             [actions, game, boardArea] {
               // The result banner makes way for the review's marks.
               if (boardArea->bannerVisible(*game)) boardArea->dismissBanner(*game);
               actions->reviewGame();
             }});
  t.add({.id = CancelReview,
         .label = "Cancel the review",
         .shortLabel = "Cancel",
         .help = "Stop the review (the moves graded so far stay)",
         .enabled = [actions] { return actions->review().running(); },
         .run = [actions] { actions->cancelReview(); }});
  t.add({.id = Puzzles,
         .label = "Puzzles",
         .help = "Find-the-win puzzles: the built-in set and your own missed wins",
         .run = [actions] { actions->show(GameActions::Show::Puzzles); }});
  t.add({.id = SwapSides,
         .label = "Swap sides",
         .enabled = [game] { return game->canSwapSides(); },
         .run = [actions] { actions->swapSides(); }});
  t.add({.id = Resign,
         .label = "Resign...",
         .shortLabel = "Resign",
         .help = "Resign (asks first; Undo takes it back)",
         .enabled = [game] { return game->canResign(); },
         .run = [actions] { actions->askResign(); }});
  t.add({.id = Resume,
         .label = "Resume play from this position",
         .shortLabel = "Resume play here",
         .enabled = [game] { return game->paused() && !game->frozen(); },
         .run = [game] { game->resume(); }});
  t.add(toggle(ShowCoordinates, "Coordinates", nullptr, &settings->showCoordinates, actions));
  t.add(toggle(ShowMoveNumbers, "Move numbers", nullptr, &settings->showMoveNumbers, actions));
  t.add(toggle(ShowLastMove, "Last move mark", "Last move", &settings->showLastMove, actions));
  t.add(toggle(ShowForbidden, "Forbidden points (renju)", nullptr, &settings->showForbidden,
               actions));
  t.add(toggle(ShowGhost, "Stone under the mouse", "Stone under mouse", &settings->showGhost,
               actions));
  for (Theme theme : {Theme::Dark, Theme::Light}) {
    const bool dark = theme == Theme::Dark;
    t.add({.id = dark ? DarkTheme : LightTheme,
           .label = dark ? "Dark theme" : "Light theme",
           .shortLabel = dark ? "Dark" : "Light",
           .checked = [settings, theme] { return settings->theme == theme; },
           .run =
               [settings, actions, theme] {
                 settings->theme = theme;
                 actions->settingsChanged();
               }});
  }
  t.add({.id = ShowShortcuts, .label = "Keyboard shortcuts", .run = [dialogs] {
           dialogs->openShortcuts();
         }});
  t.add({.id = ShowAbout, .label = "About Gomoku Studio", .run = [dialogs] {
           dialogs->openAbout();
         }});
  return t;
}

}  // namespace gomoku::gui
