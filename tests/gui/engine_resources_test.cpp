// The built-in engine's threads and hash as the game controller hands them on: the threads in
// the Limits of each search it starts (the full-strength level, hints and analysis; casual
// levels and teaching's iteration steps keep one), the hash through setHashMb, never while a
// search of the backend is in flight. The scripted backend records every go() and resize.
#include <doctest/doctest.h>

#include "app/gui/models/engine_resources.h"
#include "app/gui/models/levels.h"
#include "fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;
using gomoku::testsupport::pt;

namespace {

struct Fixture : ControllerFixture {
  Fixture() { c.setAi({kMaxStrength, 1000}); }
  size_t goes() const { return searches->positions.size(); }
  const Limits& lastLimits() const { return searches->limits.back(); }
};

}  // namespace

TEST_CASE("engine resources: the threads chosen reach the Limits of the computer's search") {
  Fixture f;
  CHECK(f.c.engineResources() == EngineResources{});  // one thread until told
  f.c.setEngineResources({3, 128});
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.goes() == 1);
  CHECK(f.c.thinking());
  CHECK(f.lastLimits().threads == 3);
}

TEST_CASE("engine resources: hints and analysis search with the threads - casual levels with one") {
  Fixture f;
  f.c.setEngineResources({4, kDefaultHashMb});
  // A hint on the human's move.
  REQUIRE(f.c.canHint());
  f.c.requestHint();
  REQUIRE(f.goes() == 1);
  CHECK(f.c.searching() == SearchPurpose::Hint);
  CHECK(f.lastLimits().threads == 4);
  f.searches->finish(pt("h8"));
  f.c.update();

  // A casual level: measured with one thread, it plays with one.
  f.c.setAi({5, 1000});
  CHECK_FALSE(levelUsesThreads(5));
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.goes() == 2);
  CHECK(f.c.thinking());
  CHECK(f.lastLimits().threads == 1);

  // Analysis: the threads again.
  f.c.setAnalysis(true);
  f.c.update();
  REQUIRE(f.goes() == 3);
  CHECK(f.c.searching() == SearchPurpose::Analysis);
  CHECK(f.lastLimits().threads == 4);

  // Changed during the analysis: it starts again with the new count.
  f.c.setEngineResources({2, kDefaultHashMb});
  f.c.update();
  REQUIRE(f.goes() == 4);
  CHECK(f.c.searching() == SearchPurpose::Analysis);
  CHECK(f.lastLimits().threads == 2);
}

TEST_CASE("engine resources: iteration stepping keeps one thread so its node counts repeat") {
  Fixture f;
  f.c.setEngineResources({4, kDefaultHashMb});
  Limits study;
  study.maxDepth = 3;
  study.threads = 1;
  REQUIRE(f.c.searchDepth(study) != 0);
  CHECK(f.lastLimits().threads == 1);
}

TEST_CASE("engine resources: the hash is resized at once when idle and never under a search") {
  Fixture f;
  f.c.setEngineResources({1, 256});  // nothing searching: at once
  CHECK(f.searches->hashSizes == std::vector<int>{256});
  f.c.setEngineResources({1, 256});  // the same size again: the table is kept
  CHECK(f.searches->hashSizes.size() == 1);

  // The computer thinks: a new size waits for the search to end.
  REQUIRE_FALSE(f.c.clickPoint(pt("h8")));
  f.c.update();
  REQUIRE(f.c.thinking());
  f.c.setEngineResources({1, 32});
  CHECK(f.c.engineResources().hashMb == 32);
  CHECK(f.searches->hashSizes.size() == 1);
  f.searches->finish(pt("i9"));
  f.c.update();
  CHECK(f.c.game().ply() == 2);
  CHECK(f.searches->hashSizes == std::vector<int>{256, 32});
  CHECK(f.searches->hashResizesWhileRunning == 0);

  // A size that is not a choice, or a thread count out of range, is not taken as it is.
  f.c.setEngineResources({0, 100});
  CHECK(f.c.engineResources().threads == 1);
  CHECK(f.c.engineResources().hashMb == 32);
  f.c.setEngineResources({1000, 64});
  CHECK(f.c.engineResources().threads == kMaxEngineThreads);
  CHECK(f.searches->hashSizes == std::vector<int>{256, 32, 64});
}
