#include "core/board/pattern.h"

#include <memory>
#include <mutex>
#include <vector>

namespace gomoku {

const char* linePatternName(LinePattern p) {
  static const char* const kNames[kLinePatternCount] = {"dead",
                                                        "overline",
                                                        "closed one",
                                                        "open one",
                                                        "closed two",
                                                        "open two",
                                                        "open two (3 ways)",
                                                        "open two (4+ ways)",
                                                        "closed three",
                                                        "open three",
                                                        "open three (both ends)",
                                                        "four",
                                                        "double four (line)",
                                                        "open four",
                                                        "five"};
  return kNames[static_cast<int>(p)];
}

const char* threatName(Threat t) {
  static const char* const kNames[kThreatCount] = {
      "forbidden",  "none",       "open two",    "closed three", "double two",
      "three+two",  "open three", "open three+", "double three", "four",
      "four+",      "four-three", "open four",   "five"};
  return kNames[static_cast<int>(t)];
}

namespace {

// A line window seen from one color: 11 cells, centre (index 5) holds our stone.
// 0 = empty, 1 = own stone, 2 = blocked (opponent stone or the board's edge).
constexpr int kCells = 2 * kHalfWindow + 1;
constexpr int kCentre = kHalfWindow;
constexpr int kTernaryStates = 59049;  // 3^10: the 10 cells other than the centre

int ternaryIndex(const uint8_t cells[kCells]) {
  int idx = 0;
  for (int i = kCells - 1; i >= 0; --i)
    if (i != kCentre) idx = idx * 3 + cells[i];
  return idx;
}

// Classifies a window by what it threatens next, recursively: a four has one completion
// point, an open three can become a straight four, and so on down to ones.
class LineClassifier {
 public:
  explicit LineClassifier(bool exactFive) : exactFive_(exactFive), memo_(kTernaryStates, kUnknown) {}

  LinePattern classify(uint8_t cells[kCells]) {
    int idx = ternaryIndex(cells);
    if (memo_[idx] != kUnknown) return static_cast<LinePattern>(memo_[idx]);
    LinePattern result = compute(cells);
    memo_[idx] = static_cast<uint8_t>(result);
    return result;
  }

 private:
  static constexpr uint8_t kUnknown = 0xFF;

  LinePattern compute(uint8_t cells[kCells]) {
    int run = 1;
    for (int i = kCentre - 1; i >= 0 && cells[i] == 1; --i) ++run;
    for (int i = kCentre + 1; i < kCells && cells[i] == 1; ++i) ++run;
    if (exactFive_ ? run == 5 : run >= 5) return LinePattern::Five;
    if (run >= 6) return LinePattern::Overline;  // only reachable with exactFive_

    int fivePoints[kCells];
    int fiveCount = 0;
    bool next[kLinePatternCount] = {};
    int straightFourMoves = 0, openThreeMoves = 0;
    for (int e = 0; e < kCells; ++e) {
      if (cells[e] != 0) continue;
      cells[e] = 1;
      LinePattern p = classify(cells);
      cells[e] = 0;
      if (p == LinePattern::Five)
        fivePoints[fiveCount++] = e;
      else
        next[static_cast<int>(basePattern(p))] = true;  // the counts below refine
      straightFourMoves += p == LinePattern::Flex4;
      openThreeMoves += isOpenThree(p);
    }
    if (fiveCount >= 2) {
      for (int i = 0; i < fiveCount; ++i)
        for (int j = i + 1; j < fiveCount; ++j)
          if (fivePoints[j] - fivePoints[i] == 5) return LinePattern::Flex4;
      return LinePattern::DoubleFourLine;
    }
    if (fiveCount == 1) return LinePattern::Block4;
    auto has = [&](LinePattern p) { return next[static_cast<int>(p)]; };
    if (straightFourMoves > 0)
      return straightFourMoves >= 2 ? LinePattern::Flex3Both : LinePattern::Flex3;
    if (has(LinePattern::Block4) || has(LinePattern::DoubleFourLine)) return LinePattern::Block3;
    if (openThreeMoves > 0)
      return openThreeMoves >= 4   ? LinePattern::Flex2Many
             : openThreeMoves == 3 ? LinePattern::Flex2Three
                                   : LinePattern::Flex2;
    if (has(LinePattern::Block3)) return LinePattern::Block2;
    if (has(LinePattern::Flex2)) return LinePattern::Flex1;
    if (has(LinePattern::Block2)) return LinePattern::Block1;
    return LinePattern::Dead;
  }

