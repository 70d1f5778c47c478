#include "app/bench/bench.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "tests/support/testdata.h"

namespace gomoku::bench {

// The source tree's tests/data (or the extra data folder) when it is there; else, for an
// installed gomoku-bench, <prefix>/share/gomoku-studio/data beside the executable's bin/.
std::string dataPath(const std::string& fileName) {
  namespace fs = std::filesystem;
  const std::string inTree = testdata::path(fileName);
  std::error_code ec;
  if (fs::exists(inTree, ec)) return inTree;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);  // Linux; elsewhere: --data
  if (!ec) {
    fs::path installed = exe.parent_path().parent_path() / kInstalledDataDir / fileName;
    if (fs::exists(installed, ec)) return installed.string();
  }
  return inTree;
}

std::vector<std::string> dataFiles(const Options& options,
                                   std::initializer_list<const char*> defaultNames) {
  if (!options.dataFile.empty()) return {options.dataFile};
  std::vector<std::string> files;
  for (const char* name : defaultNames) files.push_back(dataPath(name));
  return files;
}

bool loadPositions(const std::string& path, std::vector<Position>& out, std::string& error) {
  auto records = testdata::loadFile(path);
  if (records.empty()) {
    error = path + ": no records (missing or empty file)";
    return false;
  }
  for (const auto& record : records) {
    // A line that is not a position record at all (text without key=value fields, or fields
    // that name no stones) is an error, not an empty board to search.
    const bool names = record.has("moves") || record.has("black") || record.has("white");
    if (!record.has("id") || !names) {
      error = path + ":" + std::to_string(record.line) +
              ": not a position record (id=...;rule=...;size=...;moves=... or black=/white=)";
      return false;
    }
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
