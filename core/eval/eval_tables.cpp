#include "core/eval/eval_tables.h"

#include <algorithm>
#include <bit>
#include <memory>

namespace gomoku {

namespace fitted {
#include "core/eval/eval_tables.inc"
}  // namespace fitted

namespace {

struct ComboTables {
  std::array<uint16_t, 1 << 16> ofPacked{};
  std::array<std::array<LinePattern, 4>, kComboCount> patterns{};
  ComboTables() {
    // Multisets enumerated as a >= b >= c >= d; the index of a sorted tuple is its rank.
    int rank[kLinePatternCount][kLinePatternCount][kLinePatternCount][kLinePatternCount] = {};
    int n = 0;
    for (int a = 0; a < kLinePatternCount; ++a)
      for (int b = 0; b <= a; ++b)
        for (int c = 0; c <= b; ++c)
          for (int d = 0; d <= c; ++d) {
            rank[a][b][c][d] = n;
            patterns[n] = {LinePattern(a), LinePattern(b), LinePattern(c), LinePattern(d)};
            ++n;
          }
    for (uint32_t packed = 0; packed < (1u << 16); ++packed) {
      int p[4];
      bool valid = true;
      for (int dir = 0; dir < 4; ++dir) {
        p[dir] = int(packedPattern(uint16_t(packed), dir));
        valid = valid && p[dir] < kLinePatternCount;
      }
      if (!valid) continue;
      std::sort(p, p + 4, [](int x, int y) { return x > y; });
      ofPacked[packed] = static_cast<uint16_t>(rank[p[0]][p[1]][p[2]][p[3]]);
    }
  }
};

const ComboTables& combos() {
  static const ComboTables tables;
  return tables;
}

// Tables fitted when the threat mask had fewer bits a side are read with the new bits
// ignored, so that a new bit plays exactly as before until a fit gives it values (and the fit
// can start from the compiled tables).
constexpr int kFittedMaskCount = int(sizeof(fitted::kThreat[0][0]) / sizeof(int16_t));
constexpr int kFittedMaskBits = std::countr_zero(unsigned(kFittedMaskCount)) / 2;
static_assert(kFittedMaskCount == 1 << (2 * kFittedMaskBits) && kFittedMaskBits <= kThreatMaskBits);
constexpr int fittedThreatMask(int mask) {
  constexpr int low = (1 << kFittedMaskBits) - 1;
  return (mask & low) | ((mask >> kThreatMaskBits) & low) << kFittedMaskBits;
}

struct AllWeights {
  EvalWeights rule[kRuleCount];
  AllWeights() {
    for (int r = 0; r < kRuleCount; ++r) {
      for (int c = 0; c < 2; ++c)
        for (int rel = 0; rel < 2; ++rel)
          for (int k = 0; k < kComboCount; ++k)
            rule[r].cell[c][rel][k] = fitted::kCell[r][c][rel][k];
      rule[r].tempo = fitted::kTempo[r];
      for (int c = 0; c < 2; ++c)
        for (int m = 0; m < kThreatMaskCount; ++m)
          rule[r].threat[c][m] = fitted::kThreat[r][c][fittedThreatMask(m)];
    }
  }
};

}  // namespace

const EvalWeights& evalWeights(Rule rule) {
  static const AllWeights weights;
  return weights.rule[static_cast<int>(rule)];
}

const PackedCellValues& packedCellValues(Rule rule) {
  static const auto tables = [] {
    auto all = std::make_unique<std::array<PackedCellValues, kRuleCount>>();
    for (int r = 0; r < kRuleCount; ++r) {
      const EvalWeights& w = evalWeights(Rule(r));
      for (int c = 0; c < 2; ++c)
        for (uint32_t packed = 0; packed < (1u << 16); ++packed) {
          const int combo = combos().ofPacked[packed];
          (*all)[r][c][packed] = {w.cell[c][kMover][combo], w.cell[c][kOther][combo]};
        }
    }
    return all;
  }();
  return (*tables)[static_cast<int>(rule)];
}

uint16_t comboIndex(uint16_t packed) {
  return combos().ofPacked[packed];
}

std::array<LinePattern, 4> comboPatterns(int combo) {
  return combos().patterns[combo];
}

std::string comboName(int combo) {
  std::string name;
  for (LinePattern p : comboPatterns(combo)) {
    if (p == LinePattern::Dead) continue;
    if (!name.empty()) name += " + ";
    name += linePatternName(p);
  }
  return name.empty() ? "nothing" : name;
}

WinChanceFit winChanceFit(Rule rule) {
  const double* w = fitted::kWin[int(rule)];
  return {w[0], w[1], w[2]};
}

const char* evalTablesOrigin(Rule rule) {
  return fitted::kOrigin[int(rule)];
}

const char* winChanceOrigin(Rule rule) {
  return fitted::kWinOrigin[int(rule)];
}

}  // namespace gomoku
