#include "core/search/movepick.h"

#include <algorithm>
#include <utility>

namespace gomoku {

// (Tried at 0.05 s a move, 800 games each: continuation history / 16 instead of / 32, -10.0
// +/- 23.6 Elo; killers +1500 instead of +900, -18.7 +/- 23.5. Session 42: a bonus for
// nearness to the opponent's last move - +200 next to it, +100 two away, +50 on one of its
// lines within 4 - 341-387-72, -20.0 +/- 23.0 (srand 4204): the continuation history already
// knows which points answer that move; a third continuation row, after our move four plies
// back (at / 64, taught half the bonus), 360-380-60, -8.7 +/- 23.2 (srand 4206). Session 65:
// a history of its own for our moves of an open three or more - taught by those that cut at
// a node with nothing to answer, and read (/ 16, at most 400) for those moves instead of the
// quiet history, as Rapfi keeps one for attacks - 477-468-55 over 1,000 freestyle games, +3.1
// +/- 15.4 Elo by pairs (srand 6521). Session 66: Stockfish's low-ply history - a row for each
// of the plies 1 to 3, taught with gravity by the quiet moves that cut there and cleared at
// each new search, read at / 16 - 478-490-68 over 1,036 games over openings_freestyle15_sel.txt,
// -4.0 +/- 17.9 Elo by pairs. Session 70: a continuation history by the move's offset from the
// opponent's last move and from our own move before it (within 7 either way, 15 x 15 entries
// each, shared by both colours, taught like the continuation rows), as gomoku's shapes repeat
// anywhere on the board where the points' rows learn each point apart: at / 32 the bench's
// tree at depth 12 13 % larger, at / 128 3 % larger; at / 128, 477-493-66 over 1,036 freestyle
// games at 0.05 s a move, -5.4 +/- 17.5 Elo by pairs. Not kept.)
MovePicker::MovePicker(MoveList& list, const OrderingHints& hints) : list_(list) {
  for (ScoredMove& m : list_) {
    m.score += ((hints.afterTheirs ? hints.afterTheirs[m.move] : 0) +
                (hints.afterOurs ? hints.afterOurs[m.move] : 0)) /
               32;
    if (m.move == hints.ttMove)
      m.score += 1 << 24;  // above any threat score
    else if (m.move == hints.killers[0] || m.move == hints.killers[1])
      m.score += 900;
    else if (m.move == hints.counter)
      m.score += 800;
    if (hints.history) m.score += std::min(hints.history[m.move] >> 4, 800);
  }
}

Point MovePicker::next() {
  if (next_ >= list_.count) return kNullPoint;
  // Selection step: the best remaining move to the front (the first of equals: board order).
  int best = next_;
  for (int j = next_ + 1; j < list_.count; ++j)
    if (list_.items[j].score > list_.items[best].score) best = j;
  std::swap(list_.items[next_], list_.items[best]);
  return list_.items[next_++].move;
}

}  // namespace gomoku
