// The game actions that forgive: a new game taken back with Undo (the replaced game returns),
// resigning only after a confirmation and taken back with Undo, looking through the record
// without changing it, and the result in words (who, how, how long; an overline explained).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/gui/commands/game_actions.h"
#include "app/gui/models/game_clock.h"
#include "app/gui/models/result_text.h"
#include "core/game/record.h"
#include "fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::testsupport::pt;

namespace {

struct Fixture : ControllerFixture {
  Settings settings;
  Notices notices{[] { return 0.0; }};
  int settingsSaves = 0;
  GameActions actions{c, settings, notices, [this] { ++settingsSaves; }};

  explicit Fixture(PlayerKind black = PlayerKind::Human, PlayerKind white = PlayerKind::Human)
      : ControllerFixture(black, white) {}
  void play(std::initializer_list<const char*> moves) {
    for (const char* m : moves) REQUIRE_FALSE(c.clickPoint(pt(m)));
  }
  bool told(const std::string& part) const {
    for (const Notice& n : notices.list())
      if (n.text.find(part) != std::string::npos) return true;
    return false;
  }
};

}  // namespace

TEST_CASE("actions: Undo right after New game brings the replaced game back whole") {
  Fixture f;
  f.play({"h8", "i9", "j10"});
  f.c.undo();  // the redo line is part of what comes back
  REQUIRE(f.c.game().ply() == 2);
  f.actions.startNewGame(19, Rule::Standard);
  CHECK(f.c.game().ply() == 0);
  CHECK(f.c.game().size() == 19);
  CHECK(f.settings.boardSize == 19);
  CHECK(f.told("brings the last one back"));
  CHECK(f.actions.canUndo());

  f.actions.undo();
  const Game& g = f.c.game();
  CHECK(g.size() == 15);
  CHECK(g.rule() == Rule::Freestyle);
  CHECK(g.ply() == 2);
  CHECK(toPositionCode(g.line()) == "h8i9j10");
  CHECK(f.told("The last game is back."));
  // Once only: the next Undo is an ordinary one, and the one after that has nothing left.
  CHECK_FALSE(f.actions.canUndoNewGame());
  f.actions.undo();
  CHECK(f.c.game().ply() == 1);
}

TEST_CASE("actions: once a human plays in the new game Undo belongs to that game") {
  Fixture f;
  f.play({"h8", "i9"});
  f.actions.playAgain();
  f.play({"a1"});
  CHECK_FALSE(f.actions.canUndoNewGame());
  f.actions.undo();  // takes back a1
  CHECK(f.c.game().ply() == 0);
  CHECK(f.c.game().line().size() == 1);
  CHECK_FALSE(f.actions.canUndoNewGame());  // a1 is still on the redo line: not taken away
  // An empty game replaced by a new one leaves nothing to bring back.
  Fixture empty;
  empty.actions.playAgain();
  CHECK_FALSE(empty.actions.canUndo());
}

TEST_CASE("actions: against the computer New game is undone even after the computer opened") {
  Fixture f(PlayerKind::Computer, PlayerKind::Human);
  f.c.update();
  REQUIRE(f.searches->running());
  f.searches->finish(pt("h8"));
  f.c.update();
  f.play({"i9"});
  REQUIRE(f.c.game().ply() == 2);
  f.actions.playAgain();
  f.c.update();  // the computer, black, starts the new game
  f.searches->finish(pt("a1"));
  f.c.update();
  REQUIRE(f.c.game().ply() == 1);
  CHECK(f.actions.canUndo());
  f.actions.undo();
  CHECK(toPositionCode(f.c.game().line()) == "h8i9");
}

TEST_CASE("actions: Resign asks first - No keeps the game - Yes ends it - Undo takes it back") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.play({"h8"});
  f.c.update();
  f.searches->finish(pt("i9"));
  f.c.update();
  REQUIRE(f.c.game().ply() == 2);

  f.actions.askResign();
  CHECK(f.actions.pending() == GameActions::Pending::Resign);
  CHECK_FALSE(f.c.game().isOver());  // nothing happens before the answer
  f.actions.cancel();
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK_FALSE(f.c.game().isOver());

  f.actions.askResign();
  f.actions.confirm();
  CHECK(f.actions.pending() == GameActions::Pending::None);
  REQUIRE(f.c.game().isOver());
  CHECK(f.c.game().endReason() == EndReason::Resignation);
  CHECK(f.c.game().winner() == Color::White);
  CHECK(describeResult(f.c, 0, true).how == "Black resigned (Undo takes it back).");

  f.actions.undo();
  CHECK_FALSE(f.c.game().isOver());
  CHECK(f.c.game().ply() == 2);  // only the resignation was taken back
  // Resigned again, the game is over: a further Resign does not even ask.
  f.actions.askResign();
  f.actions.confirm();
  REQUIRE(f.c.game().isOver());
  f.actions.askResign();
  CHECK(f.actions.pending() == GameActions::Pending::None);
}

