#include "app/tune/dataset.h"

#include <map>
#include <tuple>
#include <utility>

#include "core/eval/eval.h"

namespace gomoku::tune {

namespace {

// Each empty cell's combination (and its line patterns) for both colours, by their relation to
// `us`, weighted by `weight`.
void addCellFeatures(const Board& b, Color us, float weight, const FeatureLayout& layout,
                     std::vector<float>& dense) {
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      Point p = makePoint(x, y);
      if (b.at(p) != Color::Empty) continue;
      for (Color c : {Color::Black, Color::White}) {
        if (c == Color::Black && forbiddenForBlack(b, p)) continue;  // worth nothing to black
        const int relation = c == us ? kMover : kOther;
        const float sign = c == us ? weight : -weight;
        const int combo = comboIndex(b.cell(p).packed[index(c)]);
        // A cell dead in every direction is the reference: worth 0 (the count of empty
        // cells would otherwise stand in for the move number).
        if (combo == 0) continue;
        dense[layout.combo(c, relation, combo)] += sign;
        for (LinePattern lp : comboPatterns(combo))
          if (lp != LinePattern::Dead) dense[layout.pattern(c, relation, lp)] += sign;
      }
    }
}

// The evaluation's board size term as features: the empty fitted-size board less the empty
// board of this size, in the same tables' values, so that the fit sees the score the
// evaluation gives. The same for every position of a size, rule and side to move, so made once
// each (the two empty boards took 40 % of reading 20x20 games). The tuner is single-threaded.
const std::vector<std::pair<int, float>>& boardSizeFeatures(const Board& b,
                                                            const FeatureLayout& layout) {
  static std::map<std::tuple<int, Rule, Color, Rule>, std::vector<std::pair<int, float>>> made;
  const Color us = b.sideToMove();
  auto [at, isNew] = made.try_emplace({b.size(), b.rule(), us, layout.rule});
  if (isNew) {
    std::vector<float> dense(size_t(layout.count()), 0.0f);
    addCellFeatures(Board(kFittedBoardSize, b.rule()), us, 1.0f, layout, dense);
    addCellFeatures(Board(b.size(), b.rule()), us, -1.0f, layout, dense);
    for (int f = 0; f < int(dense.size()); ++f)
      if (dense[f] != 0.0f) at->second.emplace_back(f, dense[f]);
  }
  return at->second;
}

}  // namespace

void addFeatures(const Board& b, const FeatureLayout& layout, std::vector<float>& dense) {
  const Color us = b.sideToMove();
  addCellFeatures(b, us, 1.0f, layout, dense);
  if (b.size() != kFittedBoardSize)
    for (const auto& [feature, value] : boardSizeFeatures(b, layout))
      dense[size_t(feature)] += value;
  dense[layout.tempo()] += 1.0f;
  dense[layout.threat(us, threatMask(b))] += 1.0f;
}

int baselineEvaluation(const Board& b) {
  static constexpr int kPattern[kLinePatternCount] = {0,  0,  1,  3,  5,  12, 12, 12,
                                                      14, 32, 32, 45, 90, 90, 200};
  static constexpr int kThreat[kThreatCount] = {0, 0, 0, 0, 20, 15, 0, 30, 120, 0, 40, 250, 300, 0};
  auto total = [&](Color c, int scale) {
    int sum = 0;
    const auto patterns = b.patternCounts(c);
    for (int i = 0; i < kLinePatternCount; ++i) sum += patterns[i] * (kPattern[i] * scale / 1000);
    for (int i = 0; i < kThreatCount; ++i)
      sum += b.threatCount(c, Threat(i)) * (kThreat[i] * scale / 1000);
    return sum;
  };
  return total(b.sideToMove(), 1400) - total(opponent(b.sideToMove()), 1000);
}

Dataset buildDataset(const std::vector<GameRecord>& games, Rule rule) {
  Dataset data;
  data.layout.rule = rule;
  std::vector<float> dense(data.layout.count(), 0.0f);
  for (size_t gi = 0; gi < games.size(); ++gi) {
    const GameRecord& g = games[gi];
    if (g.rule != rule) continue;
    Board board(g.size, g.rule);
    for (int ply = 0; ply < int(g.moves.size()); ++ply) {
      const Color us = board.sideToMove(), them = opponent(us);
      const bool searched = ply >= g.openingPlies;
      const bool quiet = board.threatCount(us, Threat::Five) == 0 &&
                         board.threatCount(them, Threat::Five) == 0 &&
                         board.threatCount(us, Threat::OpenFour) == 0;
      if (searched && quiet) {
        Sample s;
        const int blackResult = g.result;  // +1 black won
        const int ours = us == Color::Black ? blackResult : -blackResult;
        s.result = ours > 0 ? 1.0f : ours < 0 ? 0.0f : 0.5f;
        const size_t k = size_t(ply - g.openingPlies);
        s.score = k < g.scores.size() ? g.scores[k] : kNoScore;
        s.baseline = baselineEvaluation(board);
        s.game = int(gi);
        std::fill(dense.begin(), dense.end(), 0.0f);
        addFeatures(board, data.layout, dense);
        s.begin = uint32_t(data.index.size());
        for (int f = 0; f < int(dense.size()); ++f)
          if (dense[f] != 0.0f) {
            data.index.push_back(uint32_t(f));
            data.value.push_back(dense[f]);
          }
        s.end = uint32_t(data.index.size());
        data.samples.push_back(s);
      }
      board.place(g.moves[ply]);
    }
  }
  return data;
}

}  // namespace gomoku::tune
