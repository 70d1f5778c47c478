// tactics: the engine, given a time per position, against positions with known answers: win
// puzzles (the move must be one of best=) and defence (one of best=, never one of loses=).
#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "app/bench/bench.h"
#include "core/search/engine.h"
#include "tests/support/testdata.h"

namespace gomoku::bench {

namespace {

struct FileResult {
  int solved = 0, total = 0;
};

bool inList(const std::string& list, Point p, int size) {
  for (const std::string& text : testdata::split(list, '|'))
    for (const std::string& part : testdata::split(text, ','))
      if (testdata::point(part, size) == p) return true;
  return false;
}

bool runFile(const std::string& path, const Options& options, FileResult& result) {
  auto records = testdata::loadFile(path);
  if (records.empty()) {
    std::fprintf(stderr, "gomoku-bench: %s: no records (missing or empty file)\n", path.c_str());
    return false;
  }
  if (options.nodesGiven)
    fmt::print("{} ({} positions, {} nodes each, {} thread{})\n", path, records.size(),
               options.nodes, options.threads, options.threads > 1 ? "s" : "");
  else
    fmt::print("{} ({} positions, {} ms each, {} thread{})\n", path, records.size(),
               options.timeMs, options.threads, options.threads > 1 ? "s" : "");
  for (const auto& record : records) {
    const std::string id = record.get("id");
    Board board;
    if (!testdata::setUp(record, board) || !record.has("best")) {
      fmt::print("  {:<44} {:<5} {:<4} (does not set up or has no best=)\n", id, "--", "FAIL");
      ++result.total;
      continue;
    }
    Limits limits;
    if (options.nodesGiven)
      limits.maxNodes = uint64_t(options.nodes);
    else
      limits.timeMs = options.timeMs;
    limits.threads = options.threads;
    Engine engine;
    engine.wait();  // its table zeroed (mapped) first: the time is the search's own
    auto start = std::chrono::steady_clock::now();
    SearchInfo info = engine.searchNow(board, limits);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    Point move = info.bestMove;
    // A win puzzle also counts as solved when the engine proves a forced win with its move
    // (the README of the test data: a winning move missing from best= is still correct).
    bool listed = inList(record.get("best"), move, board.size());
    bool isDefence = record.get("type") == "must_block" || record.get("type") == "block_four";
    bool proven = !isDefence && isMateScore(info.score) && info.score > 0;
    bool ok = (listed || proven) && !inList(record.get("loses"), move, board.size());
    fmt::print("  {:<44} {:<5} {:<4} {:>6} ms  depth {}  {}{}\n", id, pointToText(move),
               ok ? "ok" : "FAIL", ms, info.completedDepth, scoreToText(info.score),
               ok && !listed ? "  (proven win, not listed)" : "");
    ++result.total;
    result.solved += ok;
  }
  return true;
}

}  // namespace

int runTactics(const Options& options) {
  const std::vector<std::string> files =
      dataFiles(options, {"tactics_freestyle.txt", "tactics_renju.txt", "defense.txt"});
  std::vector<std::pair<std::string, FileResult>> summary;
  for (const std::string& path : files) {
    FileResult result;
    if (!runFile(path, options, result)) return 2;
    summary.emplace_back(path, result);
  }
  int solved = 0, total = 0;
  for (const auto& [path, result] : summary) {
    fmt::print("solved {}/{}  {}\n", result.solved, result.total, path);
    solved += result.solved;
    total += result.total;
  }
  fmt::print("solved {}/{} in all\n", solved, total);
  return 0;
}

}  // namespace gomoku::bench
