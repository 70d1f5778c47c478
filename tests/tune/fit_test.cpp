// gomoku-tune: a game record survives formatting and parsing, bad records are refused, and a
// small Texel fit on a few hundred self-play positions lowers the loss and gives a table the
// evaluation can use.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "app/tune/dataset.h"
#include "app/tune/fit.h"
#include "app/tune/selfplay.h"
#include "core/eval/eval.h"

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

// --from-compiled: the fit starts from the compiled tables and its L2 pulls towards them.
TEST_CASE("tune: the compiled tables as the fit's prior give the evaluation back") {
  constexpr double kScale = 1581;
  for (Rule rule : {Rule::Freestyle, Rule::Renju}) {
    CAPTURE(rule);
    FeatureLayout layout;
    layout.rule = rule;
    const EvalWeights& compiled = evalWeights(rule);
    const std::vector<double> prior = thetaFromTables(layout, compiled, kScale);
    // The parameters make the same tables again, entry for entry.
    EvalWeights back{};
    tablesFromFit(layout, prior, kScale, back);
    CHECK(back.tempo == compiled.tempo);
    int cellsDiffer = 0, threatsDiffer = 0;
    for (int c = 0; c < 2; ++c) {
      for (int rel = 0; rel < 2; ++rel)
        for (int combo = 0; combo < kComboCount; ++combo)
          cellsDiffer += back.cell[c][rel][combo] != compiled.cell[c][rel][combo];
      for (int mask = 0; mask < kThreatMaskCount; ++mask)
        threatsDiffer += back.threat[c][mask] != compiled.threat[c][mask];
    }
    CHECK(cellsDiffer == 0);
    CHECK(threatsDiffer == 0);

    // On every position of a game, the prior's logit times the scale is the engine's
    // evaluation less one constant (the search's leaf correction of the tempo): on 15x15, and
    // on 20x20 with the board size term's features.
    std::vector<float> dense(size_t(layout.count()));
    std::vector<int> offsets;
    for (int size : {15, 20}) {
      Board board(size, rule);
      for (const char* m : {"h8", "i9", "h9", "h10", "i8", "g8", "j7", "k6", "g10", "j8", "i10",
                            "f9", "j10", "k10", "g7", "f6", "i7", "i6"}) {
        std::fill(dense.begin(), dense.end(), 0.0f);
        addFeatures(board, layout, dense);
        double logit = 0;
        for (size_t f = 0; f < dense.size(); ++f) logit += prior[f] * dense[f];
        offsets.push_back(evaluate(board) - int(std::lround(logit * kScale)));
        board.place(*parsePointText(m, size));
      }
    }
    CHECK(std::count(offsets.begin(), offsets.end(), offsets[0]) == int(offsets.size()));
  }
}

TEST_CASE("tune: a fit with a prior starts at it and is pulled towards it") {
  // Two short hand-made games, one won by each colour.
  std::vector<GameRecord> games(2);
  const std::vector<std::vector<const char*>> moves = {
      {"h8", "i9", "h9", "h10", "i8", "g8", "j7", "k6", "g10", "j8", "i10", "f9", "j10"},
      {"h8", "h9", "i9", "g7", "j10", "k11", "g8", "f9", "i7", "i10", "j8", "k9", "f7"}};
  for (size_t g = 0; g < games.size(); ++g) {
    games[g].result = g == 0 ? 1 : -1;
    for (const char* m : moves[g]) games[g].moves.push_back(*parsePointText(m, 15));
  }
  Dataset data = buildDataset(games, Rule::Freestyle);
  REQUIRE(data.samples.size() >= 20);
  FitOptions options;
  options.resultWeight = 1;
  options.holdOutEvery = 1000;  // every game is trained on
  options.iterations = 50;
  setTargets(data, options);
  options.prior = thetaFromTables(data.layout, evalWeights(Rule::Freestyle), 1581);
  // Held hard to the prior, it stays there: the loss before is the compiled tables' loss.
  options.lambdaPattern = options.lambdaCombo = options.lambdaThreat = 1e4;
  FitResult held = fitTables(data, options);
  CHECK(held.trainBefore == doctest::Approx(logLoss(data, options.prior, options, false)));
  auto drift = [&](const FitResult& r) {
    double most = 0;
    for (size_t f = 0; f < r.theta.size(); ++f)
      most = std::max(most, std::abs(r.theta[f] - options.prior[f]));
    return most;
  };
  // (Adam's steps jitter about the minimum by a few thousandths of a logit: a few points.)
  CHECK(drift(held) < 0.01);
  // Pulled gently, it corrects the prior on these games: the loss falls from the prior's.
  options.lambdaPattern = 1e-4;
  options.lambdaCombo = 0.01;
  options.lambdaThreat = 0.0005;
  FitResult free = fitTables(data, options);
  CHECK(free.trainBefore == doctest::Approx(held.trainBefore));
  CHECK(free.trainAfter < free.trainBefore - 0.01);
  CHECK(drift(free) > 10 * drift(held));
}

TEST_CASE("tune: the generated file writes each rule's origins as C++ string literals") {
  const auto dir = std::filesystem::temp_directory_path() / "gomoku_tune_origin_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "tables.inc").string();
  EvalWeights weights[kRuleCount];
  std::array<WinChanceFit, kRuleCount> win;
  for (int r = 0; r < kRuleCount; ++r) {
    weights[r] = evalWeights(Rule(r));
    win[size_t(r)] = winChanceFit(Rule(r));
  }
  // A command can hold quotes, backslashes and control characters (a quoted file name): each
  // is escaped, so the literal is one line of valid C++ that reads back as the same text.
  const std::array<std::string, kRuleCount> origins = {"gomoku-tune fit --data \"my games.txt\"",
                                                       "C:\\tune\\a.txt", "tab\there\nnewline"};
  const std::array<std::string, kRuleCount> winOrigins = {"map \"a\"", "map b", "map\\c"};
  REQUIRE(writeTables(path, "gomoku-tune fit", {"a note"}, weights, win, origins, winOrigins));
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const auto start = std::find(lines.begin(), lines.end(), "constexpr const char* kOrigin[3] = {");
  REQUIRE(lines.end() - start >= 5);
  CHECK(start[1] == "  \"gomoku-tune fit --data \\\"my games.txt\\\"\",");
  CHECK(start[2] == "  \"C:\\\\tune\\\\a.txt\",");
  CHECK(start[3] == "  \"tab\\011here\\012newline\",");
  CHECK(start[4] == "};");
  const auto maps = std::find(start, lines.end(), "constexpr const char* kWinOrigin[3] = {");
  REQUIRE(lines.end() - maps >= 5);
  CHECK(maps[1] == "  \"map \\\"a\\\"\",");
  CHECK(maps[2] == "  \"map b\",");
  CHECK(maps[3] == "  \"map\\\\c\",");
  CHECK(maps[4] == "};");
  // The compiled tables carry their own origins: each names the fit that made it.
  for (int r = 0; r < kRuleCount; ++r) {
    const std::string origin = evalTablesOrigin(Rule(r));
    CHECK(origin.rfind("gomoku-tune fit --data ", 0) == 0);
    CHECK(origin.find(std::string("; ") + ruleName(Rule(r)) + ": ") != std::string::npos);
    // ... and so do the win-chance maps: the fit and the map it made.
    const std::string map = winChanceOrigin(Rule(r));
    CHECK(map.rfind("gomoku-tune fit ", 0) == 0);
    CHECK(map.find(std::string("; ") + ruleName(Rule(r)) + " win chance = ") != std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gomoku::tune
