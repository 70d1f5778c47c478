// BrainPlayer against a fake brain: a well-behaved game, and every way a brain can misbehave
// ending with the right failure, in time, with no process left behind.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "tests/manager/manager_support.h"

using namespace gomoku;
using namespace gomoku::testing;
using Clock = std::chrono::steady_clock;

namespace {

Point pt(int x, int y) { return makePoint(x, y); }

}  // namespace

TEST_CASE("brain: ABOUT names it; BEGIN, TURN and BOARD each get a move") {
  BrainPlayer brain(fakeBrain({"--name", "Fake One"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  CHECK(brain.name() == "Fake One");
  CHECK(brain.about().version == "1.0");
  MoveReply first = brain.requestMove({}, turnClock(1000));  // BEGIN
  REQUIRE(first.ok());
  CHECK(first.move == pt(7, 7));
  MoveReply second = brain.requestMove({pt(7, 7), pt(8, 8)}, turnClock(1000));  // TURN 8,8
  REQUIRE(second.ok());
  CHECK(second.move == pt(6, 6));
  // A position the brain has never seen (white to move): BOARD.
  MoveReply fresh = brain.requestMove({pt(0, 0), pt(7, 7), pt(1, 1)}, turnClock(1000));
  REQUIRE(fresh.ok());
  CHECK(fresh.move == pt(6, 6));
}

TEST_CASE("brain: an undone move is taken back with TAKEBACK before the new one") {
  BrainPlayer brain(fakeBrain());
  REQUIRE_FALSE(brain.newGame(settings15()));
  REQUIRE(brain.requestMove({}, turnClock(1000)).move == pt(7, 7));
  REQUIRE(brain.requestMove({pt(7, 7), pt(8, 8)}, turnClock(1000)).move == pt(6, 6));
  // The opponent takes back 8,8 (and our 6,6 with it) and plays 9,9 instead. Had the brain
  // not taken 6,6 back, it would not play it again.
  MoveReply reply = brain.requestMove({pt(7, 7), pt(9, 9)}, turnClock(1000));
  REQUIRE(reply.ok());
  CHECK(reply.move == pt(6, 6));
}

TEST_CASE("brain: the same process plays the next game after RESTART") {
  BrainPlayer brain(fakeBrain());
  REQUIRE_FALSE(brain.newGame(settings15()));
  REQUIRE(brain.requestMove({}, turnClock(1000)).ok());
  int pid = brain.processId();
  REQUIRE_FALSE(brain.newGame(settings15()));
  CHECK(brain.processId() == pid);
  CHECK(brain.processStarts() == 1);
  CHECK(brain.requestMove({}, turnClock(1000)).move == pt(7, 7));  // a fresh board
}

TEST_CASE("brain: one that does not understand RESTART is started again") {
  BrainPlayer brain(fakeBrain({"--refuse-restart"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  int pid = brain.processId();
  REQUIRE(brain.requestMove({}, turnClock(1000)).ok());
  REQUIRE_FALSE(brain.newGame(settings15()));
  CHECK(brain.processStarts() == 2);
  CHECK(processGone(pid));
  CHECK(brain.requestMove({}, turnClock(1000)).ok());
}

TEST_CASE("brain: a crash is a failure with the exit status; nothing is left running") {
  BrainPlayer brain(fakeBrain({"--crash-at", "2"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  int pid = brain.processId();
  REQUIRE(brain.requestMove({}, turnClock(1000)).ok());
  MoveReply reply = brain.requestMove({pt(7, 7), pt(8, 8)}, turnClock(1000));
  CHECK(reply.failure == Failure::Crashed);
  CHECK(contains(reply.detail, "exited with status 3"));
  CHECK(processGone(pid));
  // The next game starts a new process.
  REQUIRE_FALSE(brain.newGame(settings15()));
  CHECK(brain.processStarts() == 2);
  CHECK(brain.requestMove({}, turnClock(1000)).ok());
}

TEST_CASE("brain: death by a signal is named") {
  BrainPlayer brain(fakeBrain({"--segv-at", "1"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  MoveReply reply = brain.requestMove({}, turnClock(1000));
  CHECK(reply.failure == Failure::Crashed);
  CHECK(contains(reply.detail, "signal 11"));
}

TEST_CASE("brain: one that closes its output but keeps running is told from a crash") {
  BrainPlayer brain(fakeBrain({"--close-out-at", "1"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  int pid = brain.processId();
  MoveReply reply = brain.requestMove({}, turnClock(1000));
  CHECK(reply.failure == Failure::Crashed);
  CHECK(reply.detail ==
        "the engine closed its output without a move (and had not exited 100 ms later)");
  CHECK(processGone(pid));
}

TEST_CASE("brain: one that exits while its child holds its output has exited, not lost on time") {
  BrainPlayer brain(fakeBrain({"--orphan-at", "1"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  MoveReply reply = brain.requestMove({}, turnClock(300));
  CHECK(reply.failure == Failure::Crashed);
  CHECK(contains(reply.detail, "exited with status 0 without a move"));
  CHECK(contains(reply.detail, "a process it started kept its output open"));
  // The child went with the engine's process group.
  int orphan = 0;
  for (const std::string& line : brain.takeLog())
    if (line.rfind("stderr: orphan pid ", 0) == 0) orphan = std::stoi(line.substr(19));
  REQUIRE(orphan > 0);
  // Killed; it is not the test's child, so it may linger a moment as a zombie until whoever
  // inherited it reaps it (Linux's /proc tells).
  auto dead = [orphan] {
    if (processGone(orphan)) return true;
    std::ifstream stat("/proc/" + std::to_string(orphan) + "/stat");
    std::string pid, comm, state;
    return stat >> pid >> comm >> state && state == "Z";
  };
  for (int i = 0; i < 100 && !dead(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(dead());
}

TEST_CASE("brain: one that hangs loses on time by the deadline and is killed") {
  BrainPlayer brain(fakeBrain({"--hang-at", "1"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  int pid = brain.processId();
  auto begin = Clock::now();
  MoveReply reply = brain.requestMove({}, turnClock(150));
  CHECK(reply.failure == Failure::TimedOut);
  CHECK(contains(reply.detail, "150 ms"));
  CHECK(Clock::now() - begin < std::chrono::seconds(5));  // it came back, it did not hang
  CHECK(processGone(pid));  // it ignores SIGTERM and END: killed all the same
}

TEST_CASE("brain: a late answer is a loss on time") {
  BrainPlayer brain(fakeBrain({"--late-at", "1", "600"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  MoveReply reply = brain.requestMove({}, turnClock(100));
  CHECK(reply.failure == Failure::TimedOut);
}

TEST_CASE("brain: garbage, ERROR and an off-board point are failures with the reply quoted") {
  {
    BrainPlayer brain(fakeBrain({"--garbage-at", "1"}));
    REQUIRE_FALSE(brain.newGame(settings15()));
    MoveReply reply = brain.requestMove({}, turnClock(1000));
    CHECK(reply.failure == Failure::Garbage);
    CHECK(contains(reply.detail, "hello there"));
  }
  {
    BrainPlayer brain(fakeBrain({"--error-at", "1"}));
    REQUIRE_FALSE(brain.newGame(settings15()));
    MoveReply reply = brain.requestMove({}, turnClock(1000));
    CHECK(reply.failure == Failure::ErrorReply);
    CHECK(contains(reply.detail, "something went wrong"));
  }
  {
    BrainPlayer brain(fakeBrain({"--off-board-at", "1"}));
    REQUIRE_FALSE(brain.newGame(settings15()));
    MoveReply reply = brain.requestMove({}, turnClock(1000));
    CHECK(reply.failure == Failure::Illegal);
    CHECK(contains(reply.detail, "off the 15x15 board"));
  }
}

TEST_CASE("brain: START not answered, refused, or a missing program: newGame says why") {
  BrainConfig silent = fakeBrain({"--no-start"});
  silent.startTimeoutMs = 200;
  BrainPlayer a(silent);
  auto error = a.newGame(settings15());
  REQUIRE(error);
  CHECK(contains(*error, "did not answer START"));
  BrainPlayer b(fakeBrain({"--refuse-start"}));
  error = b.newGame(settings15());
  REQUIRE(error);
  CHECK(contains(*error, "refused START 15"));
  BrainConfig missing;
  missing.argv = {"/no/such/brain"};
  BrainPlayer c(missing);
  error = c.newGame(settings15());
  REQUIRE(error);
  CHECK(contains(*error, "cannot start"));
}

TEST_CASE("brain: MESSAGE, DEBUG and stderr lines are kept as its log") {
  BrainPlayer brain(fakeBrain({"--chatty"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  REQUIRE(brain.requestMove({}, turnClock(1000)).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // let stderr arrive
  auto log = brain.takeLog();
  auto has = [&](const std::string& text) {
    return std::any_of(log.begin(), log.end(), [&](const std::string& l) { return l == text; });
  };
  CHECK(has("MESSAGE thinking about move 1"));
  CHECK(has("DEBUG nothing to see"));
  CHECK(has("stderr: fake brain stderr line 1"));
  CHECK(brain.takeLog().empty());  // taken once
}

TEST_CASE("brain: abort() from another thread ends a move at once") {
  BrainPlayer brain(fakeBrain({"--hang-at", "1"}));
  REQUIRE_FALSE(brain.newGame(settings15()));
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    brain.abort();
  });
  MoveReply reply = brain.requestMove({}, MoveClock{std::nullopt, kUnlimitedTimeLeft});
  stopper.join();
  CHECK(reply.failure == Failure::Aborted);
}

TEST_CASE("brain: an abort() just before newGame() is not lost - no wait for START") {
  // The engine never answers START: were the abort lost, newGame would wait the whole start
  // timeout (15 s here).
  BrainConfig config = fakeBrain({"--no-start"});
  config.startTimeoutMs = 15000;
  BrainPlayer brain(config);
  brain.abort();
  auto start = Clock::now();
  auto error = brain.newGame(settings15());
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  REQUIRE(error);
  CHECK(contains(*error, "cancelled"));
  CHECK(ms < 5000);
  CHECK(brain.requestMove({}, turnClock(1000)).failure == Failure::Aborted);
}

TEST_CASE("brain: an abort sticks until clearAbort() - then the next game plays") {
  BrainPlayer brain(fakeBrain());
  REQUIRE_FALSE(brain.newGame(settings15()));
  brain.abort();
  CHECK(brain.requestMove({}, turnClock(1000)).failure == Failure::Aborted);
  CHECK(brain.newGame(settings15()));  // still aborted: no new game
  brain.clearAbort();
  REQUIRE_FALSE(brain.newGame(settings15()));
  MoveReply reply = brain.requestMove({}, turnClock(1000));
  REQUIRE(reply.ok());
  CHECK(reply.move == pt(7, 7));
}

TEST_CASE("brain: shutdown ends the process (END, then kill)") {
  BrainPlayer brain(fakeBrain());
  REQUIRE_FALSE(brain.newGame(settings15()));
  int pid = brain.processId();
  brain.shutdown();
  CHECK(processGone(pid));
  CHECK(brain.processId() == -1);
}
