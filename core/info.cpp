#include "core/info.h"

#include <algorithm>
#include <cmath>

#include "core/eval_tables.h"

namespace gomoku {

std::string scoreToText(int score) {
  if (isMateScore(score)) {
    int plies = mateDistance(score);
    int moves = (plies + 1) / 2;  // the winner's own moves, the five included
    std::string text = score > 0 ? "win in " : "loss in ";
    text += std::to_string(moves);
    return text;
  }
  std::string text = score > 0 ? "+" : "";
  text += std::to_string(score);
  return text;
}

// Fitted by gomoku-tune on self-play games: the engine's search score against the result.
double winProbability(int score) {
  if (isMateScore(score)) return score > 0 ? 1.0 : 0.0;
  const WinChanceFit fit = winChanceFit();
  return 1.0 / (1.0 + std::exp(-(fit.scale * score + fit.offset)));
}

Limits limitsForStrength(int level, int64_t timeMs) {
  static const int kDepth[10] = {1, 2, 2, 3, 4, 5, 6, 8, 12, 60};
  static const int kNoise[10] = {700, 450, 300, 200, 130, 80, 45, 20, 0, 0};
  level = std::clamp(level, 1, 10);
  Limits limits;
  limits.maxDepth = kDepth[level - 1];
  limits.noise = kNoise[level - 1];
  limits.multiPv = limits.noise > 0 ? 8 : 1;
  limits.timeMs = timeMs;
  return limits;
}

}  // namespace gomoku
