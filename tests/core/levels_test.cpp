// The casual levels: each level's knobs never give more than the next level's, and level 10 is
// the engine at full strength. (Their strength is measured in matches: README, "Levels".)
#include <doctest/doctest.h>

#include "core/search/info.h"

using namespace gomoku;

TEST_CASE("levels: every knob moves toward full strength, level by level") {
  for (int level = 1; level < 10; ++level) {
    CAPTURE(level);
    Limits a = limitsForStrength(level, 1000), b = limitsForStrength(level + 1, 1000);
    CHECK(a.maxDepth <= b.maxDepth);
    CHECK(a.noise >= b.noise);
    CHECK(a.lapsePermille >= b.lapsePermille);
    CHECK(a.vcfThreats <= b.vcfThreats);
    CHECK(a.vctThreats <= b.vctThreats);
    CHECK(a.leafVcfThreats <= b.leafVcfThreats);
    CHECK(a.timeMs == 1000);  // the time setting is honoured at every level
  }
  Limits full = limitsForStrength(10, 500), plain;
  CHECK(full.noise == 0);
  CHECK(full.lapsePermille == 0);
  CHECK(full.vcfThreats == plain.vcfThreats);
  CHECK(full.vctThreats == plain.vctThreats);
  CHECK(full.leafVcfThreats == plain.leafVcfThreats);
  CHECK(full.maxDepth == plain.maxDepth);
  // Level 1 lapses more often than not and has no threat solver.
  Limits one = limitsForStrength(1, 1000);
  CHECK(one.lapsePermille > 500);
  CHECK(one.vcfThreats == 0);
  CHECK(one.maxDepth == 1);
}
