// gomoku-tune: self-play games for the evaluation fit, the fit itself (Texel: logistic
// regression of the game result on the table features), and the win-chance calibration.
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/tune/deep_puzzles.h"
#include "app/tune/fit.h"
#include "app/tune/opening_gen.h"
#include "app/tune/opening_select.h"
#include "app/tune/selfplay.h"
#include "app/tune/verify_defences.h"

namespace {

void usage(std::FILE* out) {
  std::fprintf(
      out,
      "usage: gomoku-tune selfplay --out FILE --openings FILE [--rule R] [--size N]\n"
      "                            [--games N] [--nodes N] [--random-plies N] [--seed S]\n"
      "         plays node-limited self-play games from the openings (+ random plies)\n"
      "         on an N x N board (default 15: the openings of that size) and appends\n"
      "         one line per game (result, moves, scores) to FILE\n"
      "       gomoku-tune fit --data FILE[,FILE...] --out FILE [--calibration FILE[,...]]\n"
      "                       [--iterations N] [--lambda-pattern X] [--lambda-combo X]\n"
      "                       [--lambda-threat X] [--learning-rate X] [--result-weight X]\n"
      "                       [--scale POINTS] [--from-compiled yes|no]\n"
      "                       [--rules R[,R...]|none]\n"
      "         fits the evaluation tables on the games' results (Texel), and the\n"
      "         score -> win chance map on the calibration games' scores (default:\n"
      "         the data games), and writes the generated tables file; --rules fits\n"
      "         only those rules (the others stay as compiled in, and so does the win\n"
      "         chance unless freestyle is fitted or --calibration is given; --scale\n"
      "         must then give the tables' scale); --from-compiled yes starts from the\n"
      "         compiled tables and pulls towards them (needs --scale); --rules none\n"
      "         --calibration FILE[,...] refits the win chance maps alone (no --data)\n"
      "       gomoku-tune openings --out FILE [--rule R] [--size N] [--count N]\n"
      "                            [--min-stones N] [--max-stones N] [--radius N]\n"
      "                            [--max-score S] [--nodes N] [--seed S]\n"
      "         writes an opening set for gomoku-match: random quiet positions near\n"
      "         the centre (3 to 5 stones within 3 lines), one per symmetry class,\n"
      "         that the engine scores within +-60 at 20000 nodes (1000 of them)\n"
      "       gomoku-tune select-openings --openings FILE --results FILE[,FILE...] --out FILE\n"
      "                                   [--min-games N] [--max-colour-share X]\n"
      "                                   [--about TEXT]\n"
      "         keeps the openings whose games in the matches (gomoku-match -results) were\n"
      "         not all won by one colour: one colour scored at most X of an opening's\n"
      "         games (0.8), N or more of them (2); TEXT, where the results came from,\n"
      "         goes in the header\n"
      "       gomoku-tune deep-puzzles --games FILE[,FILE...] --out FILE [--max N]\n"
      "                                [--min-win-in N] [--min-threat-win-in N]\n"
      "         mines deep wins and deep defences from self-play games, labelled by\n"
      "         the threat solver alone, in the test data's format (at most N of\n"
      "         each kind, 100; one of each kind a game)\n"
      "       gomoku-tune verify-defences --data FILE --out FILE [--search-nodes N]\n"
      "         checks each deep defence's listed saves with the engine's search (N\n"
      "         nodes a save, 3000000): a save it proves lost moves to loses=, a record\n"
      "         left without saves is dropped; the rest of the file is copied\n");
}

bool parseNumber(const char* text, long long min, long long max, long long& out) {
  char* end = nullptr;
  long long value = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || value < min || value > max) return false;
  out = value;
  return true;
}

// The command line as a shell would take it back, for the generated files' headers and origins:
// an argument that is empty or holds anything but letters, digits and -_.,/=:+ is put in single
// quotes (a quote inside as '\''), so "--rules ''" or a file name with a space stay one word.
std::string commandLine(int argc, char** argv) {
  std::string command = "gomoku-tune";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool plain = !arg.empty() && std::all_of(arg.begin(), arg.end(), [](unsigned char c) {
      return std::isalnum(c) || std::strchr("-_.,/=:+", c);
    });
    command += ' ';
    if (plain) {
      command += arg;
      continue;
    }
    command += '\'';
    for (char c : arg) command += c == '\'' ? std::string("'\\''") : std::string(1, c);
    command += '\'';
  }
  return command;
}

