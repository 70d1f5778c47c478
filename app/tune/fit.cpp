#include "app/tune/fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "core/search/info.h"

namespace gomoku::tune {

namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

double sampleLoss(double logit, double y) {
  // Cross-entropy written to stay finite for large |logit|.
  return std::max(logit, 0.0) - logit * y + std::log1p(std::exp(-std::abs(logit)));
}

double dot(const Dataset& d, const Sample& s, const std::vector<double>& theta) {
  double sum = 0;
  for (uint32_t i = s.begin; i < s.end; ++i) sum += theta[d.index[i]] * d.value[i];
  return sum;
}

}  // namespace

bool isHeldOut(const Sample& s, const FitOptions& o) {
  return s.game % o.holdOutEvery == 0;
}

void setTargets(Dataset& data, const FitOptions& o) {
  for (Sample& s : data.samples) {
    s.target = s.result;
    if (o.resultWeight < 1 && s.score != kNoScore) {
      const double chance =
          isMateScore(s.score) ? (s.score > 0 ? 1.0 : 0.0) : sigmoid(s.score / o.scoreScale);
      s.target = float(o.resultWeight * s.result + (1 - o.resultWeight) * chance);
    }
  }
}

double logLoss(const Dataset& data, const std::vector<double>& theta, const FitOptions& o,
               bool heldOut) {
  double sum = 0;
  size_t n = 0;
  for (const Sample& s : data.samples) {
    if (isHeldOut(s, o) != heldOut) continue;
    sum += sampleLoss(dot(data, s, theta), s.target);
    ++n;
  }
  return n ? sum / double(n) : 0.0;
}

FitResult fitTables(const Dataset& data, const FitOptions& o) {
  FitResult r;
  const int n = data.layout.count();
  const std::vector<double> prior =
      o.prior.size() == size_t(n) ? o.prior : std::vector<double>(size_t(n), 0.0);
  r.theta = prior;
  for (const Sample& s : data.samples) (isHeldOut(s, o) ? r.validCount : r.trainCount)++;
  r.trainBefore = logLoss(data, r.theta, o, false);
  r.validBefore = logLoss(data, r.theta, o, true);

  // The first evaluation at its best scale (points per logit), for comparison.
  auto baselineLoss = [&](double scale, bool heldOut) {
    double sum = 0;
    size_t count = 0;
    for (const Sample& s : data.samples)
      if (isHeldOut(s, o) == heldOut) sum += sampleLoss(s.baseline / scale, s.target), ++count;
    return count ? sum / double(count) : 0.0;
  };
  double bestLoss = 1e9;
  for (double scale = 25; scale <= 3200; scale *= 1.05) {
    double loss = baselineLoss(scale, false);
    if (loss < bestLoss) bestLoss = loss, r.baselineScale = scale;
  }
  r.baselineTrain = bestLoss;
  r.baselineValid = baselineLoss(r.baselineScale, true);

  std::vector<double> grad(n), m(n, 0.0), v(n, 0.0);
  const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
  for (int it = 1; it <= o.iterations; ++it) {
    std::fill(grad.begin(), grad.end(), 0.0);
    for (const Sample& s : data.samples) {
      if (isHeldOut(s, o)) continue;
      const double err = sigmoid(dot(data, s, r.theta)) - s.target;
      for (uint32_t i = s.begin; i < s.end; ++i) grad[data.index[i]] += err * data.value[i];
    }
    const double inv = r.trainCount ? 1.0 / double(r.trainCount) : 0.0;
    // Adam's steps do not shrink by themselves; a feature counted on many cells turns a
    // step's jitter into a large change of the logit, so the rate decays to 1/20.
    const double rate = o.learningRate * std::pow(0.05, double(it) / o.iterations);
    for (int f = 0; f < n; ++f) {
      const double lambda = f == data.layout.tempo()    ? 0.0
                            : data.layout.isThreat(f) ? o.lambdaThreat
                            : data.layout.isCombo(f)  ? o.lambdaCombo
                                                      : o.lambdaPattern;
      const double g = grad[f] * inv + 2 * lambda * (r.theta[f] - prior[f]);
      m[f] = b1 * m[f] + (1 - b1) * g;
      v[f] = b2 * v[f] + (1 - b2) * g * g;
      const double mh = m[f] / (1 - std::pow(b1, it)), vh = v[f] / (1 - std::pow(b2, it));
      r.theta[f] -= rate * mh / (std::sqrt(vh) + eps);
    }
  }
  r.trainAfter = logLoss(data, r.theta, o, false);
  r.validAfter = logLoss(data, r.theta, o, true);
  return r;
}

