// The command table: how a key press finds its command, how chords are written, and the app's
// own table — every action declared, no chord claimed twice, and keys that reach the game.
#include <doctest/doctest.h>

#include <SDL.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "app/gui/app.h"
#include "app/gui/commands/command_table.h"
#include "app/gui/commands/game_actions.h"
#include "core/game/record.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/key_press.h"
#include "tests/gui/temp_dir.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::press;
using gomoku::gui::testing::TempDir;
using gomoku::gui::testing::type;

namespace {

CommandTable twoCommands(int& undos, int& redos) {
  CommandTable t;
  t.add({.id = CommandId::Undo, .label = "Undo", .keys = {{SDLK_z, true, false}}, .run = [&undos] {
           ++undos;
         }});
  t.add({.id = CommandId::Redo,
         .label = "Redo",
         .keys = {{SDLK_y, true, false}, {SDLK_z, true, true}},
         .run = [&redos] { ++redos; }});
  t.add({.id = CommandId::Hint, .label = "Hint", .keys = {{SDLK_h, false, false}}});
  return t;
}

}  // namespace

TEST_CASE("command table: a key finds its command, and a Shift chord wins over the plain one") {
  int undos = 0, redos = 0;
  const CommandTable t = twoCommands(undos, redos);
  const Command* undo = t.findByKey(SDLK_z, true, false, false);
  const Command* redo = t.findByKey(SDLK_z, true, true, false);
  REQUIRE(undo);
  REQUIRE(redo);
  CHECK(undo->id == CommandId::Undo);
  CHECK(redo->id == CommandId::Redo);
  CHECK(t.findByKey(SDLK_y, true, true, false)->id == CommandId::Redo);  // Shift is allowed
  CHECK(t.findByKey(SDLK_h, false, true, false)->id == CommandId::Hint);
  CHECK(t.findByKey(SDLK_h, true, false, false) == nullptr);  // Ctrl+H is not H
  CHECK(t.findByKey(SDLK_h, false, false, true) == nullptr);  // Alt belongs to the system
  CHECK(t.findByKey(SDLK_z, true, false, true)->id == CommandId::Undo);  // Ctrl+Alt+Z
  CHECK(t.findByKey(SDLK_q, true, false, false) == nullptr);

  t.run(CommandId::Redo);
  t.run(CommandId::Hint);  // declared without run: nothing happens
  CHECK(undos == 0);
  CHECK(redos == 1);
  CHECK(keysText(t[CommandId::Redo]) == "Ctrl+Y, Ctrl+Shift+Z");
}

TEST_CASE("command table: chords are written as the menus show them") {
  CHECK(chordText({SDLK_n, true, false}) == "Ctrl+N");
  CHECK(chordText({SDLK_SPACE, false, false}) == "Space");
  CHECK(chordText({SDLK_BACKSPACE, false, false}) == "Backspace");
  CHECK(chordText({SDLK_ESCAPE, false, false}) == "Esc");
  CHECK(chordText({SDLK_F11, false, false}) == "F11");
}

TEST_CASE(
    "command table: the app declares every action once, no chord twice, keys reach the game") {
  TempDir dir("gomoku-commands");
  AppOptions o = gomoku::gui::testing::headlessAppOptions();
  App app(o);
  REQUIRE_FALSE(app.init());
  const CommandTable& commands = app.commands();

  std::map<std::string, std::string> owner;  // chord -> label
  for (int i = 0; i < static_cast<int>(CommandId::Count); ++i) {
    const Command& command = commands[static_cast<CommandId>(i)];
    CAPTURE(i);
    CHECK(command.id == static_cast<CommandId>(i));
    CHECK(command.run);
    CHECK(std::string(command.label).size() > 0);
    for (const KeyChord& chord : command.keys) {
      const std::string text = chordText(chord);
      CHECK_MESSAGE(owner.count(text) == 0, text, " belongs to ", owner[text], " and ",
                    command.label);
      owner[text] = command.label;
    }
  }
  CHECK(commands.order().size() == static_cast<size_t>(CommandId::Count));

  // Keys go through the table to the game: two moves, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y.
  GameController& c = app.controller();
  app.frame();
  REQUIRE_FALSE(c.clickPoint(*parsePointText("h8", 15)));
  REQUIRE_FALSE(c.clickPoint(*parsePointText("i9", 15)));
  app.frame();
  REQUIRE(c.game().ply() == 2);
  press(app, SDLK_z, KMOD_LCTRL);
  CHECK(c.game().ply() == 1);
  press(app, SDLK_z, KMOD_LCTRL | KMOD_LSHIFT);
  CHECK(c.game().ply() == 2);
  press(app, SDLK_z, KMOD_LCTRL);
  press(app, SDLK_z, KMOD_LCTRL);
  CHECK(c.game().ply() == 0);
  press(app, SDLK_y, KMOD_LCTRL);
  CHECK(c.game().ply() == 1);
  // Undo with nothing left says so instead of failing silently.
  press(app, SDLK_z, KMOD_LCTRL);
  press(app, SDLK_z, KMOD_LCTRL);
  bool told = false;
  for (const Notice& n : app.notices()) told |= n.text == "Nothing to undo.";
  CHECK(told);
  // M mutes and says so; the setting follows.
  const bool muted = app.settings().muted;
  press(app, SDLK_m, KMOD_NONE);
  CHECK(app.settings().muted == !muted);
}

