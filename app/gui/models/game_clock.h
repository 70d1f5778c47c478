// How long the game on the board has been played: from its first stone to its end (or now),
// as this run of the program saw it. A game restored from disk or loaded part-way through was
// not watched from its first stone, and says so (wholeGame() is false).
#pragma once

#include "core/game/game.h"

namespace gomoku::gui {

class GameClock {
 public:
  // Every frame, with the game as it is now and the app clock in seconds.
  void follow(const Game& game, double now) {
    if (game.ply() == 0) {
      start_ = end_ = -1;
      whole_ = true;
      return;
    }
    if (start_ < 0) {
      start_ = now;
      whole_ = game.ply() == 1;  // a game that arrives with several stones was not seen begin
    }
    if (!game.isOver()) {
      end_ = -1;
    } else if (end_ < 0) {
      end_ = now;
    }
  }
  // Seconds from the first stone to the end of the game, or to `now` while it goes on.
  double seconds(double now) const {
    if (start_ < 0) return 0;
    return (end_ >= 0 ? end_ : now) - start_;
  }
  bool wholeGame() const { return whole_; }

 private:
  double start_ = -1, end_ = -1;
  bool whole_ = true;
};

}  // namespace gomoku::gui
