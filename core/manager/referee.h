// The referee: plays one game between two Players from an opening, keeping each side's clock,
// checking every move on its own board (occupied, off the board, forbidden under renju), and
// ending the game with a result and a reason whatever the players do.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/manager/player.h"

namespace gomoku {

struct RefereeSetup {
  int size = kDefaultSize;
  Rule rule = Rule::Freestyle;
  std::vector<Point> opening;  // stones played before the players take over (black first)
  TimeControl time[2];         // [color]
  int drawAfterPlies = 0;      // a draw once this many stones are on the board; 0 = never
  int64_t toleranceMs = 100;   // a move this much over its limit still counts (overhead)
};

// NoLegalMove: renju, black to move with every empty point forbidden (a draw).
enum class Termination : uint8_t { Five, FullBoard, MoveLimit, Forfeit, Aborted, NoLegalMove };
const char* terminationName(Termination t);

struct PlayedGame {
  std::vector<Point> moves;     // the opening included
  std::vector<int64_t> moveMs;  // per move (0 for the opening's stones)
  int openingPlies = 0;
  GameResult result = GameResult::Draw;
  Termination termination = Termination::Aborted;
  Color forfeiter = Color::Empty;  // Forfeit: who lost that way
  Failure failure = Failure::None;
  std::string reason;    // "black wins by five", "white forfeits: loss on time (...)"
  std::string names[2];  // [color]
};

// Plays the game. `players` is indexed by color (black first). `abort` (optional) ends the
// game as Aborted at the next move. Throws nothing; every failure is in the result.
PlayedGame playGame(Player* const players[2], const RefereeSetup& setup,
                    const std::atomic<bool>* abort = nullptr);

// Checks that an opening can be played under the rule on the board and leaves the game going.
std::optional<std::string> checkOpening(const std::vector<Point>& opening, int size, Rule rule);

}  // namespace gomoku
