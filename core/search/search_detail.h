// What the search's two halves (search.cpp: the nodes; search_root.cpp: the root and the
// iterations) share: mate-score helpers, the quietness tests and the root's rule for a cut
// iteration. Internal to the search.
#pragma once

#include <algorithm>

#include "core/board/board.h"
#include "core/search/info.h"

namespace gomoku::search_detail {

// Searcher::staticEvals_ at the root, which makes no static evaluation.
constexpr int kNoEval = -kScoreInfinite - 1;

constexpr int mateIn(int ply) { return kScoreMate - ply; }
constexpr int matedIn(int ply) { return -kScoreMate + ply; }

// A quiet move neither makes nor blocks a three or a four.
inline bool isQuiet(const Board& b, Point p) {
  const CellInfo& info = b.cell(p);
  int us = index(b.sideToMove());
  return info.threat[us] < Threat::Flex3 && info.threat[1 - us] < Threat::Flex3;
}

// A move late-move reductions may shorten: it makes no open three or four of ours and blocks
// no four of theirs (blocking a mere three of theirs is not urgent enough to be searched in
// full: reducing those too gained 33 +/- 34 Elo in freestyle and 76 +/- 34 in renju). (Not
// reducing the blocks of their double-three points either: 356-372-72, -6.9 +/- 23.0 Elo over
// 800 games at 0.05 s a move, session 33. Not kept.)
inline bool isReducible(const Board& b, Point p) {
  const CellInfo& info = b.cell(p);
  int us = index(b.sideToMove());
  return info.threat[us] < Threat::Flex3 && info.threat[1 - us] < Threat::Block4;
}

// p's threat class for the side to move is exactly `lone` (nothing else of ours with it), and
// it blocks no four of theirs: isLoneThree and isLoneFour.
inline bool makesOnly(const Board& b, Point p, Threat lone) {
  const CellInfo& info = b.cell(p);
  int us = index(b.sideToMove());
  return info.threat[us] == lone && info.threat[1 - us] < Threat::Block4;
}

// A move that makes a lone open three (no four, other three or open two of ours with it) and
// blocks no four of theirs. Most are simply blocked and lead nowhere, so late in the move list
// late-move reductions take them too (they keep the threat extension): +14.3 +/- 23.7 Elo at
// 0.05 s a move over 800 games, and +14.8 +/- 33.4 over 400 with an earlier build.
inline bool isLoneThree(const Board& b, Point p) { return makesOnly(b, p, Threat::Flex3); }

// A move that makes a lone four (no three or open two of ours with it) and blocks no four of
// theirs. Its block is forced, and most such fours only spend a closed three, so late-move
// reductions take them like quiet moves (their forced block keeps the one-reply extension).
// Against the same binary without, varied openings, both colours: freestyle at 0.2 s a move
// 204-146-50 (+50.7 +/- 32.2 Elo over 400 games); at 0.05 s, from the third move (as quiet
// moves are) 376-349-75 then 392-336-72 (+18.0 over 1,600), and reducible only from a node's
// fifth move on 378-355-67 then 385-359-56 (+10.6 over 1,600); renju at 0.05 s 398-368-34
// (+13.0 over 800); at 0.5 s 69-65-26 over 160 (+8.7 +/- 49.6, session 39). (Also the four
// plus a closed three or open two, from the seventh move, against lone fours alone: 359-378-63
// over 800, -8.3. The fours an answer to an open three makes far from the three, a ply less:
// 323-407-70, -36.6 - those counter-fours matter. Session 38.)
inline bool isLoneFour(const Board& b, Point p) { return makesOnly(b, p, Threat::Block4); }

// After an iteration the clock cut: a move proved lost must not stay first while a move not
// proved lost is left (the previous best can fail low to a mate before the moves after it are
// reached); the first of those in the ranking takes its place, the others keep their order.
// Any vector of root moves with a `provenLost` flag.
template <class RootMoves>
void keepProvenLossOutOfFirst(RootMoves& moves) {
  if (moves.empty() || !moves.front().provenLost) return;
  auto alive = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return !m.provenLost; });
  if (alive != moves.end()) std::rotate(moves.begin(), alive, alive + 1);
}

}  // namespace gomoku::search_detail