std::vector<double> thetaFromTables(const FeatureLayout& layout, const EvalWeights& w,
                                    double scale) {
  std::vector<double> theta(size_t(layout.count()), 0.0);
  for (Color c : {Color::Black, Color::White}) {
    if (layout.colorKeys() == 1 && c == Color::White) break;  // shared by both colors
    for (int relation : {kMover, kOther})
      for (int combo = 0; combo < kComboCount; ++combo)
        theta[size_t(layout.combo(c, relation, combo))] = w.cell[index(c)][relation][combo] / scale;
  }
  theta[size_t(layout.tempo())] = w.tempo / scale;
  for (Color mover : {Color::Black, Color::White})
    for (int mask = 0; mask < kThreatMaskCount; ++mask)
      theta[size_t(layout.threat(mover, mask))] = w.threat[index(mover)][mask] / scale;
  return theta;
}

void tablesFromFit(const FeatureLayout& layout, const std::vector<double>& theta, double scale,
                   EvalWeights& out) {
  const PatternTables& patterns = patternTables(layout.rule);
  for (Color c : {Color::Black, Color::White})
    for (int relation : {kMover, kOther})
      for (int combo = 0; combo < kComboCount; ++combo) {
        const auto lines = comboPatterns(combo);
        uint16_t packed = 0;
        double value = theta[layout.combo(c, relation, combo)];
        for (int d = 0; d < 4; ++d) {
          packed = uint16_t(packed | int(lines[d]) << (4 * d));
          value += theta[layout.pattern(c, relation, lines[d])];
        }
        // A point forbidden to black (overline, double four) is worth nothing to black.
        if (patterns.combine(c, packed) == Threat::Forbidden) value = 0;
        out.cell[index(c)][relation][combo] =
            int16_t(std::clamp(std::lround(value * scale), -30000l, 30000l));
      }
  out.tempo = int16_t(std::clamp(std::lround(theta[layout.tempo()] * scale), -30000l, 30000l));
  for (Color mover : {Color::Black, Color::White})
    for (int mask = 0; mask < kThreatMaskCount; ++mask)
      out.threat[index(mover)][mask] = int16_t(
          std::clamp(std::lround(theta[layout.threat(mover, mask)] * scale), -30000l, 30000l));
}

namespace {

// Solves the N x N system h x = g (on copies) by Gaussian elimination with partial pivoting;
// false when it is singular.
template <size_t N>
bool solveLinear(std::array<std::array<double, N>, N> h, std::array<double, N> g,
                 std::array<double, N>& x) {
  for (size_t i = 0; i < N; ++i) {
    size_t pivot = i;
    for (size_t r = i + 1; r < N; ++r)
      if (std::abs(h[r][i]) > std::abs(h[pivot][i])) pivot = r;
    if (std::abs(h[pivot][i]) < 1e-12) return false;
    std::swap(h[i], h[pivot]), std::swap(g[i], g[pivot]);
    for (size_t r = 0; r < N; ++r) {
      if (r == i) continue;
      const double f = h[r][i] / h[i][i];
      for (size_t c = i; c < N; ++c) h[r][c] -= f * h[i][c];
      g[r] -= f * g[i];
    }
  }
  for (size_t i = 0; i < N; ++i) x[i] = g[i] / h[i][i];
  return true;
}

// A position whose search score can calibrate the map: scored, and no proven win or loss.
bool calibrates(const Sample& s) { return s.score != kNoScore && !isMateScore(s.score); }

std::vector<CalibrationBin> emptyBins() {
  std::vector<CalibrationBin> bins;
  for (int i = 0; i < 10; ++i) bins.push_back({i / 10.0, (i + 1) / 10.0});
  return bins;
}

void addToBins(std::vector<CalibrationBin>& bins, double logit, float result) {
  const double predicted = sigmoid(logit);
  CalibrationBin& bin = bins[std::min(9, int(predicted * 10))];
  ++bin.count;
  bin.predicted += predicted;
  bin.observed += result;
  bin.logLoss += sampleLoss(logit, result);
}

void averageBins(std::vector<CalibrationBin>& bins) {
  for (CalibrationBin& bin : bins)
    if (bin.count) bin.predicted /= bin.count, bin.observed /= bin.count, bin.logLoss /= bin.count;
}

}  // namespace

