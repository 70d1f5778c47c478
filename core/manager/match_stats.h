// The statistics of a two-player match, as chess engine testers report them: score ratio,
// Elo difference with its 95% error margin, likelihood of superiority (LOS), and the
// sequential probability ratio test (SPRT) that stops a match once the data decide between
// "no gain" (elo0) and "a gain of elo1". Logistic Elo; the GSPRT's normal approximation of
// the log-likelihood ratio over win/loss/draw outcomes.
#pragma once

#include <optional>
#include <string>

namespace gomoku {

struct MatchScore {
  int wins = 0, losses = 0, draws = 0;  // of the first player
  int games() const { return wins + losses + draws; }
  double ratio() const;  // (wins + draws/2) / games; 0.5 with no games
};

struct EloEstimate {
  double elo = 0;     // +-infinity when one side scored everything
  double margin = 0;  // half the width of the 95% confidence interval
  double los = 0.5;   // probability that the first player is the stronger
};
EloEstimate estimateElo(const MatchScore& score);

// Games played in pairs - one opening, each engine with each colour (gomoku-match -repeat) -
// are not independent: an opening that favours one colour tends to give each engine its win
// with that colour, and the pair is even whoever is stronger. Counted game by game, those
// wins and losses look like spread, so the error margin is too wide (on our matches a quarter
// to a third too wide) and an SPRT needs more games than it should; where the pairs are less
// alike than games (rare) it would be too narrow. The pentanomial model counts the pairs by
// engine 1's points in them - 0, 1/2, 1, 3/2 or 2 - and takes the spread from the pairs, as
// Fishtest and fastchess do.
struct PairScore {
  int counts[5] = {};  // pairs in which engine 1 scored 0, 1/2, 1, 3/2, 2 points
  int pairs() const;
  double ratio() const;  // engine 1's points / (2 x pairs); 0.5 with no pairs
  // A finished pair: engine 1's points in each game, 0, 0.5 or 1.
  void add(double firstGame, double secondGame);
};
EloEstimate estimateEloByPairs(const PairScore& score);

// Elo -> expected score, and back.
double expectedScore(double elo);
double eloFromScore(double score);

struct SprtParameters {
  double elo0 = 0, elo1 = 10;
  double alpha = 0.05, beta = 0.05;
};
enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

struct SprtStatus {
  double llr = 0;
  double lower = 0, upper = 0;  // log(beta / (1 - alpha)), log((1 - beta) / alpha)
  SprtVerdict verdict = SprtVerdict::Continue;
};
SprtStatus sprt(const MatchScore& score, const SprtParameters& parameters);
SprtStatus sprtByPairs(const PairScore& score, const SprtParameters& parameters);
std::optional<std::string> checkSprtParameters(const SprtParameters& parameters);

}  // namespace gomoku