TEST_CASE("actions: the arrow keys look through the record; the record stays whole") {
  Fixture f;
  f.play({"h8", "i9", "j10", "k11"});
  f.actions.viewStep(-1);
  f.actions.viewStep(-1);
  CHECK(f.c.game().ply() == 2);
  f.actions.view(0);
  CHECK(f.c.game().ply() == 0);
  f.actions.viewStep(-1);  // before the first move: stays
  CHECK(f.c.game().ply() == 0);
  f.actions.viewStep(1);
  CHECK(f.c.game().ply() == 1);
  f.actions.viewEnd();
  CHECK(f.c.game().ply() == 4);
  CHECK(toPositionCode(f.c.game().line()) == "h8i9j10k11");
  // A resigned game is not changed by looking: core's jump would take the resignation back.
  f.actions.resign();
  f.actions.view(1);
  CHECK(f.c.game().endReason() == EndReason::Resignation);
  CHECK(f.c.game().ply() == 4);
}

TEST_CASE("result text: who won and how and how long - a game not all seen here has no time") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  MoveRecord record;
  record.size = 15;
  record.moves = *parsePositionCode("h8a1h9a2h10a3h11a4h12", 15).value;
  REQUIRE_FALSE(f.c.load(record, Rule::Freestyle));
  REQUIRE(f.c.game().isOver());
  ResultText text = describeResult(f.c, 252, true);
  CHECK(text.title == "You win!");
  CHECK(text.how == "Black made five in a row.");
  CHECK(text.length == "9 moves in 4 min 12 s");
  CHECK(describeResult(f.c, 0, false).length == "9 moves");
  CHECK(describeResult(f.c, 252, false).length == "9 moves");  // a time not of the whole game
  CHECK(durationText(3725) == "1 h 2 min");
  CHECK(durationText(38.4) == "38 s");

  GameClock clock;
  Game game;
  clock.follow(game, 1.0);
  game.play(pt("h8"));
  clock.follow(game, 2.0);  // the first stone starts the clock
  game.play(pt("a1"));
  clock.follow(game, 5.0);
  CHECK(clock.wholeGame());
  CHECK(clock.seconds(7.0) == doctest::Approx(5.0));

  // A puzzle freezes the game from 7 s to 17 s: those seconds do not count, while the pause
  // is on or after it.
  clock.follow(game, 7.0, true);
  CHECK(clock.seconds(12.0) == doctest::Approx(5.0));
  clock.follow(game, 17.0, false);
  CHECK(clock.seconds(20.0) == doctest::Approx(8.0));
  game.play(pt("b2"));
  clock.follow(game, 21.0);
  CHECK(clock.seconds(21.0) == doctest::Approx(9.0));

  // A puzzle opened after the game has ended leaves its length as it was.
  GameClock finished;
  Game won;
  for (const char* m : {"h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"}) {
    won.play(pt(m));
    finished.follow(won, 1.0);
  }
  won.play(pt("l8"));  // five in a row
  REQUIRE(won.isOver());
  finished.follow(won, 31.0);
  CHECK(finished.seconds(31.0) == doctest::Approx(30.0));
  finished.follow(won, 40.0, true);
  CHECK(finished.seconds(50.0) == doctest::Approx(30.0));
  finished.follow(won, 60.0, false);
  CHECK(finished.seconds(70.0) == doctest::Approx(30.0));
}

TEST_CASE("overline: under the standard rule six in a row is explained and not silently ignored") {
  Board board(15, Rule::Standard);
  for (const char* m : {"a1", "h8", "a2", "i8", "a3", "j8", "a5", "l8", "a6", "m8", "b9", "k8"})
    board.place(pt(m));
  const auto note = overlineNote(board, pt("k8"));
  REQUIRE(note);
  CHECK(note->find("White made 6 in a row") != std::string::npos);
  CHECK(note->find("only exactly five wins") != std::string::npos);
  CHECK_FALSE(overlineNote(board, pt("a6")));  // four in a row: nothing to explain
  Board freestyle(15, Rule::Freestyle);
  for (const char* m : {"h8", "a1", "i8", "a2", "j8", "a3", "l8", "a5", "m8", "a7", "k8"})
    freestyle.place(pt(m));
  CHECK_FALSE(overlineNote(freestyle, pt("k8")));  // six wins there: no note
}

