// placeundo: how fast the board makes and takes back moves, as a search does. For every prefix
// of each position's move list, every candidate point is placed and undone.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

#include <fmt/format.h>

#include "app/bench/bench.h"

namespace gomoku::bench {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Processor time of this (single-threaded) process: the rate does not drop when other
// programs share the machine. Wall time is reported beside it.
double cpuSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct RoundResult {
  uint64_t ops = 0;
  uint64_t checksum = 0;  // xor of the keys after every place: the same in every round
};

// One round on one position: walks from the full move list back to the empty board, trying
// every candidate at each prefix, then replays the moves. Leaves the board as it found it.
RoundResult placeUndoRound(Board& board) {
  RoundResult result;
  struct Taken {
    Point point;
    Color color;
  };
  Taken undone[kPointCount];
  int undoneCount = 0;
  const Color side = board.sideToMove();
  Point candidates[kPointCount];
  while (true) {
    int n = 0;
    for (int y = board.areaMinY(); y <= board.areaMaxY(); ++y)
      for (int x = board.areaMinX(); x <= board.areaMaxX(); ++x) {
        Point p = makePoint(x, y);
        if (board.isCandidate(p)) candidates[n++] = p;
      }
    for (int i = 0; i < n; ++i) {
      board.place(candidates[i]);
      result.checksum ^= board.key();
      board.undo();
    }
    result.ops += static_cast<uint64_t>(n);
    if (board.stoneCount() == 0) break;
    Point last = board.lastMove();
    undone[undoneCount++] = {last, board.at(last)};
    board.undo();
  }
  while (undoneCount > 0) {
    const Taken& t = undone[--undoneCount];
    board.place(t.point, t.color);
  }
  board.setSideToMove(side);
  return result;
}

struct Measurement {
  std::vector<uint64_t> ops;     // per position, all rounds
  std::vector<double> seconds;   // per position, all rounds, processor time
  double wallSeconds = 0;
  uint64_t checksum = 0;
  int rounds = 0;
  bool stable = true;  // every round gave the same checksum per position
};

Measurement measure(std::vector<Position>& positions, int rounds) {
  Measurement m;
  m.rounds = rounds;
  m.ops.assign(positions.size(), 0);
  m.seconds.assign(positions.size(), 0.0);
  std::vector<uint64_t> first(positions.size(), 0);
  auto wallStart = Clock::now();
  for (int r = 0; r < rounds; ++r)
    for (size_t i = 0; i < positions.size(); ++i) {
      double start = cpuSeconds();
      RoundResult result = placeUndoRound(positions[i].board);
      m.seconds[i] += cpuSeconds() - start;
      m.ops[i] += result.ops;
      if (r == 0) first[i] = result.checksum;
      else if (result.checksum != first[i]) m.stable = false;
    }
  m.wallSeconds = secondsSince(wallStart);
  for (uint64_t c : first) m.checksum = m.checksum * 0x100000001B3ull ^ c;
  return m;
}

}  // namespace

int runPlaceUndo(const Options& options) {
  std::vector<Position> positions;
  std::string path;
  if (!loadBenchPositions(options, positions, path)) return 2;

  // Calibrate: one round of everything (this also builds the pattern tables), then enough
  // rounds to last the target time.
  Measurement calibration = measure(positions, 1);
  double once = 0;
  for (double t : calibration.seconds) once += t;
  once = std::max(once, 1e-6);
  int rounds = std::max(1, static_cast<int>(std::ceil(options.seconds / once)));

  fmt::print(
      "placeundo: {} positions from {}, {} rounds per run, single thread, rates per cpu "
      "second\n",
      positions.size(), path, rounds);
  std::vector<double> rates;
  for (int run = 1; run <= options.runs; ++run) {
    Measurement m = measure(positions, rounds);
    if (run == 1 || options.runs == 1) {
      fmt::print("  {:<16} {:>6} {:>12} {:>10}\n", "position", "stones", "ops/round", "M ops/s");
      for (size_t i = 0; i < positions.size(); ++i)
        fmt::print("  {:<16} {:>6} {:>12} {:>10.2f}\n", positions[i].id,
                   positions[i].board.stoneCount(), m.ops[i] / static_cast<uint64_t>(rounds),
                   m.ops[i] / std::max(m.seconds[i], 1e-9) / 1e6);
    }
    uint64_t ops = 0;
    double seconds = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
      ops += m.ops[i];
      seconds += m.seconds[i];
    }
    double rate = ops / std::max(seconds, 1e-9);
    rates.push_back(rate);
    fmt::print(
        "run {}/{}: {} place+undo in {:.0f} ms cpu ({:.0f} ms wall) = {:.2f} M place+undo/s"
        "  checksum {:016x}{}\n",
        run, options.runs, ops, seconds * 1e3, m.wallSeconds * 1e3, rate / 1e6, m.checksum,
        m.stable ? "" : "  (UNSTABLE: a round left the board changed)");
    if (!m.stable) return 1;
  }
  if (options.runs > 1) {
    std::vector<double> sorted = rates;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    fmt::print("median of {} runs: {:.2f} M place+undo/s (min {:.2f}, max {:.2f})\n", n,
               median / 1e6, sorted.front() / 1e6, sorted.back() / 1e6);
  }
  return 0;
}

}  // namespace gomoku::bench
