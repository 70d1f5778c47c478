#include "app/bench/bench.h"

#include <cstdio>

#include "tests/support/testdata.h"

namespace gomoku::bench {

std::string dataPath(const std::string& fileName) { return testdata::dataDir() + "/" + fileName; }

bool loadPositions(const std::string& path, std::vector<Position>& out, std::string& error) {
  auto records = testdata::loadFile(path);
  if (records.empty()) {
    error = path + ": no records (missing or empty file)";
    return false;
  }
  for (const auto& record : records) {
    Position position;
    position.id = record.get("id");
    if (!testdata::setUp(record, position.board)) {
      error = path + ":" + std::to_string(record.line) + ": position '" + position.id +
              "' does not set up (bad or repeated point)";
      return false;
    }
    if (record.has("moves")) position.moves = position.board.moves();
    out.push_back(std::move(position));
  }
  return true;
}

bool loadBenchPositions(const Options& options, std::vector<Position>& out, std::string& path) {
  std::string error;
  path = options.dataFile.empty() ? dataPath("bench_positions.txt") : options.dataFile;
  if (loadPositions(path, out, error)) return true;
  std::fprintf(stderr, "gomoku-bench: %s\n", error.c_str());
  return false;
}

}  // namespace gomoku::bench
