#include "app/pbrain/quick_move.h"

#include <algorithm>
#include <cstdlib>

#include "core/board/rules.h"

namespace gomoku::pbrain {

bool isPlayable(Board& board, Point p, const std::vector<Point>& blocked) {
  if (!board.isEmpty(p)) return false;
  if (std::find(blocked.begin(), blocked.end(), p) != blocked.end()) return false;
  return isLegal(board, p, board.sideToMove());
}

std::optional<Point> quickMove(Board& board, const std::vector<Point>& blocked) {
  Color me = board.sideToMove();
  Color them = opponent(me);
  int size = board.size();
  int centre = size / 2;
  struct Candidate {
    int score;
    int distance;
    Point point;
  };
  std::vector<Candidate> candidates;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      Point p = makePoint(x, y);
      if (!board.isEmpty(p)) continue;
      int mine = static_cast<int>(board.threat(p, me));
      int theirs = static_cast<int>(board.threat(p, them));
      int score;
      if (board.threat(p, me) == Threat::Five)
        score = 1000;
      else if (board.threat(p, them) == Threat::Five)
        score = 900;
      else
        score = std::max(2 * mine + 1, 2 * theirs);
      // Prefer the neighbourhood of the stones; on an empty board, the centre.
      if (board.stoneCount() > 0 && !board.isCandidate(p)) score -= 100;
      int distance = std::max(std::abs(x - centre), std::abs(y - centre));
      candidates.push_back({score, distance, p});
    }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.distance != b.distance) return a.distance < b.distance;
    return a.point < b.point;
  });
  for (const Candidate& c : candidates)
    if (isPlayable(board, c.point, blocked)) return c.point;
  return std::nullopt;
}

}  // namespace gomoku::pbrain
