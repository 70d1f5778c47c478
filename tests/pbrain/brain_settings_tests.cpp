// The brain's settings and identity, driven with a stand-in engine: INFO keys (limits, time,
// rule, memory), the strength, ABOUT and the version, unknown commands, and the command table's
// ERROR for a command that needs a board.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gomoku/version.h"
#include "tests/pbrain/brain_harness.h"

using namespace gomoku;
using namespace gomoku::pbrain;
using namespace gomoku::pbrain::testing;

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

  for (const char* bad :
       {"INFO timeout_turn abc", "INFO timeout_turn -5", "INFO rule 8", "INFO rule x",
        "INFO max_memory -1", "INFO timeout_turn", "INFO", "INFO hash_size 1.5"}) {
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
  // The move's share of the match clock is its soft limit; a hard move may take 4 times that.
  CHECK(h.backend.lastLimits.softTimeMs > 0);
  CHECK(h.backend.lastLimits.softTimeMs <= 3000 / 30);
  CHECK(h.backend.lastLimits.timeMs <= 4 * (3000 / 30));
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
  CHECK(h.backend.hashMbAsked == 0);  // untouched: the engine keeps its default
  CHECK(h.brain.hashMb() == kDefaultHashMb);
  CHECK(h.send({"INFO max_memory 41943040"}).empty());  // 40 MiB
  CHECK(h.backend.hashMbAsked == 16);
  auto r = h.send({"INFO max_memory 1000000"});  // below what the program needs: warn
  CHECK(r.empty());
  CHECK(h.backend.hashMbAsked == 1);
  h.send({"INFO hash_size 131072"});  // KB
  CHECK(h.backend.hashMbAsked == 128);
  h.send({"INFO max_memory 0"});
  CHECK(h.backend.hashMbAsked == kDefaultHashMb);
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

TEST_CASE("brain: START, RECTSTART and RESTART answer once the engine's tables are ready") {
  // The engine zeroes (maps) its table when it starts and after a clear; the brain waits for
  // that before its OK, which the manager waits for, instead of inside the first move's time.
  Harness h;
  CHECK(h.one("START 15") == "OK");
  CHECK(h.backend.readyWaits == 1);
  CHECK(h.one("RESTART") == "OK");
  CHECK(h.backend.readyWaits == 2);
  CHECK(h.one("RECTSTART 15,15") == "OK");
  CHECK(h.backend.readyWaits == 3);
  CHECK(h.one("START 99").rfind("ERROR", 0) == 0);  // refused: nothing to wait for
  CHECK(h.backend.readyWaits == 3);
}

TEST_CASE("brain: a max_memory that leaves the default table size keeps the table") {
  // Gomocup's 350 MB leaves the default 64 MiB: the engine's table (zeroed and mapped when it
  // started) stays instead of being made again during the first move's time.
  Harness h;
  h.send({"START 15", "INFO max_memory 350000000"});
  CHECK(h.backend.hashMbAsked == 0);  // never asked for
  CHECK(h.brain.hashMb() == kDefaultHashMb);
  h.send({"INFO max_memory 40000000"});  // 40 MB: a 16 MiB table
  CHECK(h.backend.hashMbAsked == 16);
  h.send({"INFO max_memory 350000000"});  // back to the default size: a new table again
  CHECK(h.backend.hashMbAsked == kDefaultHashMb);
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

TEST_CASE(
    "brain: an INFO number past the 18 digits read is out of range, or for a limit the largest") {
  Harness h;
  // A number, only too long: said so (it used to be "is not a number").
  CHECK(h.one("INFO rule 1000000000000000000000") ==
        "ERROR INFO rule: '1000000000000000000000' is out of range");
  CHECK(h.one("INFO max_depth -99999999999999999999") ==
        "ERROR INFO max_depth: '-99999999999999999999' is out of range");
  CHECK(h.one("INFO timeout_turn -99999999999999999999") ==
        "ERROR INFO timeout_turn: '-99999999999999999999' is out of range");
  CHECK(h.brain.rule() == Rule::Freestyle);
  // A time or memory limit that large is no limit: taken as the largest value read.
  h.send({"INFO max_memory 41943040"});  // 40 MiB: a 16 MiB table
  REQUIRE(h.brain.hashMb() == 16);
  CHECK(h.send({"INFO max_memory 1000000000000000000", "INFO timeout_turn 99999999999999999999",
                "INFO time_left +12345678901234567890"})
            .empty());
  CHECK(h.brain.hashMb() == kDefaultHashMb);  // as large a limit as there is: the default table
  // (Read as at most some 31 years: a deadline on the nanosecond clock must not overflow.)
  CHECK(h.brain.timeControl().turnMs == 1'000'000'000'000);
  CHECK(h.brain.timeControl().timeLeftMs == 1'000'000'000'000);
  // And play goes on under it.
  h.send({"START 15"});
  moveOf(h.one("BEGIN"));
  // Leading zeros make no number longer: this is 500 ms, not "no limit".
  CHECK(h.send({"INFO timeout_turn 00000000000000000000500"}).empty());
  CHECK(h.brain.timeControl().turnMs == 500);
  // Not a number at all is still that.
  CHECK(h.one("INFO max_memory 1e18") == "ERROR INFO max_memory: '1e18' is not a number");
}

TEST_CASE("brain: a hash table the system refuses is reported on the INFO's line, play goes on") {
  Harness h;
  h.send({"START 15"});
  // Nothing larger could be had: the engine keeps its table; the INFO changed nothing: ERROR.
  h.backend.hashMbHad = kDefaultHashMb;
  CHECK(h.one("INFO hash_size 4194304") ==
        "ERROR INFO hash_size: no memory for a 4096 MB hash table; the 64 MB one is kept");
  CHECK(h.backend.hashMbAsked == 4096);
  CHECK(h.brain.hashMb() == kDefaultHashMb);
  // A smaller table than asked, larger than before: it took effect in part: MESSAGE.
  h.backend.hashMbHad = 1024;
  auto all = h.all({"INFO hash_size 4194304"});
  REQUIRE(all.size() == 1);
  CHECK(all[0] == "MESSAGE INFO hash_size: no memory for a 4096 MB hash table; using 1024 MB");
  CHECK(h.brain.hashMb() == 1024);
  // The same ask again is tried again (the memory may be there now).
  h.backend.hashMbHad.reset();
  CHECK(h.send({"INFO hash_size 4194304"}).empty());
  CHECK(h.brain.hashMb() == 4096);
  // max_memory names itself.
  h.send({"INFO max_memory 41943040"});
  h.backend.hashMbHad = 16;
  CHECK(h.one("INFO max_memory 0") ==
        "ERROR INFO max_memory: no memory for a 64 MB hash table; the 16 MB one is kept");
  // A hash_size past the largest table is that table, not a shortage.
  h.backend.hashMbHad.reset();
  CHECK(h.send({"INFO hash_size 1073741824"}).empty());
  CHECK(h.backend.hashMbAsked == kMaxTableMb);
  moveOf(h.one("BEGIN"));
}

TEST_CASE("brain: the table's size is the engine's as it is now, not the one last set") {
  Harness h;
  h.send({"START 15", "INFO max_memory 41943040"});  // a 16 MiB table
  REQUIRE(h.backend.hashMbAsked == 16);
  // Clearing for a new game had to allocate afresh and the system gave less (Engine::clear).
  h.backend.held = 8;
  h.send({"RESTART"});
  CHECK(h.brain.hashMb() == 8);
  // The same INFO again is a real change now: asked of the engine again (it used to be taken
  // as "already 16 MB" and left the 8 MB table).
  h.backend.hashMbAsked = 0;
  CHECK(h.send({"INFO max_memory 41943040"}).empty());
  CHECK(h.backend.hashMbAsked == 16);
  CHECK(h.brain.hashMb() == 16);
  moveOf(h.one("BEGIN"));
}

TEST_CASE("brain: a line over 64 KiB gets one ERROR - alone, inside a block, during a search") {
  // LineSplitter cuts such a line one byte over the limit. What it said is lost: reading a
  // command from its start would drop 64 KiB of spaces and a TURN without any reply.
  const std::string longLine = std::string(kMaxLineLength, ' ') + "TURN 7,7";
  const std::string cut = longLine.substr(0, kMaxLineLength + 1);
  const std::string refused =
      "ERROR line too long (over 65536 bytes), ignored: '" + std::string(32, ' ') + "...'";
  Harness h;
  h.send({"START 15"});
  CHECK(h.one(cut) == refused);
  CHECK(h.brain.board().stoneCount() == 0);
  CHECK(h.backend.starts == 0);
  // A line of exactly the limit is read as usual (a comment-length INFO value, say).
  CHECK(h.send({"INFO folder " + std::string(kMaxLineLength - 12, 'x')}).empty());
  CHECK(h.brain.folder().size() == kMaxLineLength - 12);
  // Inside a block it is a bad line: the block is refused.
  auto r = h.send({"BOARD", "7,7,1", cut, "DONE"});
  REQUIRE(r.size() == 1);
  CHECK(startsWith(r[0], "ERROR BOARD refused, the position is unchanged: line 2: line too long"));
  CHECK(h.brain.board().stoneCount() == 0);
  // During a search it waits, like any other line, and is answered after the move.
  h.backend.holdUntilStopped = true;
  h.send({"INFO timeout_turn 100000", "BEGIN"});
  REQUIRE(h.brain.thinking());
  h.out.clear();
  h.brain.handleLine(cut, Clock::now());
  CHECK(h.out.empty());
  h.brain.handleLine("STOP", Clock::now());
  for (int i = 0; i < 10 && h.brain.thinking(); ++i) h.brain.poll(Clock::now());
  std::vector<std::string> replies;
  for (const std::string& l : h.out)
    if (!startsWith(l, "MESSAGE")) replies.push_back(l);
  REQUIRE(replies.size() == 2);
  moveOf(replies[0]);
  CHECK(replies[1] == refused);
}
