// Time allotment per move, and the input plumbing (line splitting, the reader's queue).
#include <doctest/doctest.h>

#include <thread>

#include "app/pbrain/line_input.h"
#include "core/search/info.h"
#include "core/search/timeman.h"

using namespace gomoku;
using namespace gomoku::pbrain;

TEST_CASE("time: the turn limit minus a safety margin, the answer before the limit") {
  for (int64_t turn : {100, 150, 300, 1000, 5000, 30000}) {
    CAPTURE(turn);
    ProtocolTime tc;
    tc.turnMs = turn;
    MoveTime t = allotMoveTime(tc, 0, 10);
    CHECK(t.searchMs == turn - safetyMarginMs(turn));
    CHECK(t.answerMs < turn);
    CHECK(t.answerMs >= t.searchMs);
    CHECK(safetyMarginMs(turn) >= 30);
    CHECK(safetyMarginMs(turn) <= 60);
  }
}

TEST_CASE("time: 0 means as fast as possible") {
  ProtocolTime tc;
  tc.turnMs = 0;
  MoveTime t = allotMoveTime(tc, 0, 0);
  CHECK(t.searchMs == 1);
  CHECK(t.answerMs <= 30);
}

TEST_CASE("time: time_left shares the rest of the match over the moves to come") {
  ProtocolTime tc;
  tc.turnMs = 30000;
  tc.timeLeftMs = 60000;
  MoveTime early = allotMoveTime(tc, 0, 0);
  CHECK(early.softMs == 60000 / 30);
  // A hard move may take four times its share.
  CHECK(early.searchMs == 4 * early.softMs);
  MoveTime late = allotMoveTime(tc, 0, 100);
  CHECK(late.softMs == 60000 / 12);
  // ... but never more than a quarter of what is left after the reserve.
  CHECK(late.searchMs == (60000 - 60000 / 20) / 4);
  CHECK(late.answerMs >= late.searchMs);
  // Never past what is left.
  tc.timeLeftMs = 500;
  MoveTime t = allotMoveTime(tc, 0, 0);
  CHECK(t.answerMs < 500);
  CHECK(t.softMs <= 500 / 12);
  CHECK(t.searchMs <= 500 / 4);
  // Out of time: answer at once.
  tc.timeLeftMs = -100;
  t = allotMoveTime(tc, 0, 0);
  CHECK(t.searchMs == 1);
  CHECK(t.softMs == 1);
  CHECK(t.answerMs <= 20);
  // Unlimited match time: the whole turn, and no soft limit below it.
  tc.timeLeftMs = kUnlimitedTimeLeft;
  t = allotMoveTime(tc, 0, 0);
  CHECK(t.searchMs == 30000 - safetyMarginMs(30000));
  CHECK(t.softMs == t.searchMs);
}

TEST_CASE("time: the turn limit caps the stretch of a match-clock move") {
  ProtocolTime tc;
  tc.turnMs = 1000;
  tc.timeLeftMs = 60000;
  MoveTime t = allotMoveTime(tc, 0, 0);
  // A share of 2 s is more than the turn: the turn's limit is both, nothing to stretch.
  CHECK(t.searchMs == 1000 - safetyMarginMs(1000));
  CHECK(t.softMs == t.searchMs);
}

TEST_CASE("time: without time_left, timeout_match minus our own thinking time") {
  ProtocolTime tc;
  tc.turnMs = 10000;
  tc.matchMs = 90000;
  CHECK(allotMoveTime(tc, 0, 0).softMs == 3000);
  CHECK(allotMoveTime(tc, 60000, 0).softMs == 1000);
  CHECK(allotMoveTime(tc, 60000, 0).searchMs == 4000);
  CHECK(allotMoveTime(tc, 90000, 0).searchMs == 1);
  tc.matchMs = 0;  // no limit
  CHECK(allotMoveTime(tc, 1000000, 0).searchMs == 10000 - safetyMarginMs(10000));
  CHECK(allotMoveTime(tc, 1000000, 0).softMs == 10000 - safetyMarginMs(10000));
}

namespace {
std::vector<IterationInfo> iterationsOf(std::initializer_list<std::pair<int, int>> moveAndScore) {
  std::vector<IterationInfo> out;
  int depth = 0;
  for (auto [move, score] : moveAndScore) {
    IterationInfo it;
    it.depth = ++depth;
    it.bestMove = Point(move);
    it.score = score;
    out.push_back(it);
  }
  return out;
}
}  // namespace

