// The real pbrain-gomoku binary driven through pipes, as a Gomocup manager or Yixin-Board
// drives it: a full game, BOARD, TAKEBACK, RESTART, STOP mid-search, YXSHOWFORBID on the
// renju test positions, time limits, and bad lines of every kind.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "app/pbrain/quick_move.h"
#include "core/board/board.h"
#include "core/protocol/protocol.h"
#include "tests/pbrain/brain_process.h"
#include "tests/pbrain/timing_slack.h"
#include "tests/support/testdata.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#endif

#ifdef GOMOKU_HAVE_BRAIN_PROCESS

using namespace gomoku;
using namespace gomoku::testing;
using Ms = std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int64_t kSlackMs = kReplySlackMs;

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

std::string reply(BrainProcess& b, int ms = 10000) {
  auto r = b.readReply(Ms(ms));
  REQUIRE_MESSAGE(r.has_value(), "the brain did not answer");
  return *r;
}

protocol::Reply move(BrainProcess& b, int ms = 10000) {
  std::string line = reply(b, ms);
  protocol::Reply r = protocol::parseReply(line);
  REQUIRE_MESSAGE(r.kind == protocol::ReplyKind::Move, "expected a move, got: " << line);
  return r;
}

// END, then the process must exit cleanly (a sanitizer report makes the status non-zero).
void finish(BrainProcess& b) {
  b.send("END");
  auto status = b.waitExit(Ms(10000));
  REQUIRE_MESSAGE(status.has_value(), "the brain did not exit after END");
  CHECK(*status == 0);
}

int64_t msSince(Clock::time_point t) {
  return std::chrono::duration_cast<Ms>(Clock::now() - t).count();
}

void start(BrainProcess& b, int size, int rule, int turnMs) {
  b.send("INFO timeout_turn " + std::to_string(turnMs));
  b.send("INFO timeout_match 0");
  b.send("INFO rule " + std::to_string(rule));
  b.send("START " + std::to_string(size));
  CHECK(reply(b) == "OK");
}

// A quiet middle-game position (own stones field 1, black to move) for long searches.
const std::vector<std::string> kMiddleGame = {"7,7,1", "8,8,2", "8,6,1", "6,8,2", "9,7,1",
                                              "6,7,2", "7,9,1", "9,9,2", "5,6,1", "10,8,2"};

void sendBoard(BrainProcess& b, const char* word, const std::vector<std::string>& stones) {
  b.send(word);
  for (const std::string& s : stones) b.send(s);
  b.send("DONE");
}

}  // namespace

TEST_CASE("pipe: a full game against a simple opponent, every reply legal and in time") {
  BrainProcess brain(PBRAIN_EXE);
  REQUIRE(brain.started());
  brain.send("ABOUT");
  std::string about = reply(brain);
  CHECK(about.find("name=\"") != std::string::npos);
  CHECK(about.find("version=\"") != std::string::npos);

  const int turnMs = 150;
  start(brain, 15, 0, turnMs);
  Board referee(15, Rule::Freestyle);
  Color brainColor = Color::Black;
  Point last = kNullPoint;
  int64_t slowest = 0;
  while (true) {
    // The brain's move.
    auto sent = Clock::now();
    brain.send(last == kNullPoint ? std::string("BEGIN") : "TURN " + protocol::formatPoint(last));
    protocol::Reply r = move(brain, turnMs + 2000);
    slowest = std::max(slowest, msSince(sent));
    Point p = makePoint(r.x, r.y);
    REQUIRE(referee.isEmpty(p));
    referee.place(p);
    if (referee.lastMoveWon() || referee.full()) break;
    // The opponent's move: a greedy one-ply player.
    auto q = pbrain::quickMove(referee, {});
    REQUIRE(q);
    referee.place(*q);
    last = *q;
    if (referee.lastMoveWon() || referee.full()) break;
  }
  finish(brain);
  MESSAGE("game of " << referee.stoneCount() << " stones, slowest reply " << slowest << " ms");
  CHECK(slowest <= turnMs + kSlackMs);
  REQUIRE(referee.lastMoveWon());
  CHECK(referee.at(referee.lastMove()) == brainColor);
}