TEST_CASE("command table: Resign asks in a dialog - Enter resigns - Ctrl+Z takes it back") {
  AppOptions o = gomoku::gui::testing::headlessAppOptions();
  App app(o);
  REQUIRE_FALSE(app.init());
  GameController& c = app.controller();
  app.frame();
  REQUIRE_FALSE(c.clickPoint(*parsePointText("h8", 15)));
  REQUIRE_FALSE(c.clickPoint(*parsePointText("i9", 15)));

  app.commands().run(CommandId::Resign);
  app.frame();
  CHECK_FALSE(c.game().isOver());  // asked, not done
  press(app, SDLK_ESCAPE, KMOD_NONE);
  CHECK(app.actions().pending() == GameActions::Pending::None);
  CHECK_FALSE(c.game().isOver());  // Esc: keep playing

  app.commands().run(CommandId::Resign);
  app.frame();
  press(app, SDLK_RETURN, KMOD_NONE);
  REQUIRE(c.game().isOver());
  CHECK(c.game().endReason() == EndReason::Resignation);
  press(app, SDLK_z, KMOD_LCTRL);
  CHECK_FALSE(c.game().isOver());
  CHECK(c.game().ply() == 2);

  // Play again from the banner's button, then Ctrl+Z: the game comes back.
  app.commands().run(CommandId::PlayAgain);
  CHECK(c.game().ply() == 0);
  press(app, SDLK_z, KMOD_LCTRL);
  CHECK(toPositionCode(c.game().line()) == "h8i9");
  // The arrow keys look back and forth through it.
  press(app, SDLK_LEFT, KMOD_NONE);
  CHECK(c.game().ply() == 1);
  press(app, SDLK_HOME, KMOD_NONE);
  CHECK(c.game().ply() == 0);
  press(app, SDLK_END, KMOD_NONE);
  CHECK(c.game().ply() == 2);
}

TEST_CASE("app: an engine's failure is said while the game waits for it, and goes when play does") {
  AppOptions o = gomoku::gui::testing::headlessAppOptions();
  App app(o);
  REQUIRE_FALSE(app.init());
  // An "engine" that exits at once: its move never comes, and the game is paused for it.
  app.actions().setEngine(Color::White, "/bin/true");
  app.actions().setPlayer(Color::White, PlayerKind::Engine);
  app.frame();
  REQUIRE_FALSE(app.controller().clickPoint(*parsePointText("h8", 15)));
  auto errorShown = [&app] {
    for (const Notice& n : app.notices())
      if (n.kind == NoticeKind::Error) return true;
    return false;
  };
  for (int i = 0; i < 1000 && !errorShown(); ++i) {
    app.frame();
    SDL_Delay(10);
  }
  REQUIRE(errorShown());
  REQUIRE(app.controller().paused());
  CHECK(app.controller().engineFailed());  // the status says so, not "Reviewing move 1 of 1"
  // An engine that never played a move is not offered again among the recent engines.
  const auto& recent = app.settings().recentEngines;
  CHECK(std::find(recent.begin(), recent.end(), "/bin/true") == recent.end());
  app.frame();
  CHECK(errorShown());  // it stays while the game waits (no time limit)
  // The side given to the built-in computer, as the message suggests: it is asked to move at
  // once (it stayed paused, "Reviewing move 1 of 1"), and the red notice goes (it stayed until
  // closed by hand).
  app.actions().setPlayer(Color::White, PlayerKind::Computer);
  app.frame();
  CHECK_FALSE(app.controller().paused());
  CHECK_FALSE(app.controller().engineFailed());
  CHECK_FALSE(errorShown());
  for (int i = 0; i < 1000 && app.controller().game().ply() < 2; ++i) {
    app.frame();
    SDL_Delay(10);
  }
  CHECK(app.controller().game().ply() == 2);
}

