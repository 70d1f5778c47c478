// Random legal games and the replay of claimed wins, for the tests that sweep random positions
// for false win claims (renju_claims_test, threat_wide_test).
#pragma once

#include <random>
#include <vector>

#include "core/board/board.h"
#include "core/board/rules.h"

namespace gomoku::testsupport {

// A random game of `plies` legal moves played near the stones already down (centre first),
// stopped before a move that would make five.
inline Board randomLegalGame(std::mt19937& rng, Rule rule, int plies) {
  Board b(15, rule);
  b.place(makePoint(7, 7));
  for (int i = 1; i < plies; ++i) {
    std::vector<Point> options;
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 15; ++x) {
        const Point p = makePoint(x, y);
        if (b.isCandidate(p) && isLegal(b, p, b.sideToMove())) options.push_back(p);
      }
    if (options.empty()) break;
    b.place(options[rng() % options.size()]);
    if (b.lastMoveWon()) {
      b.undo();
      break;
    }
  }
  return b;
}

// Replays a claimed winning line: every move on an empty point and legal for its player, and
// the last one a five.
inline bool lineHolds(Board b, const std::vector<Point>& line) {
  for (Point p : line) {
    if (!b.isEmpty(p) || !isLegal(b, p, b.sideToMove())) return false;
    b.place(p);
  }
  return !line.empty() && b.lastMoveWon();
}

}  // namespace gomoku::testsupport
