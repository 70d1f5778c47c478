#include "core/search/info.h"

#include <algorithm>
#include <cmath>

#include "core/eval/eval_tables.h"

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
double winProbability(int score, Rule rule) {
  if (isMateScore(score)) return score > 0 ? 1.0 : 0.0;
  return 1.0 / (1.0 + std::exp(-winChanceFit(rule).logit(score)));
}

Limits limitsForStrength(int level, int64_t timeMs) {
  struct Level {
    int depth, noise, lapse, vcf, vct, leafVcf;
  };
  static const Level kLevels[10] = {
      // depth noise lapse  vcf vct leaf
      {1, 250, 650, 0, 0, 0},     // 1
      {1, 180, 450, 0, 0, 1},     // 2
      {2, 150, 330, 1, 0, 1},     // 3
      {2, 80, 180, 3, 0, 3},      // 4
      {3, 60, 120, 5, 0, 4},      // 5
      {4, 40, 70, 8, 0, 5},       // 6
      {5, 25, 35, 12, 3, 6},      // 7
      {6, 15, 15, 16, 4, 8},      // 8
      {9, 0, 0, 60, 7, 8},        // 9
      {60, 0, 0, 100, 9, 8},      // 10: full strength
  };
  const Level& l = kLevels[std::clamp(level, 1, 10) - 1];
  Limits limits;
  limits.maxDepth = l.depth;
  limits.noise = l.noise;
  limits.multiPv = limits.noise > 0 ? 8 : 1;
  limits.lapsePermille = l.lapse;
  limits.vcfThreats = l.vcf;
  limits.vctThreats = l.vct;
  limits.leafVcfThreats = l.leafVcf;
  limits.timeMs = timeMs;
  return limits;
}

}  // namespace gomoku
