// gomoku-tune: a game record survives formatting and parsing, bad records are refused, and a
// small Texel fit on a few hundred self-play positions lowers the loss and gives a table the
// evaluation can use.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "app/tune/dataset.h"
#include "app/tune/fit.h"
#include "app/tune/selfplay.h"

namespace gomoku::tune {
namespace {

TEST_CASE("tune: a game record round-trips, a malformed one is refused") {
  GameRecord g;
  g.rule = Rule::Renju;
  g.openingPlies = 3;
  g.result = -1;
  for (const char* m : {"h8", "i9", "h6", "g9", "h9"}) g.moves.push_back(*parsePointText(m, 15));
  g.scores = {120, kNoScore};
  GameRecord back;
  REQUIRE(parseGame(formatGame(g), back));
  CHECK(back.rule == Rule::Renju);
  CHECK(back.openingPlies == 3);
  CHECK(back.result == -1);
  CHECK(back.moves == g.moves);
  CHECK(back.scores == g.scores);
  CHECK_FALSE(parseGame("rule=freestyle;size=15;opening=0;result=1;moves=h8,h8;scores=", back));
  CHECK_FALSE(parseGame("rule=freestyle;size=15;opening=0;result=7;moves=h8;scores=", back));
  CHECK_FALSE(parseGame("rule=chess;size=15;opening=0;result=1;moves=h8;scores=", back));
  CHECK_FALSE(parseGame("garbage", back));
}

TEST_CASE("tune: a small fit on self-play positions lowers the loss") {
  const auto dir = std::filesystem::temp_directory_path() / "gomoku_tune_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string openings = (dir / "openings.txt").string();
  std::ofstream(openings) << "h8i9\nh8i8i11\nh8g7f6g8g9\nh8i9j8\nh8h9g10i8\n";
  SelfPlayOptions o;
  o.openingsFile = openings;
  o.games = 14;
  o.nodes = 3000;
  o.seed = 3;
  o.progress = false;
  const std::string path = (dir / "games.txt").string();
  REQUIRE(runSelfPlay(o, path));
  std::vector<GameRecord> games;
  std::string error;
  REQUIRE(loadGames({path}, games, error));
  REQUIRE(games.size() == 14);

  Dataset data = buildDataset(games, Rule::Freestyle);
  CHECK(data.samples.size() >= 200);
  FitOptions options;
  options.iterations = 150;
  options.resultWeight = 0.5;
  setTargets(data, options);
  const FitResult r = fitTables(data, options);
  CHECK(r.trainAfter < r.trainBefore - 0.02);
  CHECK(r.trainAfter == doctest::Approx(logLoss(data, r.theta, options, false)));

  // The table made from the fit reproduces the fitted logits on the positions.
  EvalWeights w{};
  tablesFromFit(data.layout, r.theta, 1000, w);
  CHECK(w.tempo == int(std::lround(r.theta[data.layout.tempo()] * 1000)));
  // Each position has exactly one threat-combination feature, and its table entry is the fit's.
  for (const Sample& s : data.samples) {
    int threats = 0, at = -1;
    for (uint32_t i = s.begin; i < s.end; ++i)
      if (data.layout.isThreat(int(data.index[i]))) ++threats, at = int(data.index[i]);
    REQUIRE(threats == 1);
    const int mask = at - data.layout.threat(Color::Black, 0);
    CHECK(w.threat[0][mask] == int(std::lround(r.theta[size_t(at)] * 1000)));
    CHECK(w.threat[1][mask] == w.threat[0][mask]);  // one table for both colours but renju's
  }
  std::filesystem::remove_all(dir);
}

// Positions 40 to a game with scores drawn evenly from [-maxScore, maxScore], each won with the
// chance `truth` gives its score.
std::vector<Sample> drawnSamples(uint64_t seed, int count, int maxScore,
                                 const WinChanceFit& truth) {
  std::mt19937_64 rng(seed);
  std::vector<Sample> samples;
  for (int i = 0; i < count; ++i) {
    Sample s;
    s.score = int(rng() % uint64_t(2 * maxScore + 1)) - maxScore;
    s.game = i / 40;
    const double chance = 1.0 / (1.0 + std::exp(-truth.logit(s.score)));
    s.result = double(rng() % 1000000) / 1e6 < chance ? 1.0f : 0.0f;
    samples.push_back(s);
  }
  return samples;
}

TEST_CASE("tune: the win-chance fit recovers a known map and is calibrated") {
  // Results drawn with chance 1 / (1 + exp(-(score / 500 + 0.2))).
  std::vector<Sample> samples = drawnSamples(9, 20000, 2000, WinChanceFit{1.0 / 500, 0.2});
  samples.push_back(Sample{1.0f, 0.5f, 29990, 0, 500});  // a mate score: left out of the fit
  std::vector<CalibrationBin> bins;
  const WinChanceFit fit = fitWinChance(samples, bins);
  CHECK(fit.scale == doctest::Approx(1.0 / 500).epsilon(0.1));
  CHECK(fit.offset == doctest::Approx(0.2).epsilon(0.5));
  CHECK(fit.cubic >= 0);
  CHECK(std::abs(fit.cubic * 2000 * 2000 * 2000) < 0.3);  // little of the logit at the ends
  REQUIRE(bins.size() == 10);
  for (const CalibrationBin& bin : bins)
    if (bin.count > 500) CHECK(std::abs(bin.predicted - bin.observed) < 0.05);
}

TEST_CASE("tune: the win-chance fit follows a map that is steeper far from 0") {
  // Results drawn with logit = score / 1250 + 0.08 (score / 1000)^3, the shape of the engine's
  // self-play games: a straight logit would put the chance at +-4000 far from 0 and 1.
  const std::vector<Sample> samples =
      drawnSamples(11, 30000, 4000, WinChanceFit{1.0 / 1250, 0.0, 0.08e-9});
  std::vector<CalibrationBin> bins;
  const WinChanceFit fit = fitWinChance(samples, bins);
  CHECK(fit.scale == doctest::Approx(1.0 / 1250).epsilon(0.15));
  CHECK(fit.cubic == doctest::Approx(0.08e-9).epsilon(0.25));
  CHECK(std::abs(fit.offset) < 0.1);
  CHECK(fit.logit(4000) == doctest::Approx(3.2 + 5.12).epsilon(0.1));
  // The ends are calibrated too: the lowest and highest bins hold many positions here.
  REQUIRE(bins.size() == 10);
  CHECK(bins.front().count > 2000);
  CHECK(bins.back().count > 2000);
  for (const CalibrationBin& bin : bins)
    if (bin.count > 500) CHECK(std::abs(bin.predicted - bin.observed) < 0.03);
}

TEST_CASE("tune: each rule's win chance is fitted on its own games, or kept") {
  std::vector<GameRecord> games;
  std::string error;
  REQUIRE(loadGames({GOMOKU_REPO_TESTDATA_DIR "/selfplay_renju_sample.txt"}, games, error));
  // Kept maps far from any fit: a refit must beat a map that calls every position 95 % won.
  const WinChanceFit wrong{1e-6, 3.0, 0.0}, other{1e-3, 0.1, 0.0};
  std::array<WinChanceFit, kRuleCount> kept{other, other, wrong};
  auto fits = fitWinChances(games, kept, 200);
  const RuleWinChance& renju = fits[size_t(Rule::Renju)];
  CHECK(renju.positions > 200);
  CHECK(renju.fitted);
  CHECK(renju.map.scale > 1e-4);  // the scores carry the result: the refit leans on them
  CHECK(meanLogLoss(renju.heldOut) < meanLogLoss(renju.before));
  REQUIRE(renju.before.size() == 10);
  CHECK(renju.before.back().count == int(renju.positions));  // all predicted 0.95
  // The other rules have no games here: their maps stay as given, untried.
  for (Rule r : {Rule::Freestyle, Rule::Standard}) {
    const RuleWinChance& fit = fits[size_t(r)];
    CHECK_FALSE(fit.fitted);
    CHECK(fit.positions == 0);
    CHECK(fit.heldOut.empty());
    CHECK(fit.map.scale == other.scale);
  }
  // Given the renju refit itself, on the very positions it was fitted to, no held-out refit
  // predicts better: kept.
  kept[size_t(Rule::Renju)] = renju.map;
  fits = fitWinChances(games, kept, 200);
  CHECK_FALSE(fits[size_t(Rule::Renju)].fitted);
  CHECK(fits[size_t(Rule::Renju)].map.scale == renju.map.scale);
  // Too few positions: kept without a try.
  fits = fitWinChances(games, {wrong, wrong, wrong});
  CHECK(fits[size_t(Rule::Renju)].positions < kMinWinChancePositions);
  CHECK_FALSE(fits[size_t(Rule::Renju)].fitted);
  CHECK(fits[size_t(Rule::Renju)].heldOut.empty());
}

}  // namespace
}  // namespace gomoku::tune
