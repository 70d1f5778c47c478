#include "core/eval.h"

namespace gomoku {

namespace {

// Value of one cell-direction pattern of a color. An open three shows up as two straight-four
// points and two four points, so it is worth about 2*F4 + 2*B4 in all.
constexpr int kPatternWeight[kLinePatternCount] = {
    0,   // dead
    0,   // overline
    1,   // closed one
    3,   // open one
    5,   // closed two
    12,  // open two
    14,  // closed three
    32,  // open three
    45,  // four
    90,  // double four (line)
    90,  // open four
    200, // five
};

// Extra value of a cell whose lines combine into a stronger threat than their sum.
constexpr int kThreatWeight[kThreatCount] = {
    0,    // forbidden
    0,    // none
    0,    // open two
    0,    // closed three
    20,   // double two
    15,   // three + two
    0,    // open three
    30,   // open three +
    120,  // double three
    0,    // four
    40,   // four +
    250,  // four-three
    300,  // open four
    0,    // five
};

// The side to move gets to use its threats first: they are worth more than the same
// threats of the side that just moved (per mille).
constexpr int kMoverScale = 1400;
constexpr int kOtherScale = 1000;

int scaled(int weight, bool mover) { return weight * (mover ? kMoverScale : kOtherScale) / 1000; }

int colorTotal(const Board& b, Color c, bool mover) {
  int total = 0;
  for (int i = 0; i < kLinePatternCount; ++i)
    total += b.patternCount(c, LinePattern(i)) * scaled(kPatternWeight[i], mover);
  for (int i = 0; i < kThreatCount; ++i)
    total += b.threatCount(c, Threat(i)) * scaled(kThreatWeight[i], mover);
  return total;
}

ColorBreakdown colorBreakdown(const Board& b, Color c, bool mover) {
  ColorBreakdown cb;
  cb.color = c;
  cb.toMove = mover;
  for (int i = kLinePatternCount - 1; i >= 0; --i) {
    int count = b.patternCount(c, LinePattern(i)), weight = scaled(kPatternWeight[i], mover);
    if (count && weight)
      cb.terms.push_back({linePatternName(LinePattern(i)), false, count, weight, count * weight});
  }
  for (int i = kThreatCount - 1; i >= 0; --i) {
    int count = b.threatCount(c, Threat(i)), weight = scaled(kThreatWeight[i], mover);
    if (count && weight)
      cb.terms.push_back({threatName(Threat(i)), true, count, weight, count * weight});
  }
  for (const EvalTerm& t : cb.terms) cb.total += t.contribution;
  return cb;
}

}  // namespace

int evaluate(const Board& b) {
  Color us = b.sideToMove();
  return colorTotal(b, us, true) - colorTotal(b, opponent(us), false);
}

Breakdown explain(const Board& b) {
  Breakdown bd;
  bd.perspective = b.sideToMove();
  bd.mover = colorBreakdown(b, bd.perspective, true);
  bd.other = colorBreakdown(b, opponent(bd.perspective), false);
  bd.score = bd.mover.total - bd.other.total;
  return bd;
}

CellExplanation explainCell(const Board& b, Point p) {
  CellExplanation e{};
  const CellInfo& info = b.cell(p);
  for (int c = 0; c < 2; ++c) {
    Color color = Color(c);
    bool mover = color == b.sideToMove();
    e.threat[c] = info.threat[c];
    e.value[c] = scaled(kThreatWeight[int(info.threat[c])], mover);
    for (int d = 0; d < kDirCount; ++d) {
      e.pattern[c][d] = info.pattern(color, d);
      e.value[c] += scaled(kPatternWeight[int(e.pattern[c][d])], mover);
    }
  }
  return e;
}

}  // namespace gomoku
