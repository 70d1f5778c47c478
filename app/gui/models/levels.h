// The computer's ten levels as a player reads them: a name and one sentence each. The New game
// dialog and the Game panel both read them from here. The engine's knobs for each level live in
// core (limitsForStrength); when those change, the sentences here are changed to match.
#pragma once

#include <string>

namespace gomoku::gui {

struct LevelText {
  int number = 0;             // 1..10
  const char* name = "";      // "Beginner"
  const char* sentence = "";  // what it does, in plain words, without a full stop
};

// The level `strength` (clamped to 1..10).
const LevelText& levelText(int strength);
// Whether the computer at this level searches with the engine threads the player chose, or
// with one thread as its strength was measured (see levels.cpp).
bool levelUsesThreads(int strength);
// "1 · Beginner"
std::string levelLabel(int strength);
// "1 · Beginner — looks one move ahead and overlooks open threes now and then"
std::string levelDescription(int strength);

}  // namespace gomoku::gui
