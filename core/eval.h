// Static evaluation from the side to move's view, read from the board's incremental counts
// of line patterns and threat classes over the empty cells. It is linear in those counts, so
// it explains itself exactly: every term is count x weight, and the terms add up to the score.
#pragma once

#include <string>
#include <vector>

#include "core/board.h"

namespace gomoku {

struct EvalTerm {
  std::string name;  // "open three", "four-three", ...
  bool isThreat;     // a cell's combined threat class (else a single line's pattern)
  int count;         // cells (x directions, for line patterns) where the color has it
  int weight;        // value of one, for this color in this position (mover or not)
  int contribution;  // count * weight
};

struct ColorBreakdown {
  Color color = Color::Black;
  bool toMove = false;
  std::vector<EvalTerm> terms;  // only terms with a non-zero count and weight
  int total = 0;
};

struct Breakdown {
  Color perspective = Color::Black;  // the side to move; score is from its view
  ColorBreakdown mover, other;
  int score = 0;                     // mover.total - other.total == evaluate(board)
};

int evaluate(const Board& board);
Breakdown explain(const Board& board);

// What one empty cell means to each color: its four line patterns, its threat class, and its
// value (the weights of those, as the evaluation counts them for the mover).
struct CellExplanation {
  LinePattern pattern[2][kDirCount];
  Threat threat[2];
  int value[2];
};
CellExplanation explainCell(const Board& board, Point p);

}  // namespace gomoku