WinChanceFit fitWinChance(const std::vector<Sample>& samples, std::vector<CalibrationBin>& bins) {
  // Fits logit = a x + c x^3 + b, x the score in thousands (so the three columns are of like
  // size), on the games `in` accepts: Newton's method, each step halved until the loss goes
  // down (a few scores far from 0 make the full step overshoot). A negative c would turn the
  // map down far from 0; then the straight logit (c = 0) is fitted instead.
  auto fit = [&](auto in) {
    auto fitWith = [&](bool cubic) {
      using Vec = std::array<double, 3>;
      auto features = [&](double score) {
        const double x = score / 1000;
        return Vec{x, cubic ? x * x * x : 0.0, 1.0};
      };
      auto dot = [](const Vec& w, const Vec& f) { return w[0] * f[0] + w[1] * f[1] + w[2] * f[2]; };
      auto loss = [&](const Vec& w) {
        double sum = 0;
        for (const Sample& s : samples)
          if (calibrates(s) && in(s)) sum += sampleLoss(dot(w, features(s.score)), s.result);
        return sum;
      };
      Vec w{1.0, 0.0, 0.0};
      double current = loss(w);
      for (int it = 0; it < 50; ++it) {
        Vec g{};
        std::array<Vec, 3> h{};
        for (const Sample& s : samples) {
          if (!calibrates(s) || !in(s)) continue;
          const Vec f = features(s.score);
          const double p = sigmoid(dot(w, f)), v = p * (1 - p);
          for (size_t i = 0; i < 3; ++i) {
            g[i] += (p - s.result) * f[i];
            for (size_t j = 0; j < 3; ++j) h[i][j] += v * f[i] * f[j];
          }
        }
        if (!cubic) h[1][1] = 1;  // the unused column: keeps the system solvable (g[1] is 0)
        Vec d{};
        if (!solveLinear(h, g, d)) break;
        double step = 1;
        auto stepped = [&](double t) {
          return Vec{w[0] - t * d[0], w[1] - t * d[1], w[2] - t * d[2]};
        };
        while (step > 1e-4 && loss(stepped(step)) > current) step /= 2;
        if (step <= 1e-4) break;
        w = stepped(step);
        current = loss(w);
      }
      return WinChanceFit{w[0] / 1e3, w[2], w[1] / 1e9};
    };
    const WinChanceFit withCubic = fitWith(true);
    return withCubic.cubic >= 0 ? withCubic : fitWith(false);
  };
  // The calibration table by two-fold cross-validation over the games: each half is
  // predicted by the map fitted on the other half, so every position is held out once.
  bins = emptyBins();
  for (int half = 0; half < 2; ++half) {
    const WinChanceFit other = fit([&](const Sample& s) { return s.game % 2 != half; });
    for (const Sample& s : samples)
      if (calibrates(s) && s.game % 2 == half) addToBins(bins, other.logit(s.score), s.result);
  }
  averageBins(bins);
  return fit([](const Sample&) { return true; });
}

std::vector<CalibrationBin> calibrationOf(const WinChanceFit& map,
                                          const std::vector<Sample>& samples) {
  std::vector<CalibrationBin> bins = emptyBins();
  for (const Sample& s : samples)
    if (calibrates(s)) addToBins(bins, map.logit(s.score), s.result);
  averageBins(bins);
  return bins;
}

double meanLogLoss(const std::vector<CalibrationBin>& bins) {
  double sum = 0;
  int count = 0;
  for (const CalibrationBin& bin : bins) sum += bin.logLoss * bin.count, count += bin.count;
  return count ? sum / count : 0;
}

std::array<RuleWinChance, kRuleCount> fitWinChances(
    const std::vector<GameRecord>& games, const std::array<WinChanceFit, kRuleCount>& kept,
    size_t minPositions) {
  std::array<RuleWinChance, kRuleCount> out;
  for (int r = 0; r < kRuleCount; ++r) {
    RuleWinChance& rule = out[size_t(r)];
    rule.map = kept[size_t(r)];
    const std::vector<Sample> samples = buildDataset(games, Rule(r)).samples;
    rule.positions = size_t(std::count_if(samples.begin(), samples.end(), calibrates));
    if (rule.positions < minPositions) continue;
    rule.before = calibrationOf(rule.map, samples);
    const WinChanceFit refit = fitWinChance(samples, rule.heldOut);
    rule.fitted = meanLogLoss(rule.heldOut) < meanLogLoss(rule.before);
    if (rule.fitted) rule.map = refit;
  }
  return out;
}