TEST_CASE("actions: Open and Paste ask before they replace a game whose moves are not saved") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("gomoku-replace-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string record = (dir / "other.psq").string();
  {
    std::ofstream out(record);
    out << toPsq(15, {pt("a1"), pt("b2")}, {}, {}, {});
  }
  Fixture f;
  f.play({"h8", "i9", "j10"});
  // Open: asked first; nothing changes until the answer, and "keep" keeps the game.
  CHECK_FALSE(f.actions.openRecord(record));
  CHECK(f.actions.pending() == GameActions::Pending::ReplaceGame);
  CHECK(f.actions.pendingReplacement() == "other.psq");
  CHECK(toPositionCode(f.c.game().line()) == "h8i9j10");
  f.actions.cancel();
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(toPositionCode(f.c.game().line()) == "h8i9j10");
  // Paste the same way, and a confirmed paste replaces it.
  f.actions.pasteCode("c3d4e5f6");
  CHECK(f.actions.pending() == GameActions::Pending::ReplaceGame);
  CHECK(f.actions.pendingReplacement() == "the position pasted (4 moves)");
  CHECK(toPositionCode(f.c.game().line()) == "h8i9j10");
  f.actions.confirm();
  CHECK(toPositionCode(f.c.game().line()) == "c3d4e5f6");
  // What was pasted is not lost if replaced, so Open asks nothing now.
  CHECK_FALSE(f.actions.openRecord(record));
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(toPositionCode(f.c.game().line()) == "a1b2");
  // A move played makes the game unsaved again; a save makes it safe.
  f.play({"h8"});
  CHECK(f.actions.gameUnsaved());
  CHECK_FALSE(f.actions.saveRecord((dir / "kept.psq").string()));
  CHECK_FALSE(f.actions.gameUnsaved());
  f.actions.pasteCode("h8");
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(toPositionCode(f.c.game().line()) == "h8");
  // A code or file that is no game is refused at once, without a question.
  f.play({"i9"});
  f.actions.pasteCode("zz99");
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(f.told("not a position"));
  {
    std::ofstream out(dir / "bad.psq");
    out << "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n";
  }
  CHECK(f.actions.openRecord((dir / "bad.psq").string()));
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(toPositionCode(f.c.game().line()) == "h8i9");
  fs::remove_all(dir);
}

TEST_CASE("actions: a typed code asks before it replaces unsaved moves, not when it adds to them") {
  Fixture f;
  f.play({"h8", "i9"});
  // More moves on the same line lose nothing: set up at once.
  CHECK_FALSE(f.actions.enterCode("h8i9j10", "typed"));
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(toPositionCode(f.c.game().line()) == "h8i9j10");
  f.play({"k11"});
  // Another line: asked first, and the game stays until the answer.
  CHECK_FALSE(f.actions.enterCode("a1b2", "typed"));
  CHECK(f.actions.pending() == GameActions::Pending::ReplaceGame);
  CHECK(f.actions.pendingReplacement() == "the position typed (2 moves)");
  CHECK(toPositionCode(f.c.game().line()) == "h8i9j10k11");
  f.actions.confirm();
  CHECK(toPositionCode(f.c.game().line()) == "a1b2");
  // No position (a move after the five): refused before anything is asked.
  f.play({"c3"});
  const auto error = f.actions.enterCode("a1b1a2b2a3b3a4b4a5b5", "typed");
  CHECK(error);
  CHECK(f.actions.pending() == GameActions::Pending::None);
  CHECK(toPositionCode(f.c.game().line()) == "a1b2c3");
}

TEST_CASE("actions: a new game against the computer turns an analysis off, two players keep it") {
  Fixture f(PlayerKind::Human, PlayerKind::Computer);
  f.c.setAnalysis(true);
  REQUIRE(f.c.analysing());
  f.actions.startNewGame(15, Rule::Freestyle);
  CHECK_FALSE(f.c.analysing());  // else the computer would never move
  CHECK(f.told("Analysis is off"));
  Fixture two;
  two.c.setAnalysis(true);
  two.actions.startNewGame(15, Rule::Freestyle);
  CHECK(two.c.analysing());
}
