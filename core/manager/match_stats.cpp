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

// A pair's points for engine 1, as a share of the pair's 2: 0, 1/4, 1/2, 3/4, 1.
constexpr double kPairShare[5] = {0.0, 0.25, 0.5, 0.75, 1.0};

// Variance of one pair's share around the mean share.
double pairVariance(const PairScore& s, double mean) {
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += s.counts[i] * (kPairShare[i] - mean) * (kPairShare[i] - mean);
  return sum / s.pairs();
}

// Elo and its 95% margin from a mean score and its standard error (the interval of the
// score mapped to Elo, as for single games).
EloEstimate eloFromMean(double mean, double standardError) {
  EloEstimate e;
  e.elo = eloFromScore(mean);
  double deviation = standardError * 1.959963985;
  double high = eloFromScore(std::min(mean + deviation, 1.0));
  double low = eloFromScore(std::max(mean - deviation, 0.0));
  e.margin = std::isfinite(e.elo) ? (high - low) / 2 : std::numeric_limits<double>::infinity();
  return e;
}

// The GSPRT's log-likelihood ratio of elo1 against elo0 for `n` samples (games or pairs) of
// mean share `mean` and variance `variance`.
SprtStatus sprtFromMean(double n, double mean, double variance, const SprtParameters& p) {
  SprtStatus status;
  status.lower = std::log(p.beta / (1 - p.alpha));
  status.upper = std::log((1 - p.beta) / p.alpha);
  if (n == 0 || variance <= 0) return status;  // no information on the spread yet
  double s0 = expectedScore(p.elo0), s1 = expectedScore(p.elo1);
  status.llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  if (status.llr >= status.upper)
    status.verdict = SprtVerdict::AcceptH1;
  else if (status.llr <= status.lower)
    status.verdict = SprtVerdict::AcceptH0;
  return status;
}

}  // namespace

int PairScore::pairs() const {
  int n = 0;
  for (int c : counts) n += c;
  return n;
}

double PairScore::ratio() const {
  if (pairs() == 0) return 0.5;
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += counts[i] * kPairShare[i];
  return sum / pairs();
}

void PairScore::add(double firstGame, double secondGame) {
  const int halfPoints = int(std::lround(2 * (firstGame + secondGame)));
  ++counts[std::clamp(halfPoints, 0, 4)];
}

EloEstimate estimateEloByPairs(const PairScore& score) {
  const int n = score.pairs();
  if (n == 0) return {};
  const double mean = score.ratio();
  const double standardError = std::sqrt(pairVariance(score, mean) / n);
  EloEstimate e = eloFromMean(mean, standardError);
  // The chance that the true score is above one half, by the normal approximation.
  e.los = standardError > 0 ? 0.5 * (1 + std::erf((mean - 0.5) / (standardError * std::sqrt(2.0))))
          : mean > 0.5      ? 1.0
          : mean < 0.5      ? 0.0
                            : 0.5;
  return e;
}

SprtStatus sprtByPairs(const PairScore& score, const SprtParameters& p) {
  const int n = score.pairs();
  const double mean = score.ratio();
  return sprtFromMean(n, mean, n ? pairVariance(score, mean) : 0, p);
}

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
  int n = score.games();
  if (n == 0) return {};
  double mean = score.ratio();
  EloEstimate e = eloFromMean(mean, std::sqrt(outcomeVariance(score, mean) / n));
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
  const int n = score.games();
  const double mean = score.ratio();
  return sprtFromMean(n, mean, n ? outcomeVariance(score, mean) : 0, p);
}

}  // namespace gomoku