TEST_CASE("pipe: BOARD is answered with the win, or the block - CR, LF and CRLF all work") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 1000);
  // Own open four at (3..6, 3): the five is at (2,3) or (7,3). Lines end with LF only.
  for (const char* line : {"BOARD", "3,3,1", "0,0,2", "4,3,1", "0,2,2", "5,3,1", "0,4,2",
                           "6,3,1", "14,14,2", "DONE"})
    brain.send(line, "\n");
  protocol::Reply r = move(brain);
  CHECK(r.y == 3);
  CHECK((r.x == 2 || r.x == 7));

  // Their closed four: block at (7,3). Lines end with CR only.
  brain.send("RESTART", "\r");
  CHECK(reply(brain) == "OK");
  for (const char* line : {"BOARD", "3,3,2", "0,0,1", "4,3,2", "0,2,1", "5,3,2", "0,5,1",
                           "6,3,2", "2,3,1", "DONE"})
    brain.send(line, "\r");
  r = move(brain);
  CHECK(r.x == 7);
  CHECK(r.y == 3);
  finish(brain);
}

TEST_CASE("pipe: TAKEBACK and RESTART") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 300);
  brain.send("BEGIN");
  protocol::Reply a = move(brain);
  Point t = makePoint(a.x == 0 ? 1 : a.x - 1, a.y);  // next to the brain's first stone
  brain.send("TURN " + protocol::formatPoint(t));
  protocol::Reply b = move(brain);
  std::string bText = protocol::formatPoint(b.x, b.y);

  brain.send("TAKEBACK " + bText);
  CHECK(reply(brain) == "OK");
  brain.send("TAKEBACK " + protocol::formatPoint(t));
  CHECK(reply(brain) == "OK");
  brain.send("TAKEBACK " + protocol::formatPoint(t));  // already gone
  CHECK(startsWith(reply(brain), "ERROR"));

  // The brain's stone b is gone: the opponent may play there now.
  brain.send("TURN " + bText);
  protocol::Reply c = move(brain);
  CHECK(!(c.x == b.x && c.y == b.y));
  // And t is free again unless the brain just took it.
  if (!(c.x == pointX(t) && c.y == pointY(t))) {
    brain.send("TURN " + protocol::formatPoint(t));
    move(brain);
  }
  // The brain's first stone is still there.
  brain.send("TURN " + protocol::formatPoint(a.x, a.y));
  CHECK(startsWith(reply(brain), "ERROR"));

  brain.send("RESTART");
  CHECK(reply(brain) == "OK");
  brain.send("BEGIN");  // refused on a board with stones: a move means the board is empty
  move(brain);
  finish(brain);
}

TEST_CASE("pipe: YXSTOP and STOP during a long search answer at once with a legal move") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 60000);
  for (std::string stop : {"YXSTOP", "STOP"}) {
    CAPTURE(stop);
    brain.send("RESTART");
    CHECK(reply(brain) == "OK");
    sendBoard(brain, "BOARD", kMiddleGame);
    // Still thinking after a while (a 60 s turn): nothing but MESSAGE lines so far.
    for (const std::string& line : brain.drain(Ms(400))) CHECK(startsWith(line, "MESSAGE"));
    auto sent = Clock::now();
    brain.send(stop);
    protocol::Reply r = move(brain, 3000);
    int64_t took = msSince(sent);
    MESSAGE(stop << " answered in " << took << " ms");
    CHECK(took <= 200 + kSlackMs);
    Point p = makePoint(r.x, r.y);
    bool occupied = false;
    for (const std::string& s : kMiddleGame) {
      protocol::BoardLine bl = protocol::parseBoardLine(s);
      occupied |= makePoint(bl.x, bl.y) == p;
    }
    CHECK_FALSE(occupied);
  }
  // The brain goes on normally afterwards.
  brain.send("INFO timeout_turn 200");
  brain.send("TURN 0,0");
  move(brain);
  finish(brain);
}

TEST_CASE("pipe: END during a search exits promptly and says nothing more") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 60000);
  sendBoard(brain, "BOARD", kMiddleGame);
  brain.drain(Ms(200));
  auto sent = Clock::now();
  brain.send("END");
  auto status = brain.waitExit(Ms(2000));
  REQUIRE(status.has_value());
  CHECK(*status == 0);
  CHECK(msSince(sent) < 1000);
  for (const std::string& line : brain.drain(Ms(50))) CHECK(startsWith(line, "MESSAGE"));
}

