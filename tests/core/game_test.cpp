// Game: legality messages, play/undo/redo/jumpTo with the redo line, resignation, five, draw.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/board/rules.h"
#include "tests/support/board_compare.h"
#include "tests/support/point_text.h"
#include "tests/support/testdata.h"

namespace gomoku {

using testsupport::pt;

namespace {

void playAll(Game& game, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    auto error = game.play(pt(m, game.size()));
    REQUIRE_MESSAGE(!error, m << ": " << error.value_or(""));
  }
}

std::vector<Point> sorted(std::vector<Point> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Everything a caller can see of a game, to show that a failed call changed nothing.
struct GameState {
  int size;
  Rule rule;
  std::vector<Point> moves, line;
  GameResult result;
  EndReason reason;
  Color side;
  uint64_t key;
  bool operator==(const GameState&) const = default;
};
GameState stateOf(const Game& g) {
  return {g.size(), g.rule(), g.moves(), g.line(), g.result(), g.endReason(), g.sideToMove(),
          g.board().key()};
}

TEST_CASE("newGame accepts sizes 5..22 and rejects others without changing the game") {
  Game game;
  playAll(game, {"h8", "i9"});
  GameState before = stateOf(game);
  for (int bad : {-1, 0, 4, 23, 100}) {
    auto error = game.newGame(bad, Rule::Renju);
    REQUIRE(error.has_value());
    CHECK(error->find(std::to_string(bad)) != std::string::npos);
    CHECK(stateOf(game) == before);
  }
  for (int size : {5, 15, 22}) {
    CHECK_FALSE(game.newGame(size, Rule::Standard).has_value());
    CHECK(game.size() == size);
    CHECK(game.rule() == Rule::Standard);
    CHECK(game.ply() == 0);
    CHECK(game.line().empty());
    CHECK(game.sideToMove() == Color::Black);
    CHECK(game.result() == GameResult::Ongoing);
  }
}

TEST_CASE("illegal plays are explained and leave the game unchanged") {
  Game game(15, Rule::Freestyle);
  playAll(game, {"h8", "i9", "j10"});
  game.undo();  // leave a redo line to see that it survives a failed play
  GameState before = stateOf(game);

  auto occupied = game.play(pt("h8"));
  REQUIRE(occupied.has_value());
  CHECK(*occupied == "h8 is occupied");
  CHECK(game.whyIllegal(pt("i9")) == std::optional<std::string>("i9 is occupied"));
  CHECK(stateOf(game) == before);

  for (Point off : {makePoint(15, 0), makePoint(0, 15), makePoint(31, 31), kNullPoint}) {
    auto error = game.play(off);
    REQUIRE(error.has_value());
    CHECK_MESSAGE(error->find("off the board") != std::string::npos, *error);
    CHECK(stateOf(game) == before);
  }
  CHECK_FALSE(game.whyIllegal(pt("a1")).has_value());
  CHECK_FALSE(game.whyIllegal(pt("o15")).has_value());
}

TEST_CASE("renju: black's forbidden point is refused with its kind, white may play it") {
  Game game(15, Rule::Renju);
  // Black g8, h7, h9, i8 around h8: h8 makes two open threes (quintet test #2).
  playAll(game, {"g8", "a1", "h7", "a3", "h9", "a5", "i8", "a7"});
  REQUIRE(game.sideToMove() == Color::Black);
  GameState before = stateOf(game);
  auto error = game.play(pt("h8"));
  REQUIRE(error.has_value());
  CHECK(*error == "h8 is forbidden for black (double three)");
  CHECK(stateOf(game) == before);
  CHECK(game.forbiddenPoints() == std::vector<Point>{pt("h8")});

  // The same stones under freestyle: h8 is an ordinary move.
  Game free(15, Rule::Freestyle);
  playAll(free, {"g8", "a1", "h7", "a3", "h9", "a5", "i8", "a7"});
  CHECK_FALSE(free.whyIllegal(pt("h8")).has_value());
  CHECK(free.forbiddenPoints().empty());

  // White to move may take black's forbidden point.
  playAll(game, {"o15"});
  REQUIRE(game.sideToMove() == Color::White);
  CHECK_FALSE(game.whyIllegal(pt("h8")).has_value());
  CHECK_FALSE(game.play(pt("h8")).has_value());
}

TEST_CASE("renju: double four and overline are refused with their names") {
  Game game(15, Rule::Renju);
  // Black e8 g8 i8 k8: h8 makes two fours on one line (quintet test #11).
  playAll(game, {"e8", "a1", "g8", "a3", "i8", "a5", "k8", "a7"});
  CHECK(game.whyIllegal(pt("h8")) ==
        std::optional<std::string>("h8 is forbidden for black (double four)"));
  CHECK_FALSE(game.whyIllegal(pt("f8")).has_value());  // one four only

  Game six(15, Rule::Renju);
  playAll(six, {"c8", "a1", "d8", "a3", "e8", "a5", "g8", "a7", "h8", "a10"});
  CHECK(six.whyIllegal(pt("f8")) ==
        std::optional<std::string>("f8 is forbidden for black (overline)"));
}

TEST_CASE("undo, redo and jumpTo walk the line, a new move truncates it") {
  Game game;
  playAll(game, {"h8", "i9", "j10", "h9", "h10"});
  const std::vector<Point> line = game.line();
  REQUIRE(line.size() == 5);
  Board atEnd = game.board();

  CHECK(game.undo());
  CHECK(game.undo());
  CHECK(game.ply() == 3);
  CHECK(game.line() == line);
  CHECK(game.canRedo());
  CHECK(game.sideToMove() == Color::White);
  CHECK(game.lastMove() == pt("j10"));
  CHECK(game.redo());
  CHECK(game.ply() == 4);
  CHECK(game.moves() == std::vector<Point>(line.begin(), line.begin() + 4));

  CHECK(game.jumpTo(0));
  CHECK(game.ply() == 0);
  CHECK(game.board().key() == Board().key());
  CHECK(game.lastMove() == kNullPoint);
  CHECK_FALSE(game.canUndo());
  CHECK_FALSE(game.undo());
  CHECK(testsupport::boardDifference(game.board(), Board(), {true, true}).empty());

  CHECK(game.jumpTo(5));
  CHECK_FALSE(game.canRedo());
  CHECK_FALSE(game.redo());
  CHECK(testsupport::boardDifference(game.board(), atEnd, {true, true}).empty());

  CHECK_FALSE(game.jumpTo(6));
  CHECK_FALSE(game.jumpTo(-1));
  CHECK(game.ply() == 5);

  CHECK(game.jumpTo(2));
  CHECK_FALSE(game.play(pt("a1")).has_value());
  CHECK(game.line() == std::vector<Point>{line[0], line[1], pt("a1")});
  CHECK_FALSE(game.canRedo());
}

TEST_CASE("a five ends the game with its winning line, undo reopens it") {
  Game game(15, Rule::Freestyle);
  playAll(game, {"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"});
  CHECK(game.result() == GameResult::Ongoing);
  CHECK(game.endReason() == EndReason::None);
  CHECK(game.winningLine().empty());
  playAll(game, {"l8"});
  CHECK(game.isOver());
  CHECK(game.result() == GameResult::BlackWins);
  CHECK(game.endReason() == EndReason::Five);
  CHECK(game.winner() == Color::Black);
  CHECK(sorted(game.winningLine()) ==
        sorted({pt("h8"), pt("i8"), pt("j8"), pt("k8"), pt("l8")}));
  CHECK(game.whyIllegal(pt("a1")) == std::optional<std::string>("the game is over"));
  GameState before = stateOf(game);
  CHECK(game.play(pt("a1")).has_value());
  CHECK(stateOf(game) == before);
  CHECK(game.forbiddenPoints().empty());

  CHECK(game.undo());
  CHECK_FALSE(game.isOver());
  CHECK(game.winner() == Color::Empty);
  CHECK(game.redo());
  CHECK(game.result() == GameResult::BlackWins);

  // White wins too: a vertical five at the edge.
  Game white(15, Rule::Freestyle);
  playAll(white, {"h8", "a1", "h9", "a2", "c3", "a3", "d7", "a4", "m12", "a5"});
  CHECK(white.result() == GameResult::WhiteWins);
  CHECK(sorted(white.winningLine()) == sorted({pt("a1"), pt("a2"), pt("a3"), pt("a4"), pt("a5")}));
}

TEST_CASE("resign, then undo takes the resignation back first") {
  Game game;
  playAll(game, {"h8", "i9", "j10"});
  game.resign(Color::White);
  CHECK(game.isOver());
  CHECK(game.result() == GameResult::BlackWins);
  CHECK(game.endReason() == EndReason::Resignation);
  CHECK(game.winner() == Color::Black);
  CHECK(game.winningLine().empty());
  CHECK(game.whyIllegal(pt("a1")) == std::optional<std::string>("the game is over"));
  CHECK(game.play(pt("a1")).has_value());
  CHECK(game.ply() == 3);

  CHECK(game.undo());  // the resignation only
  CHECK(game.ply() == 3);
  CHECK_FALSE(game.isOver());
  CHECK(game.endReason() == EndReason::None);
  CHECK(game.undo());
  CHECK(game.ply() == 2);
  CHECK(game.canRedo());

  // While resigned there is no redo; jumping through the record takes the resignation back.
  game.resign(Color::Black);
  CHECK(game.result() == GameResult::WhiteWins);
  CHECK_FALSE(game.canRedo());
  CHECK_FALSE(game.redo());
  CHECK(game.jumpTo(3));
  CHECK(game.ply() == 3);
  CHECK(game.result() == GameResult::Ongoing);

  // Resigning a finished game changes nothing; a non-color cannot resign.
  game.resign(Color::Empty);
  CHECK(game.result() == GameResult::Ongoing);
  Game won(15, Rule::Freestyle);
  playAll(won, {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"});
  won.resign(Color::Black);
  CHECK(won.result() == GameResult::BlackWins);
  CHECK(won.endReason() == EndReason::Five);
}

// 13 black and 12 white stones filling 5x5 with no five anywhere: rows alternate BBWWB / WWBBW.
std::vector<Point> drawnFill(bool black) {
  std::vector<Point> points;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) {
      static const char* kRows[2] = {"BBWWB", "WWBBW"};
      if ((kRows[y % 2][x] == 'B') == black) points.push_back(makePoint(x, y));
    }
  return points;
}

TEST_CASE("a full 5x5 board without a five is a draw") {
  std::vector<Point> black = drawnFill(true), white = drawnFill(false);
  REQUIRE(black.size() == 13);
  REQUIRE(white.size() == 12);
  for (Rule rule : {Rule::Freestyle, Rule::Standard}) {
    CAPTURE(std::string(ruleName(rule)));
    Game game(5, rule);
    for (size_t i = 0; i < 25; ++i) {
      REQUIRE_FALSE(game.isOver());
      Point p = i % 2 == 0 ? black[i / 2] : white[i / 2];
      auto error = game.play(p);
      REQUIRE_MESSAGE(!error, error.value_or(""));
    }
    CHECK(game.board().full());
    CHECK(game.result() == GameResult::Draw);
    CHECK(game.endReason() == EndReason::FullBoard);
    CHECK(game.winner() == Color::Empty);
    CHECK(game.winningLine().empty());
    CHECK(game.whyIllegal(makePoint(0, 0)) == std::optional<std::string>("the game is over"));
    CHECK(game.undo());
    CHECK(game.result() == GameResult::Ongoing);
  }
}

TEST_CASE("renju: black to move with every empty point forbidden is a draw, not a game to go on") {
  // A 6x6 renju game of 34 stones, no five (found by random play): black is to move, and both
  // empty points are forbidden for black. Before, the game went on and the
  // brain asked to move answered an error, which a match counted as a forfeit.
  const auto moves = testdata::points(
      "d2 a5 b2 b6 f4 f3 f6 c6 f1 b1 e5 c2 b4 f5 e6 e3 a1 d1 e2 b3 a4 c5 a6 e1 b5 d3 d4 a3 e4 a2 "
      "c1 d6 d5 f2",
      ' ', 6);
  REQUIRE(moves);
  REQUIRE(moves->size() == 34);
  Game game(6, Rule::Renju);
  for (Point p : *moves) {
    REQUIRE_FALSE(game.isOver());
    auto error = game.play(p);
    REQUIRE_MESSAGE(!error, pointToText(p), ": ", error.value_or(""));
  }
  CHECK_FALSE(game.board().full());
  CHECK(game.sideToMove() == Color::Black);
  Board scratch = game.board();
  int empty = 0;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x)
      if (scratch.isEmpty(makePoint(x, y))) {
        ++empty;
        CHECK(isForbidden(scratch, makePoint(x, y)));
      }
  CHECK(empty == 2);
  CHECK_FALSE(sideToMoveCanPlay(scratch));
  CHECK(game.result() == GameResult::Draw);
  CHECK(game.endReason() == EndReason::NoLegalMove);
  CHECK(game.winner() == Color::Empty);
  CHECK(game.whyIllegal(makePoint(0, 0)) == std::optional<std::string>("the game is over"));
  // One move back white is to move and may play: the game goes on.
  CHECK(game.undo());
  CHECK(game.result() == GameResult::Ongoing);
  CHECK(game.endReason() == EndReason::None);
  // The same stones under freestyle are no draw: black may play either point.
  Game freestyle(6, Rule::Freestyle);
  for (Point p : *moves) REQUIRE_FALSE(freestyle.play(p));
  CHECK(freestyle.result() == GameResult::Ongoing);
}

TEST_CASE("the last stone of a full board wins if it makes a five") {
  // Only row 1 is a five (black's); its last stone e1 is the move that fills the board.
  Game game(5, Rule::Freestyle);
  std::vector<Point> black, white;
  const char* rows[5] = {"BBBBB", "WWBWW", "BWWBB", "WWBWW", "BBWBW"};
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) (rows[y][x] == 'B' ? black : white).push_back(makePoint(x, y));
  REQUIRE(black.size() == 13);
  // e1 completes row 1; play it last.
  auto e1 = std::find(black.begin(), black.end(), makePoint(4, 0));
  REQUIRE(e1 != black.end());
  std::rotate(e1, e1 + 1, black.end());
  for (size_t i = 0; i < 25; ++i) {
    REQUIRE_FALSE(game.isOver());
    auto error = game.play(i % 2 == 0 ? black[i / 2] : white[i / 2]);
    REQUIRE_MESSAGE(!error, error.value_or(""));
  }
  CHECK(game.board().full());
  CHECK(game.result() == GameResult::BlackWins);
  CHECK(game.endReason() == EndReason::Five);
}

}  // namespace
}  // namespace gomoku
