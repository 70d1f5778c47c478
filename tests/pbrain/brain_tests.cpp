// The brain's state machine, driven line by line with a stand-in engine (QuickBackend): every
// command's reply and its effect on the position, the limits and the search.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/pbrain/brain.h"
#include "app/pbrain/quick_move.h"
#include "core/protocol.h"
#include "gomoku/version.h"

using namespace gomoku;
using namespace gomoku::pbrain;

namespace {

struct Harness {
  QuickBackend backend;
  std::vector<std::string> out;
  Brain brain{backend, [this](const std::string& line) { out.push_back(line); }};

  // Sends lines and runs any search to its end; returns what was written, MESSAGE lines
  // included.
  std::vector<std::string> all(std::initializer_list<std::string> lines) {
    out.clear();
    for (const std::string& l : lines) {
      brain.handleLine(l, Clock::now());
      while (brain.thinking() && !backend.holdUntilStopped) brain.poll(Clock::now());
    }
    return out;
  }
  // Same, without MESSAGE lines.
  std::vector<std::string> send(std::initializer_list<std::string> lines) {
    std::vector<std::string> replies;
    for (const std::string& l : all(lines))
      if (l.rfind("MESSAGE", 0) != 0) replies.push_back(l);
    return replies;
  }
  std::string one(const std::string& line) {
    auto r = send({line});
    REQUIRE(r.size() == 1);
    return r[0];
  }
};

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

Point moveOf(const std::string& reply) {
  protocol::Reply r = protocol::parseReply(reply);
  REQUIRE(r.kind == protocol::ReplyKind::Move);
  return makePoint(r.x, r.y);
}

}  // namespace

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
  for (const char* line : {"BEGIN", "TURN 7,7", "TAKEBACK 7,7", "PLAY 7,7", "RESTART",
                           "YXNBEST 2", "YXSHOWFORBID"}) {
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
  auto r = h.send({"BOARD", "3,3,1", "0,0,2", "4,3,1", "0,2,2", "5,3,1", "0,4,2", "6,3,1",
                   "14,14,2", "DONE"});
  REQUIRE(r.size() == 1);
  Point m = moveOf(r[0]);
  CHECK((m == makePoint(2, 3) || m == makePoint(7, 3)));
  // Their four: block it.
  r = h.send({"RESTART", "BOARD", "3,3,2", "0,0,1", "4,3,2", "0,2,1", "5,3,2", "0,5,1",
              "6,3,2", "2,3,1", "DONE"});
  REQUIRE(r.size() == 2);
  CHECK(moveOf(r[1]) == makePoint(7, 3));
}

