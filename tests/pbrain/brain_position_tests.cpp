// The brain's position commands, driven with a stand-in engine: START, BEGIN, TURN, BOARD,
// YXBOARD, TAKEBACK, RESTART, PLAY, SWAP2BOARD, YXSHOWFORBID — every reply and its effect on
// the board, and the points the engine is never let play.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/pbrain/brain_harness.h"

using namespace gomoku;
using namespace gomoku::pbrain;
using namespace gomoku::pbrain::testing;

TEST_CASE("brain: START checks the size, answers OK and sets up an empty board") {
  Harness h;
  CHECK(startsWith(h.one("START 4"), "ERROR"));
  CHECK(startsWith(h.one("START 23"), "ERROR"));
  CHECK_FALSE(h.brain.started());
  CHECK(h.one("START 20") == "OK");
  CHECK(h.brain.started());
  CHECK(h.brain.board().size() == 20);
  CHECK(h.one("START 5") == "OK");
  CHECK(h.one("START 22") == "OK");
  CHECK(h.brain.board().size() == 22);
  CHECK(h.one("RECTSTART 15,15") == "OK");
  CHECK(h.brain.board().size() == 15);
  CHECK(startsWith(h.one("RECTSTART 20,15"), "ERROR"));
  CHECK(startsWith(h.one("RECTSTART 30,30"), "ERROR"));
  CHECK(h.brain.board().size() == 15);
}

TEST_CASE("brain: moves need a board") {
  Harness h;
  for (const char* line :
       {"BEGIN", "TURN 7,7", "TAKEBACK 7,7", "PLAY 7,7", "RESTART", "YXNBEST 2", "YXSHOWFORBID"}) {
    CAPTURE(line);
    CHECK(startsWith(h.one(line), "ERROR"));
  }
  // A BOARD block is read to its end and then refused once.
  CHECK(h.send({"BOARD", "7,7,1", "8,8,2"}).empty());
  CHECK(startsWith(h.one("DONE"), "ERROR"));
  CHECK(h.one("START 15") == "OK");
}

TEST_CASE("brain: BEGIN and TURN answer with a move that is then on the board") {
  Harness h;
  h.send({"START 15"});
  Point first = moveOf(h.one("BEGIN"));
  CHECK(first == makePoint(7, 7));
  CHECK(h.brain.board().at(first) == Color::Black);
  Point second = moveOf(h.one("TURN 8,8"));
  CHECK(h.brain.board().at(makePoint(8, 8)) == Color::White);
  CHECK(h.brain.board().at(second) == Color::Black);
  CHECK(h.brain.board().stoneCount() == 3);
  CHECK(h.backend.starts == 2);
  // BEGIN on a board with stones is refused.
  CHECK(startsWith(h.one("BEGIN"), "ERROR"));
}

TEST_CASE("brain: TURN on an occupied or off-board point is an ERROR and changes nothing") {
  Harness h;
  h.send({"START 15", "BEGIN"});
  uint64_t key = h.brain.board().key();
  int starts = h.backend.starts;
  for (const char* line : {"TURN 7,7", "TURN 15,0", "TURN 0,15", "TURN -1,3", "TURN 3,-1",
                           "TURN 100000,1", "TURN 7", "TURN x,y"}) {
    CAPTURE(line);
    CHECK(startsWith(h.one(line), "ERROR"));
    CHECK(h.brain.board().key() == key);
    CHECK(h.brain.board().stoneCount() == 1);
  }
  CHECK(h.backend.starts == starts);
  moveOf(h.one("TURN 0,0"));
  CHECK(h.brain.board().stoneCount() == 3);
}

TEST_CASE("brain: BOARD sets the position, works out the colors and answers") {
  Harness h;
  h.send({"START 15"});
  // Equal counts: we move first, so our stones are black.
  auto r = h.send({"BOARD", "7,7,1", "8,8,2", "7,8,1", "9,9,2", "DONE"});
  REQUIRE(r.size() == 1);
  Point m = moveOf(r[0]);
  CHECK(h.brain.board().at(makePoint(7, 7)) == Color::Black);
  CHECK(h.brain.board().at(makePoint(8, 8)) == Color::White);
  CHECK(h.brain.board().at(m) == Color::Black);
  CHECK(h.brain.board().stoneCount() == 5);

  // One stone fewer than the opponent: we are white.
  r = h.send({"RESTART", "BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"});
  REQUIRE(r.size() == 2);
  CHECK(r[0] == "OK");
  m = moveOf(r[1]);
  CHECK(h.brain.board().at(makePoint(7, 7)) == Color::Black);
  CHECK(h.brain.board().at(makePoint(8, 8)) == Color::White);
  CHECK(h.brain.board().at(m) == Color::White);

  // An empty BOARD is like BEGIN.
  r = h.send({"RESTART", "BOARD", "DONE"});
  REQUIRE(r.size() == 2);
  CHECK(moveOf(r[1]) == makePoint(7, 7));
}

