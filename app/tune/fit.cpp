#include "app/tune/fit.h"

#include <algorithm>
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
  r.theta.assign(n, 0.0);
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
      const double g = grad[f] * inv + 2 * lambda * r.theta[f];
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

WinChanceFit fitWinChance(const std::vector<Sample>& samples, const FitOptions& o,
                          std::vector<CalibrationBin>& bins) {
  (void)o;
  auto usable = [](const Sample& s) { return s.score != kNoScore && !isMateScore(s.score); };
  // Fits logit = a * score + b on the games `in` accepts: Newton's method, each step halved
  // until the loss goes down (a few scores far from 0 make the full step overshoot).
  auto fit = [&](auto in) {
    auto loss = [&](double sa, double sb) {
      double sum = 0;
      for (const Sample& s : samples)
        if (usable(s) && in(s)) sum += sampleLoss(sa * s.score + sb, s.result);
      return sum;
    };
    double a = 1.0 / 1000, b = 0, current = loss(a, b);
    for (int it = 0; it < 50; ++it) {
      double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
      for (const Sample& s : samples) {
        if (!usable(s) || !in(s)) continue;
        const double x = s.score, p = sigmoid(a * x + b), w = p * (1 - p);
        ga += (p - s.result) * x, gb += p - s.result;
        haa += w * x * x, hab += w * x, hbb += w;
      }
      const double det = haa * hbb - hab * hab;
      if (std::abs(det) < 1e-12) break;
      const double da = (hbb * ga - hab * gb) / det, db = (haa * gb - hab * ga) / det;
      double step = 1;
      while (step > 1e-4 && loss(a - step * da, b - step * db) > current) step /= 2;
      if (step <= 1e-4) break;
      a -= step * da, b -= step * db;
      current = loss(a, b);
    }
    return WinChanceFit{a, b};
  };
  // The calibration table by two-fold cross-validation over the games: each half is
  // predicted by the map fitted on the other half, so every position is held out once.
  bins.clear();
  for (int i = 0; i < 10; ++i) bins.push_back({i / 10.0, (i + 1) / 10.0});
  for (int half = 0; half < 2; ++half) {
    const WinChanceFit other = fit([&](const Sample& s) { return s.game % 2 != half; });
    for (const Sample& s : samples) {
      if (!usable(s) || s.game % 2 != half) continue;
      const double p = sigmoid(other.scale * s.score + other.offset);
      CalibrationBin& bin = bins[std::min(9, int(p * 10))];
      ++bin.count;
      bin.predicted += p;
      bin.observed += s.result;
    }
  }
  for (CalibrationBin& bin : bins)
    if (bin.count) bin.predicted /= bin.count, bin.observed /= bin.count;
  return fit([](const Sample&) { return true; });
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

}  // namespace

bool writeTables(const std::string& path, const std::string& command,
                 const std::vector<std::string>& notes, const EvalWeights weights[kRuleCount],
                 const WinChanceFit& win) {
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
  char line[160];
  std::snprintf(line, sizeof line, "constexpr double kWinScale = %.9g, kWinOffset = %.9g;\n",
                win.scale, win.offset);
  out << line;
  return bool(out);
}

}  // namespace gomoku::tune