TEST_CASE("brain: bad lines inside BOARD get ERROR and are skipped") {
  Harness h;
  h.send({"START 15"});
  auto r = h.send({"BOARD", "7,7,1", "a,b,c", "7,7,2", "15,1,1", "1,1,9", "1,1", "TURN 1,1",
                   "INFO rule 4", "8,8,2"});
  CHECK(r.size() == 7);
  for (const std::string& line : r) CHECK(startsWith(line, "ERROR"));
  CHECK(h.brain.inBoardBlock());
  r = h.send({"DONE"});
  REQUIRE(r.size() == 1);
  moveOf(r[0]);
  CHECK_FALSE(h.brain.inBoardBlock());
  CHECK(h.brain.board().stoneCount() == 3);
  CHECK(h.brain.rule() == Rule::Freestyle);  // the INFO inside the block was not applied
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
  CHECK(startsWith(h.one("TAKEBACK 3,3"), "ERROR"));   // nothing there any more
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

TEST_CASE("brain: INFO sets limits - malformed values are errors, unknown keys are ignored") {
  Harness h;
  CHECK(h.send({"INFO timeout_turn 1000", "INFO timeout_match 60000", "INFO time_left 55000",
                "INFO game_type 1", "INFO folder /tmp/x y", "INFO evaluate 3,4",
                "INFO some_future_key whatever", "INFO thread_num 2", "INFO max_depth 9",
                "INFO max_node 100000", "INFO show_detail 0"})
            .empty());
  CHECK(h.brain.timeControl().turnMs == 1000);
  CHECK(h.brain.timeControl().matchMs == 60000);
  CHECK(h.brain.timeControl().timeLeftMs == 55000);
  CHECK(h.brain.folder() == "/tmp/x y");
  CHECK(h.brain.limits().threads == 2);
  CHECK(h.brain.limits().maxDepth == 9);
  CHECK(h.brain.limits().maxNodes == 100000);
  CHECK(h.send({"INFO time_left -20"}).empty());  // allowed: the brain is out of time
  CHECK(h.brain.timeControl().timeLeftMs == -20);

  for (const char* bad : {"INFO timeout_turn abc", "INFO timeout_turn -5", "INFO rule 8",
                          "INFO rule x", "INFO max_memory -1", "INFO timeout_turn",
                          "INFO", "INFO hash_size 1.5"}) {
    CAPTURE(bad);
    CHECK(startsWith(h.one(bad), "ERROR"));
  }
  CHECK(h.brain.timeControl().turnMs == 1000);

  // The limits reach the search.
  h.send({"INFO show_detail 1", "START 15", "INFO time_left 2147483647", "BEGIN"});
  CHECK(h.backend.lastLimits.maxDepth == 9);
  CHECK(h.backend.lastLimits.threads == 2);
  CHECK(h.backend.lastLimits.maxNodes == 100000);
  CHECK(h.backend.lastLimits.timeMs > 0);
  CHECK(h.backend.lastLimits.timeMs <= 1000 - safetyMarginMs(1000));
}

TEST_CASE("brain: time_left sent before START still counts for the first move") {
  Harness h;
  h.send({"INFO timeout_turn 30000", "INFO time_left 3000", "START 15", "BEGIN"});
  CHECK(h.backend.lastLimits.timeMs <= 3000 / 30);
}

TEST_CASE("brain: INFO rule switches the rule, also in the middle of a game") {
  Harness h;
  CHECK(h.send({"INFO rule 4"}).empty());
  CHECK(h.brain.rule() == Rule::Renju);
  h.send({"INFO rule 2"});
  CHECK(h.brain.rule() == Rule::Renju);
  h.send({"INFO rule 1", "START 15"});
  CHECK(h.brain.board().rule() == Rule::Standard);
  h.send({"BEGIN", "TURN 3,3"});
  h.send({"INFO rule 0"});
  CHECK(h.brain.board().rule() == Rule::Freestyle);
  CHECK(h.brain.board().stoneCount() == 3);
  CHECK(h.brain.board().sideToMove() == Color::White);
}

TEST_CASE("brain: max_memory bounds the hash table - hash_size sets it") {
  CHECK(hashMbForMemory(0) == kDefaultHashMb);
  CHECK(hashMbForMemory(int64_t{350} << 20) == kDefaultHashMb);
  CHECK(hashMbForMemory(int64_t{48} << 20) == 32);
  CHECK(hashMbForMemory(int64_t{20} << 20) == 4);
  CHECK(hashMbForMemory(1000) == 1);
  for (int64_t bytes = 0; bytes < (int64_t{200} << 20); bytes += 3 << 20) {
    int mb = hashMbForMemory(bytes);
    CHECK(mb >= 1);
    if (bytes > 0 && mb > 1) CHECK((int64_t{mb + kReservedMemoryMb} << 20) <= bytes);
  }
  Harness h;
  CHECK(h.backend.hashMb == 0);  // untouched: the engine keeps its default
  CHECK(h.brain.hashMb() == kDefaultHashMb);
  CHECK(h.send({"INFO max_memory 41943040"}).empty());  // 40 MiB
  CHECK(h.backend.hashMb == 16);
  auto r = h.send({"INFO max_memory 1000000"});  // below what the program needs: warn
  CHECK(r.empty());
  CHECK(h.backend.hashMb == 1);
  h.send({"INFO hash_size 131072"});  // KB
  CHECK(h.backend.hashMb == 128);
  h.send({"INFO max_memory 0"});
  CHECK(h.backend.hashMb == kDefaultHashMb);
  CHECK(h.brain.hashMb() == kDefaultHashMb);
}

TEST_CASE("brain: the engine's tables are cleared for a new game only if it has searched") {
  Harness h;
  h.send({"START 15", "RESTART", "INFO rule 4", "START 15"});
  CHECK(h.backend.newGames == 0);
  h.send({"BEGIN"});
  h.send({"RESTART"});
  CHECK(h.backend.newGames == 1);
  h.send({"RESTART", "INFO rule 0"});
  CHECK(h.backend.newGames == 1);
  h.send({"BEGIN", "INFO rule 4"});
  CHECK(h.backend.newGames == 2);
}

TEST_CASE("brain: ABOUT, unknown commands, DONE without BOARD, STOP when idle") {
  Harness h;
  std::string about = h.one("ABOUT");
  for (const char* key : {"name=\"", "version=\"", "author=\"", "country=\""})
    CHECK(about.find(key) != std::string::npos);
  CHECK(startsWith(h.one("HELLO"), "UNKNOWN"));
  CHECK(startsWith(h.one("hello there"), "UNKNOWN"));
  CHECK(startsWith(h.one("DONE"), "ERROR"));
  CHECK(h.send({"STOP", "YXSTOP", "", "   ", "\r"}).empty());
  CHECK_FALSE(h.brain.done());
  CHECK(h.send({"END"}).empty());
  CHECK(h.brain.done());
  CHECK(h.send({"ABOUT"}).empty());  // nothing after END
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
  h.send({"INFO rule 4", "YXBOARD", "6,7,2", "0,0,1", "7,6,2", "0,14,1", "7,8,2", "14,0,1",
          "8,7,2", "DONE"});  // 3 own stones against 4: we are white
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

TEST_CASE("brain: YXNBEST searches with multiPv, lists the best moves, and plays the best") {
  Harness h;
  h.send({"START 15", "BEGIN", "TURN 8,8"});
  auto all = h.all({"YXNBEST 3"});
  CHECK(h.backend.lastLimits.multiPv == 3);
  REQUIRE_FALSE(all.empty());
  CHECK(std::count_if(all.begin(), all.end(),
                      [](const std::string& l) { return startsWith(l, "MESSAGE nbest 1 "); }) == 1);
  moveOf(all.back());
  CHECK(h.brain.board().stoneCount() == 4);
  CHECK(startsWith(h.one("YXNBEST 0"), "ERROR"));
}

TEST_CASE("brain: MESSAGE lines report depth, score, nodes, speed and PV") {
  Harness h;
  h.send({"START 15"});
  auto all = h.all({"BEGIN"});
  REQUIRE(all.size() == 2);
  CHECK(startsWith(all[0], "MESSAGE depth 1"));
  for (const char* part : {"score", "nodes", "speed", "time", "pv 7,7"})
    CHECK(all[0].find(part) != std::string::npos);
  h.send({"INFO show_detail 0"});
  all = h.all({"TURN 0,0"});
  CHECK(all.size() == 1);
}

TEST_CASE("brain: while thinking, STOP answers at once and other lines wait their turn") {
  Harness h;
  h.backend.holdUntilStopped = true;
  h.send({"START 15", "INFO timeout_turn 100000", "INFO show_detail 0"});
  h.send({"BEGIN"});
  CHECK(h.brain.thinking());
  // Lines during the search: held back, no reply yet.
  CHECK(h.send({"ABOUT", "TURN 0,0", "INFO timeout_turn 500"}).empty());
  CHECK(h.brain.timeControl().turnMs == 100000);
  h.brain.poll(Clock::now());
  CHECK(h.brain.thinking());
  CHECK(h.out.empty());
  h.brain.handleLine("YXSTOP", Clock::now());
  CHECK(h.backend.stopped);
  h.brain.poll(Clock::now());
  // The answer, then ABOUT's reply, then TURN starts the next search (held again).
  REQUIRE(h.out.size() >= 2);
  std::vector<std::string> replies;
  for (const std::string& l : h.out)
    if (!startsWith(l, "MESSAGE")) replies.push_back(l);
  REQUIRE(replies.size() == 2);
  CHECK(replies[0] == "7,7");
  CHECK(startsWith(replies[1], "name="));
  CHECK(h.brain.thinking());
  CHECK(h.brain.timeControl().turnMs == 100000);  // INFO comes after the TURN's answer
  h.out.clear();
  h.brain.handleLine("STOP", Clock::now());
  h.brain.poll(Clock::now());
  CHECK_FALSE(h.brain.thinking());
  CHECK(h.brain.timeControl().turnMs == 500);
  CHECK(h.brain.board().stoneCount() == 3);
}

TEST_CASE("brain: END during a search quits without an answer") {
  Harness h;
  h.backend.holdUntilStopped = true;
  h.send({"START 15", "BEGIN"});
  REQUIRE(h.brain.thinking());
  h.out.clear();
  h.brain.handleLine("END", Clock::now());
  CHECK(h.brain.done());
  CHECK_FALSE(h.brain.thinking());
  CHECK(h.backend.stopped);
  h.brain.poll(Clock::now());
  CHECK(h.out.empty());
}

TEST_CASE("brain: the answer comes by the deadline even if the engine never finishes") {
  using std::chrono::milliseconds;
  Harness h;
  h.backend.holdUntilStopped = true;
  h.send({"INFO timeout_turn 200", "INFO show_detail 0", "START 15"});
  ProtocolTime tc;
  tc.turnMs = 200;
  MoveTime t = allotMoveTime(tc, 0, 0);
  REQUIRE(t.searchMs + 5 < t.answerMs);
  h.out.clear();
  auto t0 = Clock::now();
  h.brain.handleLine("BEGIN", t0);
  CHECK(h.backend.lastLimits.timeMs <= t.searchMs);
  h.brain.poll(t0 + milliseconds(t.searchMs / 2));
  CHECK_FALSE(h.backend.stopped);
  CHECK(h.out.empty());
  // Past the search limit: the brain stops the engine itself.
  h.brain.poll(t0 + milliseconds(t.searchMs + 6));
  CHECK(h.backend.stopped);
  h.backend.stopped = false;  // an engine that ignores stop()
  CHECK(h.out.empty());
  CHECK(h.brain.wakeTime(t0 + milliseconds(t.searchMs + 7)) <= t0 + milliseconds(t.answerMs));
  h.brain.poll(t0 + milliseconds(t.answerMs - 1));
  CHECK(h.out.empty());
  h.brain.poll(t0 + milliseconds(t.answerMs));
  REQUIRE(h.out.size() == 1);
  CHECK(h.out.back() == "7,7");
  CHECK_FALSE(h.brain.thinking());
  CHECK(t.answerMs < 200);
}

TEST_CASE("brain: end of input answers the running search, then the held lines, then quits") {
  Harness h;
  h.backend.holdUntilStopped = true;
  h.send({"START 15", "INFO timeout_turn 100000", "BEGIN"});
  h.out.clear();
  h.brain.handleLine("TURN 0,0", Clock::now());
  h.brain.endOfInput(Clock::now());
  CHECK(h.backend.stopped);
  for (int i = 0; i < 10 && !h.brain.done(); ++i) h.brain.poll(Clock::now());
  CHECK(h.brain.done());
  std::vector<std::string> moves;
  for (const std::string& l : h.out)
    if (!startsWith(l, "MESSAGE")) moves.push_back(l);
  CHECK(moves.size() == 2);
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

TEST_CASE("brain: score text") {
  CHECK(scoreText(35) == "+35");
  CHECK(scoreText(-120) == "-120");
  CHECK(scoreText(0) == "0");
  CHECK(scoreText(kScoreMate - 1) == "win in 1");
  CHECK(scoreText(kScoreMate - 5) == "win in 3");
  CHECK(scoreText(-(kScoreMate - 4)) == "loss in 2");
}

TEST_CASE("brain: the command table - a command that needs a board names itself in the ERROR") {
  Harness h;
  for (const char* word :
       {"BEGIN", "TURN", "TAKEBACK", "PLAY", "RESTART", "YXNBEST", "YXSHOWFORBID"}) {
    std::string line = word;
    if (line == "TURN" || line == "TAKEBACK" || line == "PLAY") line += " 7,7";
    if (line == "YXNBEST") line += " 2";
    CAPTURE(line);
    CHECK(h.one(line) == std::string("ERROR ") + word + ": no board yet, send START first");
  }
  CHECK_FALSE(h.brain.started());
  // The commands that need none work without one.
  CHECK(h.one("INFO rule x").rfind("ERROR INFO rule:", 0) == 0);
  CHECK(h.send({"INFO max_depth 7", "STOP"}).empty());
  CHECK(h.brain.limits().maxDepth == 7);
  CHECK(h.one("START 9") == "OK");
  CHECK(h.brain.board().size() == 9);
}

TEST_CASE("brain: ABOUT gives the project's version (gomoku/version.h)") {
  Harness h;
  CHECK(h.one("ABOUT").find(std::string("version=\"") + kVersion + "\"") != std::string::npos);
}

TEST_CASE("brain: INFO keys with a lower bound refuse a negative value and keep the old one") {
  Harness h;
  CHECK(
      h.send({"INFO timeout_turn 700", "INFO timeout_match 9000", "INFO hash_size 2048"}).empty());
  REQUIRE(h.brain.hashMb() == 2);
  for (const char* key : {"timeout_turn", "timeout_match", "max_memory", "hash_size"}) {
    CAPTURE(key);
    CHECK(h.one(std::string("INFO ") + key + " -1") ==
          std::string("ERROR INFO ") + key + ": -1 is negative");
  }
  CHECK(h.brain.timeControl().turnMs == 700);
  CHECK(h.brain.timeControl().matchMs == 9000);
  CHECK(h.brain.hashMb() == 2);
  // Keys without a bound clamp instead.
  CHECK(h.send({"INFO thread_num -3", "INFO show_detail -1"}).empty());
  CHECK(h.brain.limits().threads == 1);
}

TEST_CASE("brain: --strength N plays at that level (its horizon, solver limits, lapses, noise)") {
  Harness full;
  full.send({"START 15", "BEGIN"});
  CHECK(full.backend.lastLimits.lapsePermille == 0);  // the default is full strength
  CHECK(full.backend.lastLimits.vcfThreats == Limits{}.vcfThreats);

  Harness h;
  h.brain.setStrength(3);
  h.send({"START 15", "INFO max_depth 40", "BEGIN"});
  Limits level = limitsForStrength(3, 1000);
  CHECK(h.backend.lastLimits.maxDepth == level.maxDepth);  // the level's horizon is the lower
  CHECK(h.backend.lastLimits.noise == level.noise);
  CHECK(h.backend.lastLimits.lapsePermille == level.lapsePermille);
  CHECK(h.backend.lastLimits.vcfThreats == level.vcfThreats);
  CHECK(h.backend.lastLimits.leafVcfThreats == level.leafVcfThreats);
  h.brain.setStrength(42);
  CHECK(h.brain.strength() == 10);
}