TEST_CASE("brain: BOARD finds the win and the block") {
  Harness h;
  h.send({"START 15"});
  // Our four in a row: play the five.
  auto r = h.send(
      {"BOARD", "3,3,1", "0,0,2", "4,3,1", "0,2,2", "5,3,1", "0,4,2", "6,3,1", "14,14,2", "DONE"});
  REQUIRE(r.size() == 1);
  Point m = moveOf(r[0]);
  CHECK((m == makePoint(2, 3) || m == makePoint(7, 3)));
  // Their four: block it.
  r = h.send({"RESTART", "BOARD", "3,3,2", "0,0,1", "4,3,2", "0,2,1", "5,3,2", "0,5,1", "6,3,2",
              "2,3,1", "DONE"});
  REQUIRE(r.size() == 2);
  CHECK(moveOf(r[1]) == makePoint(7, 3));
}

TEST_CASE("brain: a bad line inside BOARD refuses the whole block: one ERROR, no move") {
  // The manager waits for one answer to the block. Skipping the bad lines and playing on the
  // rest answered twice (an ERROR per line, then a move) and for a position it never sent.
  Harness h;
  h.send({"START 15", "BEGIN"});  // a position the refused blocks must leave as it is
  const uint64_t key = h.brain.board().key();
  const int starts = h.backend.starts;
  auto r = h.send({"BOARD", "1,1,1", "1,1,2", "DONE"});
  REQUIRE(r.size() == 1);
  CHECK(r[0] ==
        "ERROR BOARD refused, the position is unchanged: line 2: BOARD stone 1,1: the "
        "point is already taken");
  CHECK(h.brain.board().key() == key);
  CHECK(h.brain.board().stoneCount() == 1);
  CHECK(h.backend.starts == starts);
  // Every kind of bad line; only the first is named, and only at DONE.
  r = h.send({"BOARD", "7,7,1", "a,b,c", "7,7,2", "15,1,1", "1,1,9", "1,1", "TURN 1,1",
              "INFO rule 4", "8,8,2"});
  CHECK(r.empty());
  CHECK(h.brain.inBoardBlock());
  r = h.send({"DONE"});
  REQUIRE(r.size() == 1);
  CHECK(r[0] ==
        "ERROR BOARD refused, the position is unchanged: line 2: expected x,y,field with "
        "numbers, got 'a,b,c'");
  CHECK_FALSE(h.brain.inBoardBlock());
  CHECK(h.brain.board().key() == key);
  CHECK(h.backend.starts == starts);
  CHECK(h.brain.rule() == Rule::Freestyle);  // the INFO inside the block was not applied
  // YXBOARD too, and a line without a field.
  r = h.send({"YXBOARD", "7,8,1", "8,8", "DONE"});
  REQUIRE(r.size() == 1);
  CHECK(startsWith(r[0],
                   "ERROR YXBOARD refused, the position is unchanged: line 2: expected "
                   "x,y,field, got '8,8'"));
  CHECK(h.brain.board().key() == key);
  // The next good block is taken whole.
  r = h.send({"BOARD", "7,7,1", "8,8,2", "DONE"});
  REQUIRE(r.size() == 1);
  moveOf(r[0]);
  CHECK(h.brain.board().stoneCount() == 3);
}

TEST_CASE("brain: field 3 stones are occupied points nobody owns") {
  Harness h;
  h.send({"START 5"});
  // Fill every point but (4,4) with walls; the only move left is (4,4).
  std::vector<std::string> lines = {"BOARD"};
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x)
      if (x != 4 || y != 4) lines.push_back(std::to_string(x) + "," + std::to_string(y) + ",3");
  lines.push_back("DONE");
  std::vector<std::string> r;
  for (const std::string& l : lines)
    for (const std::string& reply : h.send({l})) r.push_back(reply);
  REQUIRE(r.size() == 1);
  CHECK(moveOf(r[0]) == makePoint(4, 4));
  CHECK(h.brain.blocked().size() == 24);
  // Now nothing is left.
  CHECK(startsWith(h.one("BEGIN"), "ERROR"));
  // A wall can be taken back.
  CHECK(h.one("TAKEBACK 0,0") == "OK");
  CHECK(h.brain.blocked().size() == 23);
}

