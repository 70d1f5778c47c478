// solver: the threat solvers alone on win puzzles - VCF, then VCT deepened one threat at a
// time, as the root does - with a node budget per position instead of a clock, so the counts
// repeat run to run: found or not, threats, nodes, ms. The node total is the solver's
// signature: a change meant only to make the solver faster must keep the wins found.
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "app/bench/bench.h"
#include "core/protocol/text.h"
#include "core/search/threat.h"
#include "tests/support/testdata.h"

namespace gomoku::bench {

namespace {

struct Outcome {
  bool found = false;
  const char* kind = "-";
  int threats = 0;
  uint64_t nodes = 0;
  Point move = kNullPoint;
};

Outcome solveOne(Board& board, uint64_t budget, int maxVct, int maxWide) {
  ThreatSolver solver;
  Outcome out;
  std::vector<Point> line;
  if (solver.solve(board, ThreatMode::Vcf, 100, budget, &line)) {
    out = {true, "VCF", int(line.size() + 1) / 2, solver.nodes(), line[0]};
    return out;
  }
  out.nodes = solver.nodes();
  // VCT, then the wide VCT, each deepened a threat at a time.
  const struct {
    ThreatMode mode;
    int maxThreats;
    const char* kind;
  } stages[] = {{ThreatMode::Vct, maxVct, "VCT"}, {ThreatMode::VctWide, maxWide, "VCT+"}};
  for (const auto& stage : stages)
    for (int threats = 2; threats <= stage.maxThreats && out.nodes < budget; ++threats) {
      bool win = solver.solve(board, stage.mode, threats, budget - out.nodes, &line);
      out.nodes += solver.nodes();
      if (win) {
        out.found = true, out.kind = stage.kind, out.threats = threats, out.move = line[0];
        return out;
      }
    }
  return out;
}

}  // namespace

int runSolver(const Options& options) {
  const std::vector<std::string> files =
      dataFiles(options, {"tactics_deep.txt", "tactics_freestyle.txt", "tactics_renju.txt"});
  const uint64_t budget = uint64_t(options.nodes);
  int found = 0, total = 0;
  uint64_t allNodes = 0;
  int64_t allMs = 0;
  for (const std::string& path : files) {
    auto records = testdata::loadFile(path);
    if (records.empty()) {
      std::fprintf(stderr, "gomoku-bench: %s: no records (missing or empty file)\n", path.c_str());
      return 1;
    }
    fmt::print("{} ({} positions, {} solver nodes each at most)\n", path, records.size(), budget);
    for (const auto& record : records) {
      Board board;
      if (!testdata::setUp(record, board)) {
        fmt::print("  {:<44} does not set up\n", record.get("id"));
        continue;
      }
      auto start = std::chrono::steady_clock::now();
      Outcome o = solveOne(board, budget, options.threats, options.wideThreats);
      int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start)
                       .count();
      fmt::print("  {:<44} {:<4} {:<5} {:>3} threats {:>9} nodes {:>6} ms\n", record.get("id"),
                 o.kind, o.found ? pointToText(o.move) : "--", o.threats, o.nodes, ms);
      ++total;
      found += o.found;
      allNodes += o.nodes;
      allMs += ms;
    }
  }
  fmt::print("found {}/{} in {} nodes, {} ms ({} nodes/s)\n", found, total, allNodes, allMs,
             allMs > 0 ? allNodes * 1000 / uint64_t(allMs) : 0);
  return 0;
}

}  // namespace gomoku::bench
