// The order a node's moves are searched in. movegen gives the candidates with their threat
// scores; the picker adds what the search has learnt — the table's move first, then the
// killers, the counter-move, history and continuation history — and hands the moves out one
// at a time, best first, with a selection step each: a node that cuts off early sorts little.
// Not staged (the table's move tried before the list is made): on the depth-8 bench (da7d991)
// 160,259 nodes reach the move loop, 123,339 of them forced (a four or an open three to
// answer, short lists), and of the 36,920 others only 4,433 cut off on a table move, so a
// stage would skip the candidate scan at 2.8 % of the nodes that reach the loop.
#pragma once

#include <cstdint>

#include "core/search/movegen.h"

namespace gomoku {

// What the search knows about good moves at one node. Null pointers and kNullPoint mean
// "nothing known".
struct OrderingHints {
  Point ttMove = kNullPoint;
  Point killers[2] = {kNullPoint, kNullPoint};
  Point counter = kNullPoint;     // the move that last refuted the opponent's last move
  const int* history = nullptr;   // [point] for the side to move
  const int16_t* afterTheirs = nullptr;  // continuation history after the opponent's last move
  const int16_t* afterOurs = nullptr;    // ... and after our own move before it
};

class MovePicker {
 public:
  // Scores `list` (generated for this node) in place.
  MovePicker(MoveList& list, const OrderingHints& hints);
  // The best move not yet handed out, or kNullPoint when every move has been.
  Point next();
  // Drops the moves not yet handed out for which drop(move) is true (late-move pruning's
  // quiet moves, once it prunes them all), keeping the others' order in the list.
  template <class Drop>
  void dropRemaining(Drop&& drop) {
    int kept = next_;
    for (int i = next_; i < list_.count; ++i)
      if (!drop(list_.items[i].move)) list_.items[kept++] = list_.items[i];
    list_.count = kept;
  }

 private:
  MoveList& list_;
  int next_ = 0;
};

}  // namespace gomoku
