// How long the game on the board has been played: from its first stone to its end (or now),
// as this run of the program saw it, less the time it stood paused (frozen under a puzzle). A
// game restored from disk or loaded part-way through was not watched from its first stone, and
// says so (wholeGame() is false).
#pragma once

#include "core/game/game.h"

namespace gomoku::gui {

class GameClock {
 public:
  // Every frame, with the game as it is now, the app clock in seconds, and whether the game
  // is paused (a puzzle has the board): paused time does not count. Only a game still being
  // played waits; a finished game's length is fixed however long a puzzle is on after it.
  void follow(const Game& game, double now, bool paused = false) {
    if (game.ply() == 0) {
      start_ = end_ = pausedSince_ = -1;
      pausedTotal_ = 0;
      whole_ = true;
      return;
    }
    if (start_ < 0) {
      start_ = now;
      whole_ = game.ply() == 1;  // a game that arrives with several stones was not seen begin
    }
    const bool waiting = paused && !game.isOver();
    if (waiting && pausedSince_ < 0) pausedSince_ = now;
    if (!waiting && pausedSince_ >= 0) {
      pausedTotal_ += now - pausedSince_;
      pausedSince_ = -1;
    }
    if (!game.isOver()) {
      end_ = -1;
    } else if (end_ < 0) {
      end_ = now;
    }
  }
  // Seconds from the first stone to the end of the game, or to `now` while it goes on, less
  // the paused time (a pause still on runs to `now`: a waiting game has not ended).
  double seconds(double now) const {
    if (start_ < 0) return 0;
    const double until = end_ >= 0 ? end_ : now;
    const double pausedNow = pausedSince_ >= 0 ? now - pausedSince_ : 0;
    return until - start_ - pausedTotal_ - pausedNow;
  }
  bool wholeGame() const { return whole_; }

 private:
  double start_ = -1, end_ = -1;
  double pausedSince_ = -1;  // when the pause that is on began, or -1
  double pausedTotal_ = 0;   // seconds of the pauses that are over
  bool whole_ = true;
};

}  // namespace gomoku::gui
