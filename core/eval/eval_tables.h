// The evaluation's fitted tables. A cell's four line patterns (one per direction) form a
// combination; direction order does not matter, so combinations are counted as sorted
// multisets (3060 of them). For each rule, color and relation to the side to move, each
// combination has a value; the evaluation is the sum of those values over the empty cells.
// The values are fitted by gomoku-tune (app/tune) and compiled in from eval_tables.inc.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/board/pattern.h"
#include "core/board/types.h"

namespace gomoku {

constexpr int kComboCount = 3060;      // multisets of 4 out of 15 line patterns
constexpr int kMover = 0, kOther = 1;  // relation of a color to the side to move
// The threats each side can make with its next stone, as 7 bits a side (eval.h's
// threatMask): the mover's bits, then the other side's. The one term of the evaluation that
// is not a sum over cells: it is what a sum cannot say (a four-three to make wins for the
// side to move and only threatens for the other; two such points cannot both be blocked).
constexpr int kThreatMaskBits = 7;
constexpr int kThreatMaskCount = 1 << (2 * kThreatMaskBits);

struct EvalWeights {
  // [color][relation][combination]: the value of one empty cell for that color. A point
  // forbidden to black under renju is worth nothing to black (0).
  int16_t cell[2][2][kComboCount];
  int16_t tempo;  // the side to move's own term, once per position
  // [mover's color (renju; else both the same)][threatMask]: once per position.
  int16_t threat[2][kThreatMaskCount];
};

// The compiled-in weights of a rule.
const EvalWeights& evalWeights(Rule rule);

// The same values looked up by a cell's packed patterns directly (4 bits per direction),
// [color][packed]: what the board's incremental sums read, one load per cell instead of the
// combination's index and then its value. 512 KiB per rule, built on first use.
struct CellValue {
  int16_t mover, other;
};
using PackedCellValues = std::array<std::array<CellValue, 1 << 16>, 2>;
const PackedCellValues& packedCellValues(Rule rule);

// The combination of a cell's packed patterns (4 bits per direction).
uint16_t comboIndex(uint16_t packed);
// Its patterns, strongest first.
std::array<LinePattern, 4> comboPatterns(int combo);
// "open three + closed two", "four + open three + open two", "nothing" (all dead).
std::string comboName(int combo);

// Score -> the side to move's chance to win, fitted on self-play results (see info.cpp).
// logit = scale * score + cubic * score^3 + offset. The cubic term (never negative, so the
// map rises with the score) lets the chance go nearer 0 and 1 far from 0 than a straight
// logit can: on the engine's self-play games a straight fit said 6 % where 1 % were won.
// One map per rule: a score is what that rule's tables make of a position, and the same score
// does not win as often under every rule (on 1,000 renju self-play games, freestyle's map said
// 3.7 % where 6.3 % were won, and 95.9 % where 92.2 % were).
struct WinChanceFit {
  double scale;
  double offset;
  double cubic = 0;
  double logit(double score) const {
    return scale * score + cubic * score * score * score + offset;
  }
};
WinChanceFit winChanceFit(Rule rule);

// How a rule's compiled tables were made: the fit's command and what it reported, as the
// generated file records them (kOrigin). A fit that keeps a rule's tables copies its origin,
// so the file says how every rule's tables were made, not only the last fit's.
const char* evalTablesOrigin(Rule rule);

// How a rule's compiled win-chance map was made: the fit's command and the map's calibration
// (held out, against the map before), as the generated file records them (kWinOrigin). A fit
// that keeps a map copies its origin, so a refit of the tables alone does not lose it.
const char* winChanceOrigin(Rule rule);

}  // namespace gomoku
