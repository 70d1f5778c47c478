// Candidate moves for a search node, ordered. Forced-move pruning lives here: when the
// opponent has a four only the blocking move is generated; when it can make an open four
// (it has an open three) and we cannot win first, only our fours and the points after which
// it no longer can.
// Under renju, black's forbidden points are never generated.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "core/board/board.h"

namespace gomoku {

struct ScoredMove {
  Point move;
  int score;
};

constexpr int kMaxMoves = kMaxSize * kMaxSize;

struct MoveList {
  std::array<ScoredMove, kMaxMoves> items;
  int count = 0;
  void add(Point p, int score) {
    assert(count < kMaxMoves && "MoveList::add: more moves than points on the board");
    items[count++] = {p, score};
  }
  ScoredMove* begin() { return items.data(); }
  ScoredMove* end() { return items.data() + count; }
  // Sorts by descending score (stable for equal scores: board order).
  void sort();
};

enum class NodeKind {
  WinNow,       // the side to move has a five: list holds that move
  MustBlock,    // the opponent has a four: list holds the block(s)
  DefendThree,  // the opponent can make an open four: our fours + defending points
  Normal,       // every candidate in the area
};

// Threat-based ordering value of p for the side to move (attack + defence).
int orderingScore(const Board& board, Point p);

// Fills `list` with the legal candidate moves for the side to move, each with its ordering
// score, unsorted. The board is only used as scratch by the renju check and left unchanged.
NodeKind generateMoves(Board& board, MoveList& list);

// When nothing stops the opponent's open three (NodeKind::DefendThree with no move): the
// points on its lines and our fours, which at least make it find the win.
void generateDelayingDefence(Board& board, MoveList& list);

// True if color c could make an open four (or a double four) with its next move at a point it
// may play: the threat an open three poses.
bool canMakeOpenFour(Board& board, Color c);

// The empty points where color c would make a five now (at most a few).
int fivePoints(const Board& board, Color c, Point out[], int max);

// True if black may not play p under renju (fast exits before the recursive check).
bool isForbiddenFast(Board& board, Point p);

}  // namespace gomoku
