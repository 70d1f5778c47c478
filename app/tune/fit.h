// The fit: logistic regression of the game result on the table features (the "Texel"
// method) with L2 regularisation, by full-batch Adam; the score -> win chance calibration;
// and the writer of the generated core/eval/eval_tables.inc.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "app/tune/dataset.h"
#include "core/eval/eval_tables.h"

namespace gomoku::tune {

struct FitOptions {
  double lambdaPattern = 1e-4;  // L2 on the per-line weights
  double lambdaCombo = 0.1;     // L2 on the combination residuals (rare ones stay near 0)
  double lambdaThreat = 0.0005;  // L2 on the threats term's values (the committed fit's)
  int iterations = 600;
  double learningRate = 0.02;
  int holdOutEvery = 5;  // games with index % this == 0 are held out
  // The target: resultWeight x result + (1 - resultWeight) x the win chance of the search
  // score (scoreScale points per logit); 1 = pure Texel on results.
  double resultWeight = 0.5;
  double scoreScale = 700;
  // Where the fit starts and what its L2 pulls towards: empty for all zeros, or the tables
  // compiled in (thetaFromTables), so that new games correct them instead of replacing them.
  std::vector<double> prior;
};

struct FitResult {
  std::vector<double> theta;               // in logits
  double trainBefore = 0, trainAfter = 0;  // mean log loss (before: all weights 0)
  double validBefore = 0, validAfter = 0;
  double baselineScale = 400;  // points per logit that fit the first evaluation best
  double baselineTrain = 0, baselineValid = 0;
  size_t trainCount = 0, validCount = 0;
};

bool isHeldOut(const Sample& s, const FitOptions& o);
// Sets every sample's target from the options.
void setTargets(Dataset& data, const FitOptions& o);
// Mean cross-entropy against the targets (heldOut: on the held-out games, else on the rest).
double logLoss(const Dataset& data, const std::vector<double>& theta, const FitOptions& o,
               bool heldOut);
FitResult fitTables(const Dataset& data, const FitOptions& options);

// The parameters that give `weights` back (tablesFromFit's inverse, `scale` points per logit):
// each combination's value on its residual, the line weights zero.
std::vector<double> thetaFromTables(const FeatureLayout& layout, const EvalWeights& weights,
                                    double scale);

// One rule's table from the fitted parameters, `scale` points per logit.
void tablesFromFit(const FeatureLayout& layout, const std::vector<double>& theta, double scale,
                   EvalWeights& out);

// Score -> win chance: logit = scale * score + cubic * score^3 + offset (cubic >= 0, else the
// straight logit), fitted on every game's non-mate
// scores; `bins` gets the calibration by two-fold cross-validation over the games (each
// position predicted by the map fitted on the other half: predicted vs observed).
struct CalibrationBin {
  double low = 0, high = 0;
  int count = 0;
  double predicted = 0, observed = 0;
  double logLoss = 0;  // mean cross-entropy of the bin's predictions
};
// The mean cross-entropy over all the bins' positions.
double meanLogLoss(const std::vector<CalibrationBin>& bins);
WinChanceFit fitWinChance(const std::vector<Sample>& samples,
                          std::vector<CalibrationBin>& heldOutBins);
// How `map` fares on the samples' non-mate scores: ten bins by predicted chance.
std::vector<CalibrationBin> calibrationOf(const WinChanceFit& map,
                                          const std::vector<Sample>& samples);

// The map of each rule, fitted on that rule's games alone (a score is what that rule's tables
// make of a position). A rule keeps its map from `kept` when it has fewer than `minPositions`
// usable positions in `games`, or when the kept map's log loss on them
// is no higher than the refit's held out (standard's games, fewer than freestyle's, fitted a
// map that predicted them worse than freestyle's map).
constexpr size_t kMinWinChancePositions = 2000;
struct RuleWinChance {
  WinChanceFit map;  // fitted, or kept
  bool fitted = false;
  size_t positions = 0;                 // the rule's usable positions in the games
  std::vector<CalibrationBin> heldOut;  // a refit, by two-fold cross-validation (if tried)
  std::vector<CalibrationBin> before;   // the kept map on the same positions (if tried)
};
std::array<RuleWinChance, kRuleCount> fitWinChances(
    const std::vector<GameRecord>& games, const std::array<WinChanceFit, kRuleCount>& kept,
    size_t minPositions = kMinWinChancePositions);

// Writes the generated file (header naming `command`); `origins` are each rule's kOrigin (how
// its tables were made: eval_tables.h's evalTablesOrigin), `winOrigins` its kWinOrigin (how its
// win-chance map was made: winChanceOrigin).
bool writeTables(const std::string& path, const std::string& command,
                 const std::vector<std::string>& notes, const EvalWeights weights[kRuleCount],
                 const std::array<WinChanceFit, kRuleCount>& winChance,
                 const std::array<std::string, kRuleCount>& origins,
                 const std::array<std::string, kRuleCount>& winOrigins);

}  // namespace gomoku::tune