  bool exactFive_;
  std::vector<uint8_t> memo_;
};

Threat combineThreat(Rule rule, Color c, const LinePattern p[4]) {
  int n[kLinePatternCount] = {};
  for (int d = 0; d < 4; ++d) ++n[static_cast<int>(basePattern(p[d]))];
  auto count = [&](LinePattern lp) { return n[static_cast<int>(lp)]; };

  if (count(LinePattern::Five)) return Threat::Five;
  bool renjuBlack = rule == Rule::Renju && c == Color::Black;
  int fours = count(LinePattern::Block4) + count(LinePattern::Flex4) +
              2 * count(LinePattern::DoubleFourLine);
  if (renjuBlack && (count(LinePattern::Overline) || fours >= 2)) return Threat::Forbidden;
  if (fours >= 2 || count(LinePattern::Flex4)) return Threat::OpenFour;

  int threes = count(LinePattern::Flex3);
  int minors = count(LinePattern::Block3) + count(LinePattern::Flex2);
  if (fours == 1) {
    if (threes) return Threat::Block4Flex3;
    return minors ? Threat::Block4Plus : Threat::Block4;
  }
  if (threes >= 2) return Threat::Flex3x2;
  if (threes == 1) return minors ? Threat::Flex3Plus : Threat::Flex3;
  if (count(LinePattern::Block3) && minors >= 2) return Threat::Block3Plus;
  if (count(LinePattern::Flex2) >= 2) return Threat::Flex2x2;
  if (count(LinePattern::Block3)) return Threat::Block3;
  if (count(LinePattern::Flex2)) return Threat::Flex2;
  return Threat::None;
}

std::unique_ptr<PatternTables> buildTables(Rule rule) {
  auto tables = std::make_unique<PatternTables>();
  tables->compact = rule == Rule::Freestyle;
  tables->line.resize(tables->compact ? (1u << 16) : (1u << 20));
  LineClassifier atLeastFive(false), exactlyFive(true);
  for (int color = 0; color < 2; ++color) {
    Color c = static_cast<Color>(color);
    bool exact = rule == Rule::Standard || (rule == Rule::Renju && c == Color::Black);
    LineClassifier& classifier = exact ? exactlyFive : atLeastFive;
    uint64_t own = c == Color::Black ? kCodeBlack : kCodeWhite;
    uint8_t cells[kCells];
    uint32_t keyCount = tables->compact ? (1u << 16) : (1u << 20);
    for (uint32_t key = 0; key < keyCount; ++key) {
      // Expand the key to the 10 non-centre cells (compact keys: outermost cells empty).
      uint32_t key20 = tables->compact ? ((key & 0xFFu) << 2) | ((key >> 8) << 10) : key;
      for (int i = 0, bit = 0; i < kCells; ++i) {
        if (i == kCentre) {
          cells[i] = 1;
          continue;
        }
        uint64_t code = (key20 >> bit) & 3u;
        bit += 2;
        cells[i] = code == kCodeEmpty ? 0 : code == own ? 1 : 2;
      }
      tables->line[key][color] = classifier.classify(cells);
    }
    for (uint32_t packed = 0; packed < (1u << 16); ++packed) {
      LinePattern p[4];
      bool valid = true;
      for (int d = 0; d < 4; ++d) {
        const int v = int(packedPattern(uint16_t(packed), d));
        valid = valid && v < kLinePatternCount;
        p[d] = static_cast<LinePattern>(valid ? v : 0);
      }
      tables->threat[color][packed] = valid ? combineThreat(rule, c, p) : Threat::None;
    }
  }
  return tables;
}

}  // namespace

const PatternTables& patternTables(Rule rule) {
  static std::once_flag once[kRuleCount];
  static std::unique_ptr<PatternTables> tables[kRuleCount];
  int r = static_cast<int>(rule);
  std::call_once(once[r], [&] { tables[r] = buildTables(rule); });
  return *tables[r];
}

}  // namespace gomoku
