// search: each bench position searched to a fixed depth with a fresh engine (one thread unless
// --threads: then the time to depth is what counts, node counts vary from run to run);
// depth, main-search and solver nodes, time (of it in the solvers), speed (main-search nodes/s)
// and move per position, and a signature of the node counts (all nodes) and moves that changes
// whenever the search does.
#include <fmt/format.h>

#include "app/bench/bench.h"
#include "core/search/engine.h"

namespace gomoku::bench {

namespace {

// FNV-1a, 64 bits.
struct Fnv {
  uint64_t hash = 0xCBF29CE484222325ull;
  void add(uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash ^= (value >> (8 * i)) & 0xFF;
      hash *= 0x100000001B3ull;
    }
  }
};

}  // namespace

int runSearch(const Options& options) {
  std::vector<Position> positions;
  std::string path;
  if (!loadBenchPositions(options, positions, path)) return 2;
  fmt::print("search: {} positions from {}, depth {}, {} thread{}, fresh engine per position\n",
             positions.size(), path, options.depth, options.threads, options.threads > 1 ? "s" : "");
  fmt::print("  {:<16} {:>5} {:>12} {:>12} {:>9} {:>9} {:>10} {:>5} {}\n", "position", "depth",
             "nodes", "solver", "ms", "solver ms", "main nps", "move", "score");
  Fnv signature;
  uint64_t totalNodes = 0, totalSolverNodes = 0;
  int64_t totalMs = 0, totalSolverMs = 0;
  for (const Position& position : positions) {
    Limits limits;
    limits.maxDepth = options.depth;
    limits.threads = options.threads;
    Engine engine;
    engine.wait();  // its table zeroed (mapped) first: the search's time is the search's own
    SearchInfo info = engine.searchNow(position.board, limits);
    // Speed counts the main search's nodes only: a solver node (one threat tried) is far
    // cheaper than a search node, and mixing the two would flatter the figure.
    uint64_t mainNodes = info.nodes - info.solverNodes;
    uint64_t nps = info.elapsedMs > 0 ? mainNodes * 1000 / static_cast<uint64_t>(info.elapsedMs)
                                      : mainNodes * 1000;
    fmt::print("  {:<16} {:>5} {:>12} {:>12} {:>9} {:>9} {:>10} {:>5} {}\n", position.id,
               info.completedDepth, mainNodes, info.solverNodes, info.elapsedMs, info.solverMs, nps,
               pointToText(info.bestMove), scoreToText(info.score));
    signature.add(info.nodes);
    signature.add(info.bestMove);
    totalNodes += mainNodes;
    totalSolverNodes += info.solverNodes;
    totalMs += info.elapsedMs;
    totalSolverMs += info.solverMs;
  }
  uint64_t nps = totalMs > 0 ? totalNodes * 1000 / static_cast<uint64_t>(totalMs) : totalNodes * 1000;
  fmt::print("total: {} main-search nodes (+ {} solver nodes) in {} ms = {} main-search nodes/s\n",
             totalNodes, totalSolverNodes, totalMs, nps);
  // The same nodes over the time outside the threat solvers (the main thread's solver time:
  // with helper threads the figure would mean nothing, so it is for one thread only).
  const int64_t mainMs = totalMs - totalSolverMs;
  if (options.threads == 1 && mainMs > 0)
    fmt::print("  of which {} ms in the threat solvers: {} main-search nodes/s outside them\n",
               totalSolverMs, totalNodes * 1000 / static_cast<uint64_t>(mainMs));
  fmt::print("signature: {:016x}\n", signature.hash);
  return 0;
}

}  // namespace gomoku::bench
