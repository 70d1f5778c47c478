// An external Gomocup brain as a player in the game controller (the fake brain of the
// manager tests, told how to behave): it answers the human, plays an engine-vs-engine game
// live, and when it fails the game pauses with a plain message and nothing is lost.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "app/gui/models/external_engine.h"
#include "tests/gui/fake_backend.h"
#include "tests/gui/temp_dir.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::gui::testing::TempDir;
using gomoku::testsupport::pt;

namespace {

// Calls update() until `done` or a few seconds pass (the brain answers on its own thread).
template <typename Done>
bool updateUntil(GameController& c, Done done) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    c.update();
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

std::string fakeBrainWith(const std::string& options) {
  // The controller starts an engine from a path: a tiny script passes the options on. The
  // scripts live in one temporary folder, removed when the test program ends.
  static const TempDir scripts("gomoku-fake-brains");
  std::string script =
      scripts.file("gomoku-fake-brain-" + std::to_string(std::hash<std::string>{}(options)) + ".sh");
  FILE* f = std::fopen(script.c_str(), "w");
  REQUIRE(f);
  std::fprintf(f, "#!/bin/sh\nexec '%s' %s\n", FAKE_BRAIN_EXE, options.c_str());
  std::fclose(f);
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  return script;
}

// Updates until the controller reports a search that failed; its message ("" if none came).
std::string failureMessage(GameController& c) {
  std::string message;
  updateUntil(c, [&] {
    for (const GameEvent& e : c.takeEvents())
      if (e.kind == EventKind::SearchFailed) message = e.message;
    return !message.empty();
  });
  return message;
}

}  // namespace

TEST_CASE("external engine: answers the human's move; its ABOUT name is the player's name") {
  ControllerFixture f(PlayerKind::Human, PlayerKind::Engine);
  f.c.setEnginePath(Color::White, fakeBrainWith("--name 'Fake Brain'"));
  CHECK(f.c.playerName(Color::White).find("gomoku-fake-brain") == 0);  // before it starts
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.takeEvents();
  REQUIRE(updateUntil(f.c, [&] { return f.c.game().ply() == 2; }));
  CHECK(f.c.game().board().at(pt("g7")) == Color::White);  // nearest empty point to h8
  CHECK(f.c.playerName(Color::White) == "Fake Brain");
  auto events = f.c.takeEvents();
  REQUIRE_FALSE(events.empty());
  CHECK(events.back().kind == EventKind::StonePlaced);
  CHECK(events.back().byComputer);
  CHECK(f.searches->positions.empty());  // the built-in engine was not asked
  // The next move goes through TURN.
  REQUIRE_FALSE(f.c.clickPoint(pt("j10")));
  REQUIRE(updateUntil(f.c, [&] { return f.c.game().ply() == 4; }));
}

TEST_CASE("external engine: two engines play a game to the end") {
  ControllerFixture f(PlayerKind::Engine, PlayerKind::Computer);
  f.c.setEnginePath(Color::Black, fakeBrainWith(""));
  // White is the built-in engine (scripted here): it answers on the edges, two apart, so it
  // never makes a line of its own.
  bool over = updateUntil(f.c, [&] {
    if (f.searches->running()) {
      for (int y : {0, 14, 2, 12})
        for (int x = 0; x < 15; x += 2)
          if (f.c.game().board().isEmpty(makePoint(x, y)) && f.searches->running())
            f.searches->finish(makePoint(x, y));
    }
    return f.c.game().isOver();
  });
  REQUIRE(over);
  CHECK(f.c.game().result() == GameResult::BlackWins);  // the brain fills the centre: five
}