// Reads the "--key value" pairs after the mode; take(key, value) says whether it understood
// them. False, with the reason on stderr, for a key without a value or one not understood.
template <typename Take>
bool readOptions(int argc, char** argv, Take take) {
  for (int i = 2; i < argc; i += 2) {
    std::string arg = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "gomoku-tune: %s needs a value\n", arg.c_str());
      return false;
    }
    if (!take(arg, argv[i + 1])) {
      std::fprintf(stderr, "gomoku-tune: bad option %s %s\n", arg.c_str(), argv[i + 1]);
      return false;
    }
  }
  return true;
}

int selfPlay(int argc, char** argv) {
  gomoku::tune::SelfPlayOptions o;
  std::string out;
  bool understood = readOptions(argc, argv, [&](const std::string& arg, const char* value) {
    long long n = 0;
    if (arg == "--out") {
      out = value;
    } else if (arg == "--openings") {
      o.openingsFile = value;
    } else if (arg == "--rule" && gomoku::parseRule(value)) {
      o.rule = *gomoku::parseRule(value);
    } else if (arg == "--size" && parseNumber(value, gomoku::kMinSize, gomoku::kMaxSize, n)) {
      o.size = int(n);
    } else if (arg == "--games" && parseNumber(value, 1, 1000000, n)) {
      o.games = int(n);
    } else if (arg == "--nodes" && parseNumber(value, 100, 100000000, n)) {
      o.nodes = uint64_t(n);
    } else if (arg == "--random-plies" && parseNumber(value, 0, 20, n)) {
      o.randomPlies = int(n);
    } else if (arg == "--seed" && parseNumber(value, 0, 1ll << 62, n)) {
      o.seed = uint64_t(n);
    } else {
      return false;
    }
    return true;
  });
  if (!understood) return 2;
  if (out.empty() || o.openingsFile.empty()) {
    usage(stderr);
    return 2;
  }
  return gomoku::tune::runSelfPlay(o, out) ? 0 : 1;
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    if (comma > start) parts.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

std::string winChanceFormula(const gomoku::WinChanceFit& win) {
  return fmt::format("1 / (1 + exp(-({:.6g} * score + {:.6g} * score^3 + {:.4g})))", win.scale,
                     win.cubic, win.offset);
}

std::string calibrationLine(const gomoku::tune::CalibrationBin& bin) {
  return fmt::format("  {:.1f}-{:.1f} {:6} {:6.3f} {:6.3f}", bin.low, bin.high, bin.count,
                     bin.predicted, bin.observed);
}

// Each rule's win chance from the engine's own search scores in `scored` (a rule with too few
// positions keeps its map), with the calibrations printed and added to the notes; a refitted
// map's origin becomes `command` and its calibration (a kept map keeps its origin).
void fitWinChancesOn(const std::vector<gomoku::tune::GameRecord>& scored,
                     std::array<gomoku::WinChanceFit, gomoku::kRuleCount>& maps,
                     std::array<std::string, gomoku::kRuleCount>& origins,
                     const std::string& command, std::vector<std::string>& notes) {
  using namespace gomoku;
  using namespace gomoku::tune;
  const std::array<RuleWinChance, kRuleCount> fits = fitWinChances(scored, maps);
  auto note = [&](const std::string& line) {
    std::printf("%s\n", line.c_str());
    notes.push_back(line);
  };
  for (int r = 0; r < kRuleCount; ++r) {
    const RuleWinChance& fit = fits[size_t(r)];
    maps[size_t(r)] = fit.map;
    if (fit.heldOut.empty()) {
      note(fmt::format("{} win chance = {}: kept ({} positions, fewer than {})", ruleName(Rule(r)),
                       winChanceFormula(fit.map), fit.positions, kMinWinChancePositions));
      continue;
    }
    if (fit.fitted)
      origins[size_t(r)] = fmt::format(
          "{}; {} win chance = {}, fitted on {} positions' search scores; held out, log loss "
          "{:.4f} against the map before's {:.4f}",
          command, ruleName(Rule(r)), winChanceFormula(fit.map), fit.positions,
          meanLogLoss(fit.heldOut), meanLogLoss(fit.before));
    note(fit.fitted ? fmt::format("{} win chance = {}, fitted on {} positions' search scores",
                                  ruleName(Rule(r)), winChanceFormula(fit.map), fit.positions)
                    : fmt::format("{} win chance = {}: kept (on its {} positions it predicts as "
                                  "well as a refit held out, or better: below)",
                                  ruleName(Rule(r)), winChanceFormula(fit.map), fit.positions));
    note(
        fmt::format("calibration, each game held out once (two-fold cross-validation; log loss "
                    "{:.4f}): bin, positions, predicted and observed win rate of the side to move",
                    meanLogLoss(fit.heldOut)));
    for (const CalibrationBin& bin : fit.heldOut) note(calibrationLine(bin));
    note(fmt::format("the map before, on the same positions (log loss {:.4f}):",
                     meanLogLoss(fit.before)));
    for (const CalibrationBin& bin : fit.before) note(calibrationLine(bin));
  }
}

int fit(int argc, char** argv) {
  using namespace gomoku;
  using namespace gomoku::tune;
  std::vector<std::string> dataFiles, calibrationFiles;
  std::string out;
  FitOptions options;
  double scale = 0;           // 0: the scale that fits the first evaluation best (freestyle)
  bool fromCompiled = false;  // start from (and pull towards) the compiled tables
  // The rules to fit (--rules); the others keep the tables compiled into this program, and
  // unless freestyle is refitted or calibration games are given so does the score -> win
  // chance map.
  bool refit[kRuleCount] = {true, true, true};
  const std::string command = commandLine(argc, argv);
  bool understood = readOptions(argc, argv, [&](const std::string& arg, const char* value) {
    long long n = 0;
    if (arg == "--data") {
      dataFiles = splitList(value);
    } else if (arg == "--calibration") {
      calibrationFiles = splitList(value);
    } else if (arg == "--out") {
      out = value;
    } else if (arg == "--iterations" && parseNumber(value, 1, 100000, n)) {
      options.iterations = int(n);
    } else if (arg == "--lambda-pattern") {
      options.lambdaPattern = std::atof(value);
    } else if (arg == "--lambda-combo") {
      options.lambdaCombo = std::atof(value);
    } else if (arg == "--lambda-threat") {
      options.lambdaThreat = std::atof(value);
    } else if (arg == "--result-weight") {
      options.resultWeight = std::atof(value);
    } else if (arg == "--learning-rate") {
      options.learningRate = std::atof(value);
    } else if (arg == "--from-compiled" &&
               (!std::strcmp(value, "yes") || !std::strcmp(value, "no"))) {
      fromCompiled = !std::strcmp(value, "yes");
    } else if (arg == "--scale" && parseNumber(value, 1, 100000, n)) {
      scale = double(n);
    } else if (arg == "--rules") {
      std::fill(std::begin(refit), std::end(refit), false);
      if (!std::strcmp(value, "none")) return true;  // the win chance maps alone
      for (const std::string& name : splitList(value)) {
        std::optional<Rule> rule = parseRule(name);
        if (!rule) return false;
        refit[int(*rule)] = true;
      }
    } else {
      return false;
    }
    return true;
  });
  if (!understood) return 2;
  if (fromCompiled && scale == 0) {
    std::fprintf(stderr,
                 "gomoku-tune: --from-compiled needs --scale (the compiled tables' scale)\n");
    return 2;
  }
  const bool anyRefit = refit[0] || refit[1] || refit[2];
  if (!anyRefit && calibrationFiles.empty()) {
    std::fprintf(stderr,
                 "gomoku-tune: --rules none refits the win chance maps alone: it needs "
                 "--calibration\n");
    return 2;
  }
  if (anyRefit && !refit[0] && scale == 0) {
    // The kept freestyle tables fix the scale: the refitted ones must use the same.
    std::fprintf(stderr,
                 "gomoku-tune: --rules without freestyle needs --scale (the kept tables' scale)\n");
    return 2;
  }
  if ((anyRefit && dataFiles.empty()) || out.empty()) {
    usage(stderr);
    return 2;
  }
  std::vector<GameRecord> games, calibrationGames;
  std::string error;
  if (!loadGames(dataFiles, games, error) ||
      !loadGames(calibrationFiles, calibrationGames, error)) {
    std::fprintf(stderr, "gomoku-tune: %s\n", error.c_str());
    return 1;
  }
  std::vector<std::string> notes;
  EvalWeights weights[kRuleCount] = {};
  std::vector<double> thetas[kRuleCount];
  FeatureLayout layouts[kRuleCount];
  bool fitted[kRuleCount] = {};
  std::array<std::string, kRuleCount> origins;
  for (int r = 0; r < kRuleCount; ++r) {
    Dataset data = buildDataset(games, Rule(r));
    layouts[r] = data.layout;
    if (!refit[r] || data.samples.size() < 100) continue;
    setTargets(data, options);
    if (fromCompiled) options.prior = thetaFromTables(data.layout, evalWeights(Rule(r)), scale);
    FitResult result = fitTables(data, options);
    std::string line = fmt::format(
        "{}: {} train + {} held-out positions; log loss train {:.4f} -> {:.4f}, held-out {:.4f} "
        "-> {:.4f} (first evaluation, best scale {:.0f}: {:.4f} / {:.4f})",
        ruleName(Rule(r)), result.trainCount, result.validCount, result.trainBefore,
        result.trainAfter, result.validBefore, result.validAfter, result.baselineScale,
        result.baselineTrain, result.baselineValid);
    std::printf("%s\n", line.c_str());
    notes.push_back(line);
    origins[size_t(r)] = command + "; " + line;
    if (scale == 0 && Rule(r) == Rule::Freestyle) scale = std::round(result.baselineScale);
    thetas[r] = std::move(result.theta);
    fitted[r] = true;
  }
  if (refit[0] && !fitted[0]) {
    std::fprintf(stderr, "gomoku-tune: too few freestyle positions to fit\n");
    return 1;
  }
  if (scale == 0 && anyRefit) scale = 400;
  for (int r = 0; r < kRuleCount; ++r) {
    if (!refit[r]) {
      notes.push_back(std::string(ruleName(Rule(r))) +
                      ": kept (the tables compiled into gomoku-tune, --rules; kOrigin below)");
      weights[r] = evalWeights(Rule(r));
      origins[size_t(r)] = evalTablesOrigin(Rule(r));
      continue;
    }
    if (!fitted[r]) {
      // Standard differs from freestyle only in what an overline is: its layout is the same.
      notes.push_back(std::string(ruleName(Rule(r))) + ": no games; freestyle's fit is used");
      origins[size_t(r)] = command + "; " + ruleName(Rule(r)) + ": no games; freestyle's fit";
      FeatureLayout layout = layouts[0];
      layout.rule = Rule(r);
      if (layout.colorKeys() != layouts[0].colorKeys()) {
        std::fprintf(stderr, "gomoku-tune: no %s games to fit\n", ruleName(Rule(r)));
        return 1;
      }
      tablesFromFit(layout, thetas[0], scale, weights[r]);
      continue;
    }
    tablesFromFit(layouts[r], thetas[r], scale, weights[r]);
  }
  if (anyRefit) notes.push_back(fmt::format("scale: {:.0f} points per logit of the result", scale));

  // The win chances are refitted with freestyle's tables, or when calibration games are given
  // (a refit of the maps alone, on the engine's games with these tables), each rule's on its
  // own games; otherwise they are kept.
  std::array<WinChanceFit, kRuleCount> win;
  std::array<std::string, kRuleCount> winOrigins;
  for (int r = 0; r < kRuleCount; ++r) {
    win[size_t(r)] = winChanceFit(Rule(r));
    winOrigins[size_t(r)] = winChanceOrigin(Rule(r));
  }
  if (refit[0] || !calibrationGames.empty()) {
    fitWinChancesOn(calibrationGames.empty() ? games : calibrationGames, win, winOrigins, command,
                    notes);
  } else {
    for (int r = 0; r < kRuleCount; ++r)
      notes.push_back(fmt::format("{} win chance = {}: kept", ruleName(Rule(r)),
                                  winChanceFormula(win[size_t(r)])));
  }
  if (!writeTables(out, command, notes, weights, win, origins, winOrigins)) {
    std::fprintf(stderr, "gomoku-tune: cannot write %s\n", out.c_str());
    return 1;
  }
  return 0;
}

int openings(int argc, char** argv) {
  gomoku::tune::OpeningGenOptions o;
  std::string out;
  const std::string command = commandLine(argc, argv);
  bool understood = readOptions(argc, argv, [&](const std::string& arg, const char* value) {
    long long n = 0;
    if (arg == "--out") {
      out = value;
    } else if (arg == "--rule" && gomoku::parseRule(value)) {
      o.rule = *gomoku::parseRule(value);
    } else if (arg == "--size" && parseNumber(value, gomoku::kMinSize, gomoku::kMaxSize, n)) {
      o.size = int(n);
    } else if (arg == "--count" && parseNumber(value, 1, 100000, n)) {
      o.count = int(n);
    } else if (arg == "--min-stones" && parseNumber(value, 1, 40, n)) {
      o.minStones = int(n);
    } else if (arg == "--max-stones" && parseNumber(value, 1, 40, n)) {
      o.maxStones = int(n);
    } else if (arg == "--radius" && parseNumber(value, 1, 10, n)) {
      o.radius = int(n);
    } else if (arg == "--max-score" && parseNumber(value, 0, 10000, n)) {
      o.maxScore = int(n);
    } else if (arg == "--nodes" && parseNumber(value, 100, 100000000, n)) {
      o.nodes = uint64_t(n);
    } else if (arg == "--seed" && parseNumber(value, 0, 1ll << 62, n)) {
      o.seed = uint64_t(n);
    } else {
      return false;
    }
    return true;
  });
  if (!understood) return 2;
  if (out.empty()) {
    usage(stderr);
    return 2;
  }
  return gomoku::tune::generateOpenings(o, command, out) ? 0 : 1;
}

int selectOpenings(int argc, char** argv) {
  gomoku::tune::OpeningSelectOptions o;
  const std::string command = commandLine(argc, argv);
  bool understood = readOptions(argc, argv, [&](const std::string& arg, const char* value) {
    long long n = 0;
    if (arg == "--openings") {
      o.openingsFile = value;
    } else if (arg == "--results") {
      o.resultsFiles = splitList(value);
    } else if (arg == "--out") {
      o.out = value;
    } else if (arg == "--about") {
      o.about = value;
    } else if (arg == "--min-games" && parseNumber(value, 1, 1000000, n)) {
      o.minGames = int(n);
    } else if (arg == "--max-colour-share") {
      char* end = nullptr;
      double x = std::strtod(value, &end);
      if (end == value || *end != '\0' || !(x >= 0.5 && x <= 1.0)) return false;
      o.maxColourShare = x;
    } else {
      return false;
    }
    return true;
  });
  if (!understood) return 2;
  if (o.openingsFile.empty() || o.resultsFiles.empty() || o.out.empty()) {
    usage(stderr);
    return 2;
  }
  if (o.out == o.openingsFile) {
    std::fprintf(stderr, "gomoku-tune: --out must not be the --openings file\n");
    return 2;
  }
  return gomoku::tune::selectOpenings(o, command) ? 0 : 1;
}

int deepPuzzles(int argc, char** argv) {
  gomoku::tune::DeepPuzzleOptions o;
  std::string out;
  const std::string command = commandLine(argc, argv);
  bool understood = readOptions(argc, argv, [&](const std::string& arg, const char* value) {
    long long n = 0;
    if (arg == "--out") {
      out = value;
    } else if (arg == "--games") {
      o.gameFiles = splitList(value);
    } else if (arg == "--max" && parseNumber(value, 1, 100000, n)) {
      o.maxPerKind = int(n);
    } else if (arg == "--min-win-in" && parseNumber(value, 2, 60, n)) {
      o.minWinIn = int(n);
    } else if (arg == "--min-threat-win-in" && parseNumber(value, 2, 60, n)) {
      o.minThreatWinIn = int(n);
    } else {
      return false;
    }
    return true;
  });
  if (!understood) return 2;
  if (out.empty() || o.gameFiles.empty()) {
    usage(stderr);
    return 2;
  }
  return gomoku::tune::mineDeepPuzzles(o, command, out) ? 0 : 1;
}

int verifyDefences(int argc, char** argv) {
  gomoku::tune::VerifyDefencesOptions o;
  const std::string command = commandLine(argc, argv);
  bool understood = readOptions(argc, argv, [&](const std::string& arg, const char* value) {
    long long n = 0;
    if (arg == "--data") {
      o.dataFile = value;
    } else if (arg == "--out") {
      o.out = value;
    } else if (arg == "--search-nodes" && parseNumber(value, 1000, 1000000000, n)) {
      o.searchNodes = uint64_t(n);
    } else {
      return false;
    }
    return true;
  });
  if (!understood) return 2;
  if (o.dataFile.empty() || o.out.empty()) {
    usage(stderr);
    return 2;
  }
  if (o.dataFile == o.out) {
    std::fprintf(stderr,
                 "gomoku-tune: --out must not be the --data file (it is read whole first, "
                 "but a failed run would lose it)\n");
    return 2;
  }
  return gomoku::tune::verifyDefences(o, command) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  std::string mode = argv[1];
  if (mode == "selfplay") return selfPlay(argc, argv);
  if (mode == "fit") return fit(argc, argv);
  if (mode == "openings") return openings(argc, argv);
  if (mode == "select-openings") return selectOpenings(argc, argv);
  if (mode == "deep-puzzles") return deepPuzzles(argc, argv);
  if (mode == "verify-defences") return verifyDefences(argc, argv);
  std::fprintf(stderr, "gomoku-tune: unknown mode '%s'\n", mode.c_str());
  usage(stderr);
  return 2;
}
