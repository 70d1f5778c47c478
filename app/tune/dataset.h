// Training positions for the evaluation fit: every searched position of the self-play games,
// as sparse features of the evaluation's tables (from the side to move's view) with the
// game's result and the engine's search score.
#pragma once

#include <cstdint>
#include <vector>

#include "app/tune/selfplay.h"
#include "core/board/board.h"

namespace gomoku::tune {

// Parameters of one rule's fit. The value of a combination is the sum of its four patterns'
// weights plus a residual for the combination itself (regularised harder, so a rare
// combination keeps close to the sum of its lines). Under renju the colors have their own
// parameters; under the other rules black and white share them.
struct FeatureLayout {
  Rule rule = Rule::Freestyle;
  int colorKeys() const { return rule == Rule::Renju ? 2 : 1; }
  static constexpr int kBlock = kLinePatternCount + kComboCount;
  int block(Color c, int relation) const {
    int key = colorKeys() == 2 ? index(c) : 0;
    return (key * 2 + relation) * kBlock;
  }
  int pattern(Color c, int relation, LinePattern p) const { return block(c, relation) + int(p); }
  int combo(Color c, int relation, int combo) const {
    return block(c, relation) + kLinePatternCount + combo;
  }
  int tempo() const { return colorKeys() * 2 * kBlock; }
  // The threat-mask term (eval.h's threatMask), by the mover's color under renju.
  int threat(Color mover, int mask) const {
    return tempo() + 1 + (colorKeys() == 2 ? index(mover) : 0) * kThreatMaskCount + mask;
  }
  int count() const { return tempo() + 1 + colorKeys() * kThreatMaskCount; }
  bool isCombo(int feature) const {
    return feature < tempo() && feature % kBlock >= kLinePatternCount;
  }
  bool isThreat(int feature) const { return feature > tempo(); }
};

struct Sample {
  float result = 0.5f;   // for the side to move: 1 win, 0.5 draw, 0 loss
  float target = 0.5f;   // what the fit aims at: the result, or a mix with the score's chance
  int score = kNoScore;  // the engine's search score before its move (mover's view)
  int baseline = 0;      // the first engine's hand-set evaluation (for "loss before")
  int game = 0;          // index of its game (hold-out split by game)
  uint32_t begin = 0, end = 0;  // its features in Dataset::index / value
};

struct Dataset {
  FeatureLayout layout;
  std::vector<Sample> samples;
  std::vector<uint32_t> index;
  std::vector<float> value;
};

// The positions of the games played under `rule`: the positions before each searched move,
// without those the search never evaluates (a five to make or to block, an open four).
Dataset buildDataset(const std::vector<GameRecord>& games, Rule rule);

// Adds the features of one position (the side to move's view) to `dense` (layout.count()).
void addFeatures(const Board& board, const FeatureLayout& layout, std::vector<float>& dense);

// The first engine's evaluation (twelve line weights, threat bonuses, mover x1.4), kept here
// only to report the loss before the fit.
int baselineEvaluation(const Board& board);

}  // namespace gomoku::tune
