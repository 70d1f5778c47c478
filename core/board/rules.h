// Rules of play: which moves are forbidden (renju black) and what wins.
// Freestyle: five or more wins. Standard: exactly five wins, an overline does not.
// Renju: white wins with five or more; black wins only with exactly five, and black's
// double-three, double-four and overline are forbidden. A three counts only if it can become
// a straight four by a move that is not itself forbidden (the recursive definition).
#pragma once

#include <vector>

#include "core/board/board.h"

namespace gomoku {

enum class Forbid { None, DoubleThree, DoubleFour, Overline };
const char* forbidName(Forbid f);

// Why black may not play the empty point p under renju (None for every other rule, color
// or an occupied point). The board is used as scratch space and left exactly as it was.
Forbid forbiddenKind(Board& board, Point p);
inline bool isForbidden(Board& board, Point p) { return forbiddenKind(board, p) != Forbid::None; }

// Every point black may not play now (empty under any rule but renju).
std::vector<Point> forbiddenPoints(Board& board);

// True if color c may legally play p now: on the board, empty, and not forbidden.
bool isLegal(Board& board, Point p, Color c);

// Whether the side to move has a legal point left. False on a full board, and under renju when
// black is to move and every empty point is forbidden (the game is then a draw, as on a full
// board). Stops at the first legal point, so it is cheap in any position short of that.
bool sideToMoveCanPlay(Board& board);

// The stones of the winning line through p (the run of p's color), or empty if p is not part
// of a winning line under the board's rule.
std::vector<Point> winningLine(const Board& board, Point p);

}  // namespace gomoku
