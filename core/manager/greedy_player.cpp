#include "core/manager/greedy_player.h"

#include "core/board/board.h"
#include "core/board/rules.h"

namespace gomoku {

int runThrough(const Board& board, Point p, Color c) {
  int best = 1;
  int x0 = pointX(p), y0 = pointY(p), n = board.size();
  for (int d = 0; d < kDirCount; ++d) {
    int run = 1;
    for (int sign : {1, -1}) {
      int x = x0 + sign * kDirDx[d], y = y0 + sign * kDirDy[d];
      while (onBoard(x, y, n) && board.at(makePoint(x, y)) == c) {
        ++run;
        x += sign * kDirDx[d];
        y += sign * kDirDy[d];
      }
    }
    best = std::max(best, run);
  }
  return best;
}

std::optional<std::string> GreedyPlayer::newGame(const GameSettings& settings) {
  settings_ = settings;
  ++games_;
  return std::nullopt;
}

MoveReply GreedyPlayer::requestMove(const std::vector<Point>& moves, const MoveClock&) {
  MoveReply reply;
  Board board(settings_.size, settings_.rule);
  for (Point p : moves) {
    if (!board.isEmpty(p)) {
      reply.failure = Failure::Garbage;
      reply.detail = "was given an impossible position";
      return reply;
    }
    board.place(p);
  }
  Color us = board.sideToMove(), them = opponent(us);
  uint64_t random = seed_ * 0x9E3779B97F4A7C15ull + games_ * 0xBF58476D1CE4E5B9ull + moves.size();
  auto next = [&random] {
    random ^= random >> 31;
    random *= 0x94D049BB133111EBull;
    random ^= random >> 29;
    return random;
  };
  int bestValue = -1;
  int ties = 0;
  int n = board.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      Point p = makePoint(x, y);
      if (!board.isEmpty(p)) continue;
      if (!moves.empty() && !board.isCandidate(p)) continue;
      if (moves.empty() && !(x == n / 2 && y == n / 2)) continue;
      if (!isLegal(board, p, us)) continue;
      int own = runThrough(board, p, us), theirs = runThrough(board, p, them);
      int value = own >= 5 ? 100 : std::max(2 * own + 1, 2 * theirs);
      if (value > bestValue) {
        bestValue = value;
        reply.move = p;
        ties = 1;
      } else if (value == bestValue && next() % uint64_t(++ties) == 0) {
        reply.move = p;  // reservoir choice: each of the equals as likely
      }
    }
  if (reply.move == kNullPoint) {
    reply.failure = Failure::Garbage;
    reply.detail = "found no legal move";
  }
  return reply;
}

}  // namespace gomoku
