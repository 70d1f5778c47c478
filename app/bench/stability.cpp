// stability: how much the score moves between consecutive iterative-deepening depths. Each
// bench position is searched for --time ms (1 s by default) on one thread; from depth 4 on,
// every pair of consecutive completed depths with no mate score adds |score change|. Also
// given in win-chance points, which do not depend on the evaluation's scale.
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "app/bench/bench.h"
#include "core/search/engine.h"

namespace gomoku::bench {

int runStability(const Options& options) {
  std::vector<Position> positions;
  std::string path;
  if (!loadBenchPositions(options, positions, path)) return 2;
  fmt::print("stability: {} positions from {}, {} ms each, 1 thread\n", positions.size(), path,
             options.timeMs);
  fmt::print("  {:<16} {:>5} {:>6} {:>12} {:>14}  {}\n", "position", "depth", "pairs", "mean |dS|",
             "mean |dWin| %", "scores from depth 4");
  double sumScore = 0, sumChance = 0;
  int pairs = 0;
  for (const Position& position : positions) {
    Limits limits;
    limits.timeMs = options.timeMs;
    limits.threads = 1;
    Engine engine;
    engine.wait();  // its table zeroed (mapped) first: each depth's time is the search's own
    SearchInfo info = engine.searchNow(position.board, limits);
    double score = 0, chance = 0;
    int n = 0;
    for (size_t i = 1; i < info.iterations.size(); ++i) {
      const IterationInfo& a = info.iterations[i - 1];
      const IterationInfo& b = info.iterations[i];
      if (a.depth < 4 || isMateScore(a.score) || isMateScore(b.score)) continue;
      score += std::abs(b.score - a.score);
      const Rule rule = position.board.rule();
      chance += 100 * std::abs(winProbability(b.score, rule) - winProbability(a.score, rule));
      ++n;
    }
    std::string scores;
    for (const IterationInfo& it : info.iterations)
      if (it.depth >= 4) {
        scores += ' ';
        scores += scoreToText(it.score);
      }
    fmt::print("  {:<16} {:>5} {:>6} {:>12.1f} {:>14.2f}  {}\n", position.id, info.completedDepth,
               n, n ? score / n : 0.0, n ? chance / n : 0.0, scores);
    sumScore += score, sumChance += chance, pairs += n;
  }
  fmt::print(
      "total: {} depth pairs, mean |score change| {:.1f}, mean |win chance change| {:.2f}%\n",
      pairs, pairs ? sumScore / pairs : 0.0, pairs ? sumChance / pairs : 0.0);
  return 0;
}

}  // namespace gomoku::bench
