// A greedy one-move player: the yardstick for the weakest level. It looks at single points
// only: it completes its own longest line, or blocks the opponent's longest one (whichever is
// longer; its own when equal), with a seeded random choice among equals. No search, no notion
// of open or closed lines, no threats beyond the next stone.
#pragma once

#include <cstdint>
#include <algorithm>
#include <string>

#include "core/manager/player.h"

namespace gomoku {

class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(std::string name = "greedy", uint64_t seed = 1)
      : name_(std::move(name)), seed_(seed) {}

  std::string name() const override { return name_; }
  std::optional<std::string> newGame(const GameSettings& settings) override;
  MoveReply requestMove(const std::vector<Point>& moves, const MoveClock& clock) override;

 private:
  std::string name_;
  uint64_t seed_;
  uint64_t games_ = 0;
  GameSettings settings_;
};

// The longest run of c's stones through the empty point p if c played there (1..).
int runThrough(const class Board& board, Point p, Color c);

}  // namespace gomoku