TEST_CASE("brain: YXBOARD sets a position without asking for a move") {
  Harness h;
  h.send({"START 15"});
  auto r = h.send({"YXBOARD", "7,7,1", "8,8,2", "DONE"});
  CHECK(r.empty());
  CHECK(h.backend.starts == 0);
  CHECK(h.brain.board().stoneCount() == 2);
  CHECK(h.brain.board().sideToMove() == Color::Black);
}

TEST_CASE("brain: TURN after YXBOARD is the side to move's stone, and we answer for the other") {
  // Yixin-Board's way: YXBOARD with the position (field 1: the side to move's stones, here
  // the human's, black), then TURN with the human's move, and it waits for the engine's.
  // Black: 7..10,7 (6,7 is white's) and 6,9; white: 7..10,9, one free end at 11,9.
  Harness h;
  h.send({"START 15"});
  CHECK(h.send({"YXBOARD", "7,7,1", "8,7,1", "9,7,1", "10,7,1", "6,9,1", "6,7,2", "7,9,2", "8,9,2",
                "9,9,2", "10,9,2", "DONE"})
            .empty());
  REQUIRE(h.brain.board().sideToMove() == Color::Black);
  Point m = moveOf(h.one("TURN 0,14"));  // the human (black) lets white's four stand
  CHECK(h.brain.board().at(makePoint(0, 14)) == Color::Black);
  CHECK(m == makePoint(11, 9));  // white's five: the engine plays the side TURN asked for
  CHECK(h.brain.board().at(m) == Color::White);
}

TEST_CASE("brain: after a TAKEBACK of our move, a TURN hands us the other color") {
  // gomoku-match's and the GUI's BrainPlayer: the player took over our color, so it takes
  // back our move and sends the player's one as TURN; we then play the other side.
  Harness h;
  h.send({"START 15"});
  Point a = moveOf(h.one("BEGIN"));  // we are black
  CHECK(h.one("TAKEBACK " + protocol::formatPoint(a)) == "OK");
  Point m = moveOf(h.one("TURN 3,3"));  // black, played for us
  CHECK(h.brain.board().at(makePoint(3, 3)) == Color::Black);
  CHECK(h.brain.board().at(m) == Color::White);
}

TEST_CASE("brain: TAKEBACK removes the stone and gives the turn back") {
  Harness h;
  h.send({"START 15"});
  Point a = moveOf(h.one("BEGIN"));
  Point b = moveOf(h.one("TURN 3,3"));
  CHECK(h.one("TAKEBACK " + protocol::formatPoint(b)) == "OK");
  CHECK(h.brain.board().isEmpty(b));
  CHECK(h.brain.board().sideToMove() == Color::Black);
  CHECK(h.one("TAKEBACK 3,3") == "OK");
  CHECK(h.brain.board().sideToMove() == Color::White);
  CHECK(h.brain.board().stoneCount() == 1);
  CHECK(startsWith(h.one("TAKEBACK 3,3"), "ERROR"));    // nothing there any more
  CHECK(startsWith(h.one("TAKEBACK 15,15"), "ERROR"));  // off the board
  CHECK(h.brain.board().stoneCount() == 1);
  // The same TURN again is accepted.
  moveOf(h.one("TURN 3,3"));
  CHECK(h.brain.board().stoneCount() == 3);

  // A stone that is not the last move: the rest stays, its owner moves next.
  CHECK(h.one("TAKEBACK " + protocol::formatPoint(a)) == "OK");
  CHECK(h.brain.board().isEmpty(a));
  CHECK(h.brain.board().stoneCount() == 2);
  CHECK(h.brain.board().sideToMove() == Color::Black);
  CHECK(h.brain.board().at(makePoint(3, 3)) == Color::White);
}

TEST_CASE("brain: RESTART clears the board and keeps the size") {
  Harness h;
  h.send({"START 19", "BEGIN", "TURN 1,1"});
  int games = h.backend.newGames;  // RESTART after a search clears the engine's tables
  CHECK(h.one("RESTART") == "OK");
  CHECK(h.brain.board().stoneCount() == 0);
  CHECK(h.brain.board().size() == 19);
  CHECK(h.backend.newGames == games + 1);
  CHECK(moveOf(h.one("BEGIN")) == makePoint(9, 9));
}

