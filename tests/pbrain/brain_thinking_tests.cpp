// The brain while its engine thinks, driven with a stand-in engine: MESSAGE reports and the
// score text, YXNBEST, STOP and END during a search, the answer by the deadline, end of input.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "tests/pbrain/brain_harness.h"

using namespace gomoku;
using namespace gomoku::pbrain;
using namespace gomoku::pbrain::testing;

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

TEST_CASE("brain: score text") {
  CHECK(scoreText(35) == "+35");
  CHECK(scoreText(-120) == "-120");
  CHECK(scoreText(0) == "0");
  CHECK(scoreText(kScoreMate - 1) == "win in 1");
  CHECK(scoreText(kScoreMate - 5) == "win in 3");
  CHECK(scoreText(-(kScoreMate - 4)) == "loss in 2");
}
