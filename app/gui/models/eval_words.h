// The evaluation panel's model, in the player's words: the threats on the board counted as a
// player counts them (formations of stones, not empty points), the engine's static
// evaluation as signed lines that add up to its score, and under renju the points black may
// not play, listed as black's weaknesses. Without SDL or ImGui, so tests can read it.
#pragma once

#include <string>
#include <vector>

#include "core/eval/eval.h"
#include "core/board/rules.h"

namespace gomoku::gui {

// Formations of one color on the board, each counted once however many empty points extend
// it: a four has one point that makes five, an open four two; an open three is three stones
// one move from an open four.
struct ThreatCount {
  int openFours = 0;  // two ways to five (also X.XXX.X)
  int fours = 0;      // one way to five
  int openThrees = 0;
  bool any() const { return openFours + fours + openThrees > 0; }
};
ThreatCount countThreats(const Board& board, Color color);
// "black: 2 open threes, 1 four" / "white: no threats on the board" (what can be made next is
// the evaluation's threats term, so the empty case names the board).
std::string threatSentence(Color color, const ThreatCount& count);

// One line of the evaluation as shown: what is counted, how many, the weight of one, and the
// signed contribution to the score of the side to move (the other color's lines subtract).
struct EvalLine {
  Color color = Color::Black;  // whose stones the line counts
  // What the empty points counted would make for `color`: "an open three (per line)" (a line
  // pattern, counted once per direction), "a four-three" (a cell's combined threat).
  std::string what;
  int count = 0, weight = 0;
  int contribution = 0;  // +count*weight for the side to move, -count*weight otherwise
  // Points where a stone of `color` would stand alone on every line (EvalTerm::alone).
  bool alone = false;
};

// A color's lines of points where its stone would stand alone, summed: on an open board most
// empty points, for both colors alike, so the two sums are large and partly cancel. The panel
// shows each as one row, and the pair's net, ahead of the lines that say why.
struct AloneSum {
  int points = 0;        // empty points counted (the lines' counts)
  int lines = 0;         // how many lines
  int contribution = 0;  // signed, as the lines'
};

struct Weakness {
  Point point = kNullPoint;
  Forbid kind = Forbid::None;
  int credited = 0;  // what the evaluation still counts for black at that point (0 is right)
};

struct EvalWords {
  Color toMove = Color::Black;
  ThreatCount threats[2];                 // [index(color)]
  std::vector<EvalLine> lines;            // the side to move's lines first, then the other's
  AloneSum alone[2];                      // [index(color)]: its lines with `alone` set, summed
  int boardSizeTerm = 0;  // its line's contribution (0 on 15x15): it offsets the lone points'
                          // sums for the empty points a board of another size adds or lacks
  int total = 0;                          // sum of lines[].contribution
  int score = 0;                          // evaluate(board)
  std::vector<Weakness> blackWeaknesses;  // renju: points forbidden to black
  // Empty when the position is quiet. Otherwise why the static score is not the position's
  // worth: the side to move has a five to make (won), or must first block the other's four
  // - the evaluation counts each side's next stones as if it were free to play them, and the
  // engine's search plays the five or the block before it evaluates anything.
  std::string notQuiet;
  bool addsUp() const { return total == score; }
};
EvalWords evalWords(const Board& board);
// EvalWords::notQuiet for this position.
std::string notQuietSentence(const Board& board);

}  // namespace gomoku::gui
