// search: each bench position searched to a fixed depth on one thread with a fresh engine;
// depth, nodes, time, speed and move per position, and a signature of the node counts and
// moves that changes whenever the search does.
#include <fmt/format.h>

#include "app/bench/bench.h"
#include "core/engine.h"

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
  fmt::print("search: {} positions from {}, depth {}, 1 thread, fresh engine per position\n",
             positions.size(), path, options.depth);
  fmt::print("  {:<16} {:>5} {:>12} {:>9} {:>10} {:>5} {}\n", "position", "depth", "nodes", "ms",
             "nps", "move", "score");
  Fnv signature;
  uint64_t totalNodes = 0;
  int64_t totalMs = 0;
  for (const Position& position : positions) {
    Limits limits;
    limits.maxDepth = options.depth;
    limits.threads = 1;
    Engine engine;
    SearchInfo info = engine.searchNow(position.board, limits);
    uint64_t nps = info.elapsedMs > 0 ? info.nodes * 1000 / static_cast<uint64_t>(info.elapsedMs)
                                      : info.nodes * 1000;
    fmt::print("  {:<16} {:>5} {:>12} {:>9} {:>10} {:>5} {}\n", position.id, info.completedDepth,
               info.nodes, info.elapsedMs, nps, pointToText(info.bestMove),
               scoreToText(info.score));
    signature.add(info.nodes);
    signature.add(info.bestMove);
    totalNodes += info.nodes;
    totalMs += info.elapsedMs;
  }
  uint64_t nps = totalMs > 0 ? totalNodes * 1000 / static_cast<uint64_t>(totalMs) : totalNodes * 1000;
  fmt::print("total: {} nodes in {} ms = {} nps\n", totalNodes, totalMs, nps);
  fmt::print("signature: {:016x}\n", signature.hash);
  return 0;
}

}  // namespace gomoku::bench
