// The test data is in the repository: every file a suite reads is found in tests/data and has
// records, and the optional extra folder (GOMOKU_TESTDATA_DIR) is only a fallback.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "tests/support/testdata.h"

namespace fs = std::filesystem;
using namespace gomoku;

TEST_CASE("testdata: every file the suites and the bench read is in tests/data, with records") {
  for (const char* name :
       {"tactics_renju.txt", "tactics_freestyle.txt", "defense.txt", "rules_renju.txt",
        "bench_positions.txt", "defense_deep.txt", "tactics_deep.txt",
        "deep_selfplay_freestyle.txt", "deep_selfplay_standard.txt"}) {
    INFO(name);
    const std::string found = testdata::path(name);
    CHECK(fs::path(found).parent_path() == fs::path(testdata::dataDir()));
    auto records = testdata::load(name);
    REQUIRE(records.size() >= 10);
    Board board;
    CHECK(testdata::setUp(records.front(), board));
  }
}

TEST_CASE("testdata: a file is read from tests/data first, from the extra folder second") {
  const fs::path root =
      fs::temp_directory_path() / ("gomoku-testdata-" + std::to_string(std::random_device{}()));
  const fs::path repo = root / "repo", extra = root / "extra";
  fs::create_directories(repo);
  fs::create_directories(extra);
  std::ofstream(repo / "both.txt") << "id=repo\n";
  std::ofstream(extra / "both.txt") << "id=extra\n";
  std::ofstream(extra / "only_extra.txt") << "id=extra\n";

  CHECK(testdata::findFile("both.txt", repo.string(), extra.string()) ==
        (repo / "both.txt").string());
  CHECK(testdata::findFile("only_extra.txt", repo.string(), extra.string()) ==
        (extra / "only_extra.txt").string());
  // No extra folder, or a file nowhere: the tests/data path, so the failure names it.
  CHECK(testdata::findFile("only_extra.txt", repo.string(), "") ==
        (repo / "only_extra.txt").string());
  CHECK(testdata::findFile("missing.txt", repo.string(), extra.string()) ==
        (repo / "missing.txt").string());
  CHECK(testdata::loadFile(testdata::findFile("only_extra.txt", repo.string(), extra.string()))
            .front()
            .get("id") == "extra");
  fs::remove_all(root);
}
