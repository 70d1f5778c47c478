// The engine on a 512 KiB thread stack (the default for secondary threads on some desktop
// systems): the threat solver and the search keep their move lists on the heap, so even a
// 74-four VCF (147 plies of recursion) fits.
#include <pthread.h>

#include <doctest/doctest.h>

#include <functional>

#include "core/search/engine.h"
#include "core/search/threat.h"
#include "tests/support/testdata.h"

using namespace gomoku;

namespace {

// Runs `work` on a fresh thread whose stack is exactly `bytes` long.
void runOnStack(size_t bytes, std::function<void()> work) {
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstacksize(&attr, bytes) == 0);
  pthread_t thread;
  auto trampoline = [](void* arg) -> void* {
    (*static_cast<std::function<void()>*>(arg))();
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attr, trampoline, &work) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

Board longVcfPosition() {
  for (const auto& r : testdata::load("tactics_renju.txt"))
    if (r.get("id") == "quintet_test_vcf_long") {
      Board b;
      if (testdata::setUp(r, b)) return b;
    }
  FAIL("quintet_test_vcf_long is missing from tactics_renju.txt");
  return Board();
}

}  // namespace

TEST_CASE("small stack: the VCF solver proves a 74-four win on a 512 KiB thread") {
  Board b = longVcfPosition();
  bool win = false;
  std::vector<Point> line;
  runOnStack(512 * 1024, [&] {
    ThreatSolver solver;
    win = solver.solve(b, ThreatMode::Vcf, 100, 5'000'000, &line);
  });
  CHECK(win);
  CHECK(line.size() == 147);  // 74 fours and 73 blocks, the last four a five
}

TEST_CASE("small stack: a whole engine search of the long VCF runs on a 512 KiB thread") {
  Board b = longVcfPosition();
  SearchInfo info;
  runOnStack(512 * 1024, [&] {
    Engine engine;
    Limits limits;
    limits.maxNodes = 2'000'000;
    info = engine.searchNow(b, limits);
  });
  CHECK(info.score > kScoreMateBound);
  CHECK(b.isEmpty(info.bestMove));
}
