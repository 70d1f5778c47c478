// Line patterns and per-cell threat classes, looked up in tables built once per rule.
//
// For an empty cell and one of the 4 directions, the 11-cell window centred on it (5 each side)
// decides what a stone of a given color placed there makes on that line: a five, a straight
// (open) four, a four, an open three, ... Combining the 4 directions gives the cell's threat
// class (five, open four, four-three, double three, ...). Everything else reads these classes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/board/types.h"

namespace gomoku {

// What placing a stone on the cell makes on one line, weakest first. Open twos and open
// threes are told apart by how many ways they have to grow, as the evaluation prices them
// differently (a two with four points that make an open three feeds a long attack; an open
// three that two points turn into a straight four can only be stopped next to it); the rest
// of the engine reads them as one class each (isOpenTwo, isOpenThree, basePattern).
enum class LinePattern : uint8_t {
  Dead,            // no five can ever be made through this cell on this line
  Overline,        // makes six or more where only exactly five wins
  Block1,
  Flex1,
  Block2,
  Flex2,           // makes an open two: one or two points make it an open three
  Flex2Three,      // an open two three points make an open three (.X.X.)
  Flex2Many,       // an open two four or more points make an open three (..XX..)
  Block3,          // makes a closed three (one move from a four)
  Flex3,           // makes an open three (one move from a straight four): one such move
  Flex3Both,       // an open three two moves make a straight four (..XXX..)
  Block4,          // makes a four with exactly one completion point
  DoubleFourLine,  // makes two fours on the same line (X.XXX.X): two completion points
  Flex4,           // makes a straight (open) four: two completion points five apart
  Five,            // makes a five (exactly five where the rule demands it)
};
constexpr int kLinePatternCount = 15;
constexpr bool isOpenTwo(LinePattern p) {
  return p == LinePattern::Flex2 || p == LinePattern::Flex2Three || p == LinePattern::Flex2Many;
}
constexpr bool isOpenThree(LinePattern p) {
  return p == LinePattern::Flex3 || p == LinePattern::Flex3Both;
}
// The pattern without the open twos' and threes' refinement.
constexpr LinePattern basePattern(LinePattern p) {
  return isOpenTwo(p) ? LinePattern::Flex2 : isOpenThree(p) ? LinePattern::Flex3 : p;
}
const char* linePatternName(LinePattern p);
// A cell's four line patterns for one colour are packed 4 bits a direction (CellInfo::packed);
// direction dir's pattern (15 is no pattern: the tables built over every word skip it).
constexpr LinePattern packedPattern(uint16_t packed, int dir) {
  return static_cast<LinePattern>((packed >> (4 * dir)) & 0xF);
}

// The combined threat of a cell for one color, weakest first (so max() means strongest).
// Forbidden is only produced for black under renju (overline, double four); black's double
// three needs the recursive check in rules.h, so such cells come out as Flex3x2.
enum class Threat : uint8_t {
  Forbidden,
  None,
  Flex2,
  Block3,
  Flex2x2,
  Block3Plus,   // a closed three plus another three or open two
  Flex3,
  Flex3Plus,    // an open three plus a closed three or open two
  Flex3x2,      // double open three
  Block4,
  Block4Plus,   // a four plus a closed three or open two
  Block4Flex3,  // four-three
  OpenFour,     // an open four, or two fours at once: two five points, wins next move
  Five,
};
constexpr int kThreatCount = 14;
const char* threatName(Threat t);

// Cell codes in a line bitboard, 2 bits per cell.
constexpr uint64_t kCodeEmpty = 0, kCodeBlack = 1, kCodeWhite = 2, kCodeWall = 3;
constexpr int kHalfWindow = 5;                       // cells each side of the centre
constexpr uint32_t kWindowMask = (1u << 22) - 1;     // 11 cells x 2 bits

// The table key of a window: the 10 cells other than the centre (20 bits). Under freestyle
// the outermost cells can never be part of a five through the centre, so that rule uses only
// the inner 8 (16 bits): a 128 KiB table that stays in the L2 cache instead of 2 MiB.
constexpr uint32_t windowKey(uint32_t window22) {
  return (window22 & 0x3FFu) | ((window22 >> 12) << 10);
}
constexpr uint32_t compactKey(uint32_t window22) {
  return ((window22 >> 2) & 0xFFu) | (((window22 >> 12) & 0xFFu) << 8);
}

struct PatternTables {
  bool compact = false;  // freestyle: keys from compactKey
  // [key] -> pattern for black (index 0) and white (index 1).
  std::vector<std::array<LinePattern, 2>> line;
  // [color][4 directional patterns packed 4 bits each] -> threat class.
  std::array<std::array<Threat, 1u << 16>, 2> threat;

  const std::array<LinePattern, 2>& patterns(uint32_t window22) const {
    return line[compact ? compactKey(window22) : windowKey(window22)];
  }
  Threat combine(Color c, uint16_t packed) const { return threat[index(c)][packed]; }
};

// Built on first use (thread-safe), then shared read-only.
const PatternTables& patternTables(Rule rule);

// True if a run of `length` stones of color c wins under the rule.
constexpr bool isWinningRun(Rule rule, Color c, int length) {
  bool exact = rule == Rule::Standard || (rule == Rule::Renju && c == Color::Black);
  return exact ? length == 5 : length >= 5;
}

}  // namespace gomoku
