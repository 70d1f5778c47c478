#include "core/manager/match_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gomoku {

namespace {

// Variance of one game's outcome (1, 0.5, 0) around the mean score.
double outcomeVariance(const MatchScore& s, double mean) {
  double n = s.games();
  return (s.wins * (1 - mean) * (1 - mean) + s.losses * mean * mean +
          s.draws * (0.5 - mean) * (0.5 - mean)) /
         n;
}

}  // namespace

double MatchScore::ratio() const {
  return games() == 0 ? 0.5 : (wins + 0.5 * draws) / games();
}

double expectedScore(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

double eloFromScore(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate estimateElo(const MatchScore& score) {
  EloEstimate e;
  int n = score.games();
  if (n == 0) return e;
  double mean = score.ratio();
  e.elo = eloFromScore(mean);
  double deviation = std::sqrt(outcomeVariance(score, mean) / n) * 1.959963985;
  double high = eloFromScore(std::min(mean + deviation, 1.0));
  double low = eloFromScore(std::max(mean - deviation, 0.0));
  e.margin = std::isfinite(e.elo) ? (high - low) / 2 : std::numeric_limits<double>::infinity();
  int decisive = score.wins + score.losses;
  e.los = decisive == 0
              ? 0.5
              : 0.5 * (1 + std::erf((score.wins - score.losses) / std::sqrt(2.0 * decisive)));
  return e;
}

std::optional<std::string> checkSprtParameters(const SprtParameters& p) {
  if (!(p.elo1 > p.elo0)) return "elo1 must be greater than elo0";
  if (!(p.alpha > 0 && p.alpha < 0.5) || !(p.beta > 0 && p.beta < 0.5))
    return "alpha and beta must be between 0 and 0.5";
  return std::nullopt;
}

SprtStatus sprt(const MatchScore& score, const SprtParameters& p) {
  SprtStatus status;
  status.lower = std::log(p.beta / (1 - p.alpha));
  status.upper = std::log((1 - p.beta) / p.alpha);
  int n = score.games();
  if (n == 0) return status;
  double mean = score.ratio();
  double variance = outcomeVariance(score, mean);
  if (variance <= 0) return status;  // one outcome only so far: no information on the spread
  double s0 = expectedScore(p.elo0), s1 = expectedScore(p.elo1);
  status.llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  if (status.llr >= status.upper)
    status.verdict = SprtVerdict::AcceptH1;
  else if (status.llr <= status.lower)
    status.verdict = SprtVerdict::AcceptH0;
  return status;
}

}  // namespace gomoku