namespace {

// One innermost array of the generated file: `indent{`, the values `perLine` to a line one
// space further in, then `indent},`.
void writeValues(std::ofstream& out, const int16_t* values, int count, int perLine,
                 const char* indent) {
  out << indent << "{";
  for (int i = 0; i < count; ++i) {
    if (i % perLine == 0) out << "\n" << indent << " ";
    out << values[i] << ",";
  }
  out << "\n" << indent << "},\n";
}

// `text` as a C++ string literal.
std::string quoted(const std::string& text) {
  std::string literal = "\"";
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20) {  // a control character: its octal escape
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\%03o", unsigned(static_cast<unsigned char>(c)));
      literal += escape;
      continue;
    }
    if (c == '"' || c == '\\') literal += '\\';
    literal += c;
  }
  return literal + "\"";
}

// One array of origins, a C++ string literal a rule, after its comment.
void writeOrigins(std::ofstream& out, const char* name,
                  const std::array<std::string, kRuleCount>& origins, const char* comment) {
  out << comment << "constexpr const char* " << name << "[" << kRuleCount << "] = {\n";
  for (const std::string& origin : origins) out << "  " << quoted(origin) << ",\n";
  out << "};\n";
}

}  // namespace

bool writeTables(const std::string& path, const std::string& command,
                 const std::vector<std::string>& notes, const EvalWeights weights[kRuleCount],
                 const std::array<WinChanceFit, kRuleCount>& win,
                 const std::array<std::string, kRuleCount>& origins,
                 const std::array<std::string, kRuleCount>& winOrigins) {
  std::ofstream out(path);
  if (!out) return false;
  out << "// Generated by gomoku-tune; do not edit. Produced by:\n//   " << command << "\n";
  for (const std::string& note : notes) out << "// " << note << "\n";
  out << "// kCell[rule][color][relation: mover, other][combination] (eval_tables.h), points.\n";
  out << "constexpr int16_t kCell[" << kRuleCount << "][2][2][" << kComboCount << "] = {\n";
  for (int r = 0; r < kRuleCount; ++r) {
    out << " { // " << ruleName(Rule(r)) << "\n";
    for (int c = 0; c < 2; ++c) {
      out << "  {\n";
      for (int rel = 0; rel < 2; ++rel) {
        writeValues(out, weights[r].cell[c][rel], kComboCount, 24, "   ");
      }
      out << "  },\n";
    }
    out << " },\n";
  }
  out << "};\n";
  out << "constexpr int16_t kTempo[" << kRuleCount << "] = {";
  for (int r = 0; r < kRuleCount; ++r) out << (r ? ", " : "") << weights[r].tempo;
  out << "};\n";
  out << "// kThreat[rule][mover's color][threat mask] (eval_tables.h), points.\n";
  out << "constexpr int16_t kThreat[" << kRuleCount << "][2][" << kThreatMaskCount << "] = {\n";
  for (int r = 0; r < kRuleCount; ++r) {
    out << " { // " << ruleName(Rule(r)) << "\n";
    for (int c = 0; c < 2; ++c) {
      writeValues(out, weights[r].threat[c], kThreatMaskCount, 32, "  ");
    }
    out << " },\n";
  }
  out << "};\n";
  // (No line of this array ends with a rule's name: tests/tune's check of a kept table reads
  // the file from one such line to the next.)
  out << "// kWin[rule] = {scale, offset, cubic}: the score -> win chance map (eval_tables.h), "
         "rules in\n// the order freestyle, standard, renju.\n";
  out << "constexpr double kWin[" << kRuleCount << "][3] = {\n";
  for (const WinChanceFit& map : win) {
    char line[160];
    std::snprintf(line, sizeof line, "  {%.9g, %.9g, %.9g},\n", map.scale, map.offset, map.cubic);
    out << line;
  }
  out << "};\n";
  writeOrigins(out, "kOrigin", origins,
               "// kOrigin[rule]: the fit that made each rule's tables (its command and what it "
               "reported);\n// a fit that keeps a rule's tables copies the line compiled in "
               "(evalTablesOrigin).\n");
  writeOrigins(out, "kWinOrigin", winOrigins,
               "// kWinOrigin[rule]: the fit that made each rule's win-chance map (its command and "
               "the map's\n// calibration); a fit that keeps a map copies the line compiled in "
               "(winChanceOrigin).\n");
  return bool(out);
}

}  // namespace gomoku::tune