TEST_CASE("app: an external engine joins the recent engines once it has played a move") {
  AppOptions o = gomoku::gui::testing::headlessAppOptions();
  App app(o);
  REQUIRE_FALSE(app.init());
  const std::string brain = FAKE_BRAIN_EXE;
  app.actions().setEngine(Color::White, brain);
  app.actions().setPlayer(Color::White, PlayerKind::Engine);
  app.frame();
  const auto& recent = app.settings().recentEngines;
  CHECK(std::find(recent.begin(), recent.end(), brain) == recent.end());  // chosen, not proven
  REQUIRE_FALSE(app.controller().clickPoint(*parsePointText("h8", 15)));
  for (int i = 0; i < 1000 && app.controller().game().ply() < 2; ++i) {
    app.frame();
    SDL_Delay(10);
  }
  REQUIRE(app.controller().game().ply() == 2);
  app.frame();
  REQUIRE_FALSE(recent.empty());
  CHECK(recent.front() == brain);
}

TEST_CASE("app: Enter in the Open dialog asks about an unsaved game and waits for its own Enter") {
  const TempDir dir("gomoku-open-enter");
  const std::string record = dir.file("other.psq");
  {
    std::ofstream out(record);
    out << "Piskvorky 15x15, 11:11, 0\n1,1,0\n2,2,0\n";
  }
  AppOptions o = gomoku::gui::testing::headlessAppOptions();
  App app(o);
  REQUIRE_FALSE(app.init());
  GameController& c = app.controller();
  app.frame();
  REQUIRE_FALSE(c.clickPoint(*parsePointText("h8", 15)));
  REQUIRE_FALSE(c.clickPoint(*parsePointText("i9", 15)));
  app.commands().run(CommandId::OpenRecord);
  app.frame();
  app.frame();
  // The file name field has the keyboard: type the path, then Enter.
  type(app, record);
  press(app, SDLK_RETURN, KMOD_NONE);
  // Asked, not done: that Enter was the Open dialog's (it used to answer the question too).
  CHECK(app.actions().pending() == GameActions::Pending::ReplaceGame);
  CHECK(toPositionCode(c.game().line()) == "h8i9");
  press(app, SDLK_RETURN, KMOD_NONE);  // the question's own Enter: replace
  CHECK(app.actions().pending() == GameActions::Pending::None);
  CHECK(toPositionCode(c.game().line()) == "a1b2");
}

TEST_CASE("app: Save over a file that is there asks first: the first Enter, the second replaces") {
  const TempDir dir("gomoku-save-over");
  const std::string record = dir.file("kept.psq");
  const std::string before = "Piskvorky 15x15, 11:11, 0\n1,1,0\n";
  {
    std::ofstream out(record);
    out << before;
  }
  auto contents = [&record] {
    std::ifstream in(record);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  AppOptions o = gomoku::gui::testing::headlessAppOptions();
  App app(o);
  REQUIRE_FALSE(app.init());
  app.frame();
  REQUIRE_FALSE(app.controller().clickPoint(*parsePointText("h8", 15)));
  app.commands().run(CommandId::SaveRecord);
  app.frame();
  app.frame();
  // The name field has the keyboard and the default name: select it all and type the path.
  press(app, SDLK_a, KMOD_CTRL);
  type(app, record);
  press(app, SDLK_RETURN, KMOD_NONE);
  CHECK(contents() == before);  // asked (the button says Replace), not written
  press(app, SDLK_RETURN, KMOD_NONE);
  CHECK(contents() == "Piskvorky 15x15, 11:11, 0\n8,8,0\n");
}