TEST_CASE("pipe: end of input during a search: the move comes at once, then the brain exits") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 60000);
  sendBoard(brain, "BOARD", kMiddleGame);
  brain.drain(Ms(200));
  auto sent = Clock::now();
  brain.closeInput();
  move(brain, 3000);
  auto status = brain.waitExit(Ms(2000));
  REQUIRE(status.has_value());
  CHECK(*status == 0);
  CHECK(msSince(sent) < 1000);
}

TEST_CASE("pipe: YXSHOWFORBID agrees with the renju test positions") {
  auto records = testdata::load("rules_renju.txt");
  REQUIRE(records.size() >= 30);
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 4, 1000);
  int checked = 0;
  for (const testdata::Record& rec : records) {
    std::string toMove = rec.get("to_move");
    if (toMove != "black" && toMove != "white") continue;
    if (!rec.has("rapfi_all_forbidden") && rec.checks.empty()) continue;
    CAPTURE(rec.get("id"));
    // Alternate "INFO rule 4" and Yixin-Board's "INFO rule 2" for renju.
    brain.send(checked % 2 ? "INFO rule 2" : "INFO rule 4");
    Color mover = toMove == "black" ? Color::Black : Color::White;
    std::vector<std::pair<std::string, Color>> stones;
    if (rec.has("moves")) {
      Color c = Color::Black;
      for (const std::string& m : testdata::split(rec.get("moves"), ',')) {
        stones.push_back({m, c});
        c = opponent(c);
      }
    } else {
      // The side to move first: with unequal counts the brain takes the first stone as black.
      std::string first = mover == Color::Black ? "black" : "white";
      std::string second = mover == Color::Black ? "white" : "black";
      for (const std::string& m : testdata::split(rec.get(first), ',')) stones.push_back({m, mover});
      for (const std::string& m : testdata::split(rec.get(second), ','))
        stones.push_back({m, opponent(mover)});
    }
    int own = 0, theirs = 0;
    brain.send("YXBOARD");
    for (const auto& [text, color] : stones) {
      auto p = testdata::point(text, 15);
      REQUIRE(p);
      (color == mover ? own : theirs)++;
      brain.send(protocol::formatPoint(*p) + "," + (color == mover ? "1" : "2"));
    }
    brain.send("DONE");
    // The brain's color rule (equal counts: black to move; one fewer: white; else the first
    // stone is black) must give the record's side to move.
    Color ownColor = own == theirs       ? Color::Black
                     : own + 1 == theirs ? Color::White
                     : stones.front().second == mover ? Color::Black
                                                      : Color::White;
    REQUIRE(ownColor == mover);

    brain.send("YXSHOWFORBID");
    std::string line = reply(brain);
    protocol::Reply r = protocol::parseReply(line);
    REQUIRE_MESSAGE(r.kind == protocol::ReplyKind::Forbid, line);
    std::set<std::string> got;
    for (const protocol::XY& xy : r.points) got.insert(pointToText(makePoint(xy.x, xy.y)));

    if (rec.has("rapfi_all_forbidden")) {
      std::set<std::string> expected;
      if (rec.get("rapfi_all_forbidden") != "none")
        for (const std::string& s : testdata::split(rec.get("rapfi_all_forbidden"), ','))
          expected.insert(s);
      CHECK(got == expected);
    }
    for (const std::string& check : rec.checks) {
      auto colon = check.find(':');
      REQUIRE(colon != std::string::npos);
      std::string point = check.substr(0, colon), verdict = check.substr(colon + 1);
      CAPTURE(check);
      if (mover == Color::White || verdict == "none")
        CHECK(got.count(point) == 0);
      else
        CHECK(got.count(point) == 1);
    }
    ++checked;
  }
  CHECK(checked >= 28);
  finish(brain);
}