TEST_CASE("external engine: a crash pauses the game with a message; the moves are kept") {
  ControllerFixture f(PlayerKind::Human, PlayerKind::Engine);
  f.c.setEnginePath(Color::White, fakeBrainWith("--crash-at 2"));
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  REQUIRE(updateUntil(f.c, [&] { return f.c.game().ply() == 2; }));
  REQUIRE_FALSE(f.c.clickPoint(pt("j10")));
  f.c.takeEvents();
  std::string message = failureMessage(f.c);
  REQUIRE_FALSE(message.empty());
  CHECK(message.find("could not move: crashed") != std::string::npos);
  CHECK(message.find("exited with status 3") != std::string::npos);
  CHECK(f.c.paused());
  CHECK(f.c.game().ply() == 3);  // nothing lost
  CHECK_FALSE(f.c.game().isOver());
}

TEST_CASE("external engine: an occupied point is refused with the engine's name and the point") {
  ControllerFixture f(PlayerKind::Human, PlayerKind::Engine);
  f.c.setEnginePath(Color::White, fakeBrainWith("--occupied-at 1"));
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  std::string message = failureMessage(f.c);
  REQUIRE_FALSE(message.empty());
  CHECK(message.find("it played h8") != std::string::npos);
  CHECK(f.c.game().ply() == 1);
}

TEST_CASE("external engine: none chosen, or a missing program: said plainly, nothing breaks") {
  ControllerFixture f(PlayerKind::Human, PlayerKind::Engine);
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  std::string message = failureMessage(f.c);
  REQUIRE_FALSE(message.empty());
  CHECK(message.find("No engine is chosen for White") != std::string::npos);

  ControllerFixture g(PlayerKind::Human, PlayerKind::Engine);
  g.c.setEnginePath(Color::White, "/no/such/pbrain");
  REQUIRE_FALSE(g.c.clickPoint(pt("h8")));
  message = failureMessage(g.c);
  REQUIRE_FALSE(message.empty());
  CHECK(message.find("could not start") != std::string::npos);
  CHECK(g.c.game().ply() == 1);
}

TEST_CASE("external engine: the engine's MESSAGE lines reach the log") {
  ControllerFixture f(PlayerKind::Human, PlayerKind::Engine);
  f.c.setEnginePath(Color::White, fakeBrainWith("--chatty --name Chatty"));
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  REQUIRE(updateUntil(f.c, [&] { return f.c.game().ply() == 2; }));
  bool found = false;
  for (const std::string& line : f.c.engineLog())
    found = found || line == "Chatty: MESSAGE thinking about move 1";
  CHECK(found);
}

TEST_CASE("external engine: depth, score and nodes read from the common MESSAGE forms") {
  ThinkingReport a = parseThinking("MESSAGE depth 11-14 | score -393 | nodes 14000 | 1.2s");
  CHECK(a.depth == 11);
  CHECK(a.score == -393);
  CHECK(a.nodes == 14000u);
  ThinkingReport b = parseThinking("MESSAGE depth 12-20 | eval +35 | speed 900k");
  CHECK(b.depth == 12);
  CHECK(b.score == 35);
  ThinkingReport c = parseThinking("MESSAGE hello there, nothing to see");
  CHECK_FALSE(c.depth);
  CHECK_FALSE(c.score);
}

TEST_CASE("external engine: closing while the engine hangs on START is prompt") {
  // The engine never answers START (its start timeout is 15 s). Closing the window destroys
  // the controller and its engines: the abort must reach the start-up whenever it comes -
  // before the worker thread begins it or while it waits for the answer.
  const std::string path = fakeBrainWith("--no-start");
  for (int wait : {0, 1, 5, 100, 0, 20}) {
    CAPTURE(wait);
    auto f = std::make_unique<ControllerFixture>(PlayerKind::Engine, PlayerKind::Human);
    f->c.setEnginePath(Color::Black, path);
    f->c.update();
    REQUIRE(f->c.thinking());
    std::this_thread::sleep_for(std::chrono::milliseconds(wait));
    auto start = std::chrono::steady_clock::now();
    f.reset();
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    CHECK(ms < 5000);
  }
}