TEST_CASE("time: the soft limit stretches for an unstable best move and a falling score") {
  // Too few iterations to judge: as allotted.
  CHECK(softLimitScale({}) == doctest::Approx(1.0));
  CHECK(softLimitScale(iterationsOf({{10, 50}})) == doctest::Approx(1.0));
  // The same move for the last three iterations: less time.
  CHECK(softLimitScale(iterationsOf({{7, 40}, {10, 50}, {10, 60}, {10, 50}, {10, 55}})) ==
        doctest::Approx(0.8));
  // One change among the last three, then two, then three: more each time.
  const double one = softLimitScale(iterationsOf({{10, 50}, {10, 50}, {10, 50}, {11, 50}}));
  const double two = softLimitScale(iterationsOf({{10, 50}, {10, 50}, {12, 50}, {11, 50}}));
  const double three = softLimitScale(iterationsOf({{10, 50}, {13, 50}, {12, 50}, {11, 50}}));
  CHECK(one == doctest::Approx(1.25));
  CHECK(two > one);
  CHECK(three > two);
  // The score two iterations back (same depth parity) was 200 higher: stretched by 1 + 2/3.
  CHECK(softLimitScale(iterationsOf({{10, 300}, {10, 300}, {10, 100}, {10, 100}, {10, 100}})) ==
        doctest::Approx(0.8));
  CHECK(softLimitScale(iterationsOf({{10, 300}, {10, 300}, {10, 300}, {10, 100}, {10, 100}})) ==
        doctest::Approx(0.8 * (1 + 200.0 / 300)));
  // A fall into a mate score is not a score drop of that size: mates are not stretched for.
  CHECK(softLimitScale(iterationsOf({{10, 300}, {10, 300}, {10, 300}, {10, 300}, {10, -29990}})) ==
        doctest::Approx(0.8));
}

TEST_CASE("input: lines end with CR, LF or CRLF - empty lines vanish") {
  LineSplitter s;
  std::string data = "START 15\r\nBEGIN\nTURN 1,1\rINFO a b\r\n\r\n\nABOUT";
  s.feed(data.data(), data.size());
  auto lines = s.take();
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "START 15");
  CHECK(lines[1] == "BEGIN");
  CHECK(lines[2] == "TURN 1,1");
  CHECK(lines[3] == "INFO a b");
  CHECK(s.take().empty());
  s.finish();
  lines = s.take();
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "ABOUT");
}

TEST_CASE("input: a CRLF split across reads is one line end") {
  LineSplitter s;
  s.feed("TURN 1,1\r", 9);
  CHECK(s.take().size() == 1);
  s.feed("\nBEGIN\r", 7);
  auto lines = s.take();
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "BEGIN");
}

TEST_CASE("input: very long lines are cut, not kept whole - one byte over, to be told apart") {
  LineSplitter s(100);
  std::string data(10000, 'x');
  data += "\nOK\n" + std::string(100, 'y') + "\n";
  s.feed(data.data(), data.size());
  auto lines = s.take();
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == std::string(101, 'x'));  // the reader sees it was cut (and refuses it)
  CHECK(lines[1] == "OK");
  CHECK(lines[2] == std::string(100, 'y'));  // exactly the limit: whole
}

TEST_CASE("input: the queue hands lines over in order, wakes on poke, reports the end") {
  LineQueue q;
  LineQueue::Line line;
  auto soon = LineQueue::Clock::now() + std::chrono::milliseconds(20);
  CHECK(q.wait(line, soon) == LineQueue::Status::Timeout);
  std::thread producer([&] {
    for (int i = 0; i < 100; ++i) q.push(std::to_string(i).insert(0, 1, 'L'));
    q.close();
  });
  for (int i = 0; i < 100; ++i) {
    REQUIRE(q.wait(line, std::nullopt) == LineQueue::Status::Line);
    CHECK(line.text == std::to_string(i).insert(0, 1, 'L'));
  }
  producer.join();
  CHECK(q.wait(line, std::nullopt) == LineQueue::Status::Closed);

  LineQueue q2;
  std::thread poker([&] { q2.poke(); });
  CHECK(q2.wait(line, LineQueue::Clock::now() + std::chrono::seconds(5)) ==
        LineQueue::Status::Timeout);
  poker.join();
}