TEST_CASE("pipe: bad lines of every kind get ERROR or UNKNOWN, and the brain carries on") {
  BrainProcess brain(PBRAIN_EXE);
  // Before START.
  for (const char* line : {"BEGIN", "TURN 7,7", "TAKEBACK 1,1", "RESTART", "YXSHOWFORBID"}) {
    CAPTURE(line);
    brain.send(line);
    CHECK(startsWith(reply(brain), "ERROR"));
  }
  start(brain, 15, 0, 200);
  const std::vector<std::pair<std::string, const char*>> bad = {
      {"FOO", "UNKNOWN"},
      {"hello world", "UNKNOWN"},
      {"TURNX 1,1", "UNKNOWN"},
      {"7,7,1", "UNKNOWN"},
      {"START", "ERROR"},
      {"START 4", "ERROR"},
      {"START 23", "ERROR"},
      {"START -15", "ERROR"},
      {"START fifteen", "ERROR"},
      {"START 99999999999999999999999", "ERROR"},
      {"RECTSTART 15,20", "ERROR"},
      {"RECTSTART 15", "ERROR"},
      {"TURN", "ERROR"},
      {"TURN 7", "ERROR"},
      {"TURN a,b", "ERROR"},
      {"TURN 7,7,7", "ERROR"},
      {"TURN -1,5", "ERROR"},
      {"TURN 15,0", "ERROR"},
      {"TURN 2147483648,1", "ERROR"},
      {"TAKEBACK 3,3", "ERROR"},
      {"TAKEBACK x", "ERROR"},
      {"PLAY 99,99", "ERROR"},
      {"BEGIN now", "ERROR"},
      {"DONE", "ERROR"},
      {"INFO", "ERROR"},
      {"INFO timeout_turn", "ERROR"},
      {"INFO timeout_turn abc", "ERROR"},
      {"INFO timeout_turn -100", "ERROR"},
      {"INFO rule 8", "ERROR"},
      {"INFO max_memory lots", "ERROR"},
      {"YXNBEST", "ERROR"},
      {"YXNBEST 0", "ERROR"},
      {std::string(200000, 'A'), "ERROR line too long"},
      {std::string(70000, ' ') + "TURN 7,7", "ERROR line too long"},  // not dropped unanswered
      {std::string("\x01\x02\xff\xfe", 4), "UNKNOWN"},
      {std::string("TURN 1\0,1", 9), "ERROR"},
      {std::string("\0\0\0", 3), "UNKNOWN"},
  };
  for (const auto& item : bad) {
    const std::string& line = item.first;
    const char* prefix = item.second;
    std::string shown = line.substr(0, 40);
    CAPTURE(shown);
    brain.send(line);
    std::string r = reply(brain);
    CHECK(startsWith(r, prefix));
  }
  // Lines that need no reply at all: the next reply belongs to ABOUT.
  for (const char* quiet : {"INFO some_new_key 42", "INFO evaluate 3,4", "INFO folder /tmp",
                            "STOP", "YXSTOP", "", "   ", "\t"}) {
    CAPTURE(quiet);
    brain.send(quiet);
    brain.send("ABOUT");
    CHECK(startsWith(reply(brain), "name="));
  }
  // Bad stone lines inside BOARD: no reply until DONE, then one ERROR for the whole block
  // (the first bad line named), no move, the position as it was.
  brain.send("BOARD");
  for (const char* line : {"3,3,1", "1,1", "a,b,c", "1,1,7", "99,99,1", "BEGIN", "4,4,2"})
    brain.send(line);
  brain.send("DONE");
  CHECK(reply(brain) ==
        "ERROR BOARD refused, the position is unchanged: line 2: expected x,y,field, got '1,1'");
  brain.send("ABOUT");  // the next reply is ABOUT's: no move came after the ERROR
  CHECK(startsWith(reply(brain), "name="));
  // The same point twice is refused too; then a good block is played on.
  brain.send("BOARD");
  brain.send("3,3,1");
  brain.send("3,3,2");
  brain.send("DONE");
  CHECK(startsWith(reply(brain), "ERROR BOARD refused, the position is unchanged: line 2:"));
  brain.send("BOARD");
  brain.send("3,3,1");
  brain.send("4,4,2");
  brain.send("DONE");
  protocol::Reply r = move(brain);
  CHECK(!(r.x == 3 && r.y == 3));
  CHECK(!(r.x == 4 && r.y == 4));
  // The position is exactly the good block: (3,3) ours, (4,4) theirs, and our move.
  brain.send("TURN 3,3");
  CHECK(startsWith(reply(brain), "ERROR"));
  brain.send("TURN 4,4");
  CHECK(startsWith(reply(brain), "ERROR"));
  brain.send("TURN 0,14");
  protocol::Reply last = move(brain);
  brain.send("TAKEBACK " + protocol::formatPoint(last.x, last.y));
  CHECK(reply(brain) == "OK");
  brain.send("TAKEBACK 0,14");
  CHECK(reply(brain) == "OK");
  brain.send("TAKEBACK 0,14");
  CHECK(startsWith(reply(brain), "ERROR"));
  finish(brain);
}