TEST_CASE("brain: PLAY imposes our move and echoes it") {
  Harness h;
  h.send({"START 15"});
  CHECK(h.one("PLAY 2,2") == "2,2");
  CHECK(h.brain.board().at(makePoint(2, 2)) == Color::Black);
  CHECK(h.backend.starts == 0);
  moveOf(h.one("TURN 1,1"));
  CHECK(h.brain.board().at(makePoint(1, 1)) == Color::White);
  CHECK(startsWith(h.one("PLAY 2,2"), "ERROR"));
  CHECK(startsWith(h.one("PLAY 20,2"), "ERROR"));
  CHECK(h.brain.board().stoneCount() == 3);
}

TEST_CASE("brain: SWAP2BOARD is read to DONE and answered, the game then goes on by BOARD") {
  Harness h;
  h.send({"START 15"});
  auto r = h.send({"SWAP2BOARD", "7,7", "8,7", "9,9", "DONE"});
  REQUIRE(r.size() == 1);
  CHECK((r[0] == "SWAP" || moveOf(r[0]) != kNullPoint));
  // The manager then sends the position as agreed; the brain plays on from it.
  auto b = h.send({"BOARD", "7,7,2", "8,7,1", "9,9,2", "DONE"});
  REQUIRE(b.size() == 1);
  Point p = moveOf(b[0]);
  CHECK(h.brain.board().stoneCount() == 4);
  CHECK(h.brain.board().at(p) == Color::White);
}

TEST_CASE("brain: YXSHOWFORBID lists black's forbidden points under renju") {
  Harness h;
  h.send({"INFO rule 4", "START 15"});
  // Black (own) at (6,7) (7,6) (7,8) (8,7): (7,7) makes two open threes.
  auto r = h.send({"YXBOARD", "6,7,1", "0,0,2", "7,6,1", "0,14,2", "7,8,1", "14,0,2", "8,7,1",
                   "14,14,2", "DONE", "YXSHOWFORBID"});
  REQUIRE(r.size() == 1);
  CHECK(r[0] == "FORBID 0707.");
  // Freestyle: nothing is forbidden.
  h.send({"INFO rule 0"});
  CHECK(h.one("YXSHOWFORBID") == "FORBID .");
  // White to move: nothing is listed.
  h.send({"INFO rule 4", "YXBOARD", "6,7,2", "0,0,1", "7,6,2", "0,14,1", "7,8,2", "14,0,1", "8,7,2",
          "DONE"});  // 3 own stones against 4: we are white
  CHECK(h.brain.board().sideToMove() == Color::White);
  CHECK(h.one("YXSHOWFORBID") == "FORBID .");
}

TEST_CASE("brain: the engine never gets to play a forbidden or occupied point for us") {
  Harness h;
  h.send({"INFO rule 4", "START 15"});
  h.send({"YXBOARD", "6,7,1", "0,0,2", "7,6,1", "0,14,2", "7,8,1", "14,0,2", "8,7,1", "14,14,2",
          "DONE"});
  CHECK(startsWith(h.one("PLAY 7,7"), "ERROR"));  // black's double three
  h.backend.forcedMove = makePoint(7, 7);
  auto r = h.send({"BOARD", "6,7,1", "0,0,2", "7,6,1", "0,14,2", "7,8,1", "14,0,2", "8,7,1",
                   "14,14,2", "DONE"});
  REQUIRE(r.size() == 1);
  Point m = moveOf(r[0]);
  CHECK(m != makePoint(7, 7));
  CHECK(h.brain.board().at(m) == Color::Black);
  h.backend.forcedMove = makePoint(0, 0);  // occupied
  m = moveOf(h.one("TURN 9,9"));
  CHECK(m != makePoint(0, 0));
  h.backend.forcedMove = kNullPoint;  // nothing at all
  moveOf(h.one("TURN 10,10"));
  CHECK(h.brain.board().stoneCount() == 13);
}

TEST_CASE("brain: a full board is an ERROR, not a crash") {
  Harness h;
  h.send({"START 5"});
  std::vector<std::string> lines = {"BOARD"};
  // Every point but (4,4), as a checkerboard (the brain does not care about fives on it).
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) {
      if (x == 4 && y == 4) continue;
      int field = (x + y) % 2 + 1;
      lines.push_back(std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(field));
    }
  for (const std::string& l : lines) h.send({l});
  auto r = h.send({"DONE"});
  REQUIRE(r.size() == 1);
  CHECK(moveOf(r[0]) == makePoint(4, 4));
  CHECK(startsWith(h.one("TURN 4,4"), "ERROR"));  // occupied now
  CHECK(h.brain.board().full());
}
