// ChildProcess: argv splitting without a shell, start errors, line reads with a deadline,
// and no process left behind.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "core/manager/process.h"
#include "tests/manager/manager_support.h"

using namespace gomoku;
using namespace gomoku::testing;
using Clock = std::chrono::steady_clock;

TEST_CASE("command line: split like a shell, quotes and escapes, no shell features") {
  auto words = splitCommandLine("  ./brain   -x 1 ");
  REQUIRE(words);
  CHECK(*words == std::vector<std::string>{"./brain", "-x", "1"});
  words = splitCommandLine(R"('my dir/brain' "a \"b\"" c\ d $HOME *)");
  REQUIRE(words);
  CHECK(*words == std::vector<std::string>{"my dir/brain", "a \"b\"", "c d", "$HOME", "*"});
  std::string error;
  CHECK_FALSE(splitCommandLine("brain 'open", &error));
  CHECK(error.find("unterminated") != std::string::npos);
  words = splitCommandLine("   ");
  REQUIRE(words);
  CHECK(words->empty());
}

TEST_CASE("process: a missing program or folder is an error, not a crash") {
  ChildProcess p;
  auto error = p.start({"/no/such/brain"});
  REQUIRE(error);
  CHECK(error->find("cannot start") != std::string::npos);
  CHECK_FALSE(p.started());
  ChildProcess q;
  error = q.start({FAKE_BRAIN_EXE}, "/no/such/folder");
  REQUIRE(error);
  CHECK(error->find("does not exist") != std::string::npos);
  ChildProcess r;
  CHECK(r.start({}));
}

TEST_CASE("process: lines in and out, stderr apart, killed and reaped at the end") {
  ChildProcess p;
  REQUIRE_FALSE(p.start({FAKE_BRAIN_EXE, "--name", "Echo Brain"}));
  int pid = p.pid();
  REQUIRE(pid > 0);
  REQUIRE(p.send("ABOUT"));
  std::string line;
  REQUIRE(p.readLine(line, Clock::now() + std::chrono::seconds(5)) == ChildProcess::Read::Line);
  CHECK(line.find("name=\"Echo Brain\"") == 0);
  // The fake brain announces its pid on stderr: kept apart from the replies.
  auto stderrLines = p.takeStderr();
  bool sawPid = false;
  for (const auto& l : stderrLines) sawPid = sawPid || l == "pid " + std::to_string(pid);
  CHECK(sawPid);
  p.terminate(std::chrono::milliseconds(500));
  CHECK(processGone(pid));
  CHECK_FALSE(p.started());
}

TEST_CASE("process: a read gives up at its deadline when the child says nothing") {
  ChildProcess p;
  REQUIRE_FALSE(p.start({FAKE_BRAIN_EXE, "--no-start"}));
  p.send("START 15");
  std::string line;
  auto begin = Clock::now();
  CHECK(p.readLine(line, begin + std::chrono::milliseconds(100)) == ChildProcess::Read::Timeout);
  CHECK(Clock::now() - begin < std::chrono::seconds(3));  // returned, did not hang
}

TEST_CASE("process: a child that dies is reported as closed with its exit status") {
  ChildProcess p;
  REQUIRE_FALSE(p.start({FAKE_BRAIN_EXE, "--crash-at", "1"}));
  p.send("START 15");
  p.send("BEGIN");
  std::string line;
  auto deadline = Clock::now() + std::chrono::seconds(5);
  REQUIRE(p.readLine(line, deadline) == ChildProcess::Read::Line);  // OK to START
  CHECK(line == "OK");
  CHECK(p.readLine(line, deadline) == ChildProcess::Read::Closed);
  for (int i = 0; i < 200 && !p.exited(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  CHECK(p.exitDescription() == "exited with status 3");
}