TEST_CASE("pipe: time limits are kept: timeout_turn, time_left, timeout 0") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 200);
  brain.send("INFO max_memory 20971520");
  sendBoard(brain, "BOARD", kMiddleGame);
  auto sent = Clock::now();
  move(brain, 3000);
  CHECK(msSince(sent) <= 200 + kSlackMs);

  // Little match time left: the move comes quickly even with a long turn limit.
  brain.send("INFO timeout_turn 10000");
  brain.send("INFO timeout_match 120000");
  brain.send("RESTART");
  CHECK(reply(brain) == "OK");
  brain.send("INFO time_left 600");
  sent = Clock::now();
  sendBoard(brain, "BOARD", kMiddleGame);
  move(brain, 3000);
  CHECK(msSince(sent) <= 600);

  // timeout_turn 0: as fast as possible.
  brain.send("INFO timeout_turn 0");
  brain.send("INFO time_left 2147483647");
  brain.send("RESTART");
  CHECK(reply(brain) == "OK");
  sent = Clock::now();
  sendBoard(brain, "BOARD", kMiddleGame);
  move(brain, 3000);
  CHECK(msSince(sent) <= 30 + kSlackMs);
  finish(brain);
}

TEST_CASE("pipe: YXBOARD + YXNBEST, and MESSAGE lines while searching") {
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 400);
  sendBoard(brain, "YXBOARD", kMiddleGame);
  CHECK(brain.drain(Ms(100)).empty());  // YXBOARD asks for nothing
  brain.send("YXNBEST 3");
  std::vector<std::string> messages;
  auto line = brain.readReply(Ms(5000), &messages);
  REQUIRE(line);
  CHECK(protocol::parseReply(*line).kind == protocol::ReplyKind::Move);
  int nbest = 0, depth = 0;
  for (const std::string& m : messages) {
    if (startsWith(m, "MESSAGE nbest ")) ++nbest;
    if (startsWith(m, "MESSAGE depth ")) {
      ++depth;
      for (const char* part : {"score", "nodes", "speed", "pv"}) CHECK(m.find(part) != std::string::npos);
    }
  }
  CHECK(depth >= 1);
  CHECK(nbest >= 1);
  CHECK(nbest <= 3);
  finish(brain);
}

TEST_CASE("pipe: TURN after YXBOARD is the side to move's stone, answered for the other side") {
  // As Yixin-Board plays a human against the engine: YXBOARD (field 1 the side to move's, the
  // human's), then the human's move as TURN, and the engine's move comes back.
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 300);
  sendBoard(
      brain, "YXBOARD",
      {"7,7,1", "8,7,1", "9,7,1", "10,7,1", "6,9,1", "6,7,2", "7,9,2", "8,9,2", "9,9,2", "10,9,2"});
  brain.send("TURN 0,14");  // black's stone; white (the engine) completes its five at 11,9
  protocol::Reply r = move(brain);
  CHECK(r.x == 11);
  CHECK(r.y == 9);
  finish(brain);
}

#if defined(__linux__) && !defined(GOMOKU_TESTS_SANITIZED)
// The address space the process has now, in bytes (/proc/<pid>/statm: pages).
std::optional<uint64_t> addressSpace(pid_t pid) {
  std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
  uint64_t pages = 0;
  if (!(statm >> pages)) return std::nullopt;
  return pages * uint64_t(sysconf(_SC_PAGESIZE));
}

TEST_CASE("pipe: a hash table the system refuses: the old one is kept, an ERROR, and a move") {
  // The audit's crash: under a ulimit, INFO hash_size 4194304 made the table's calloc fail and
  // std::bad_alloc end the brain (exit 134). The limit is set on the running brain: room for
  // its searches, none for a table twice the default's 64 MiB.
  BrainProcess brain(PBRAIN_EXE);
  start(brain, 15, 0, 200);
  auto used = addressSpace(brain.pid());
  REQUIRE(used.has_value());
  const rlimit limit{*used + (uint64_t(40) << 20), *used + (uint64_t(40) << 20)};
  REQUIRE(prlimit(brain.pid(), RLIMIT_AS, &limit, nullptr) == 0);
  brain.send("INFO hash_size 4194304");
  CHECK(reply(brain) ==
        "ERROR INFO hash_size: no memory for a 4096 MB hash table; the 64 MB one is kept");
  brain.send("TURN 7,7");
  move(brain);
  brain.send("INFO max_memory 1000000000000");  // 1 TB: the default table, which it has
  brain.send("TURN 0,0");
  move(brain);
  finish(brain);
}
#endif

#endif
