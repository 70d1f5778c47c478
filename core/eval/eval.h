// Static evaluation from the side to move's view: the sum over the empty cells of the fitted
// value of each cell's combination of line patterns (eval_tables.h), for the mover and for
// the other color, plus a side-to-move term, a term for the threats both sides can make next
// (threatMask), which a sum over cells cannot say, and on a board other than 15x15 a term that
// takes out what its extra or missing empty cells would add. The board keeps the sums and the
// threat counts incrementally; under renju a point forbidden to black is worth nothing to
// black. It explains itself exactly: every term is count x weight, and the terms add up to
// the score.
#pragma once

#include <string>
#include <vector>

#include "core/board/board.h"

namespace gomoku {

struct EvalTerm {
  std::string name;  // "open three + open two", "four (line)", "side to move", ...
  bool isThreat;     // a combination of two or more live lines (else one line, or tempo)
  int count;         // cells where the color has this combination
  int weight;        // value of one such cell, for this color in this position (mover or not)
  int contribution;  // count * weight
  std::vector<Point> cells = {};  // the cells counted (empty for the side-to-move term)
  // A stone on these cells would stand alone on every line (each line a lone stone or dead,
  // one at least alive): most of an open board is such cells, for both colors alike, so their
  // sums are the largest and partly cancel (what is left is mostly the side to move's edge
  // early in the game); the panel groups them.
  bool alone = false;
};

struct ColorBreakdown {
  Color color = Color::Black;
  bool toMove = false;
  std::vector<EvalTerm> terms;  // only terms with a non-zero count and weight, largest first
  int total = 0;
};

struct Breakdown {
  Color perspective = Color::Black;  // the side to move; score is from its view
  ColorBreakdown mover, other;
  int score = 0;  // mover.total - other.total == evaluate(board)
};

int evaluate(const Board& board);

// The board size the tables' values mean: a position on another board scores as its stones
// would on this one, by a board size term (eval.cpp, boardSizeTerm; the fit adds the same
// term's features to a position of another size). Its name in the breakdown:
constexpr int kFittedBoardSize = 15;
inline constexpr const char* kBoardSizeTermName = "board size (scored as on 15x15)";

// The threats each side can make with its next stone (eval_tables.h): for the side to move in
// the low kThreatMaskBits bits, for the other side in the next ones. Per side: an open four
// (or double four) to make; a four-three; a double three; an open three; a four; two or more
// of the first three kinds; three or more points that make an open three plus a closed three
// or an open two.
int threatMask(const Board& board);
// The breakdown's name of that term: "threats to make next (black: four-three, open three;
// white: four)".
std::string threatMaskName(const Board& board);
Breakdown explain(const Board& board);

// What one empty cell means to each color: its four line patterns, its threat class, and its
// value (the table value of its combination, as the evaluation counts it for that color in
// this position: 0 for black on a point forbidden under renju).
struct CellExplanation {
  LinePattern pattern[2][kDirCount];
  Threat threat[2];
  int value[2];
};
CellExplanation explainCell(const Board& board, Point p);

// True if p is an empty point black may not play under renju (the evaluation counts it as
// worth nothing to black). Fast for every other rule and for most cells.
bool forbiddenForBlack(const Board& board, Point p);

}  // namespace gomoku
