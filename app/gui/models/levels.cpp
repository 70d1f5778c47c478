#include "app/gui/models/levels.h"

#include <algorithm>
#include <array>

#include "app/gui/models/game_controller.h"

namespace gomoku::gui {

namespace {

// One row per level, weakest first. The sentences describe the engine's limits at that level
// (core/info.cpp, limitsForStrength); keep them in step.
constexpr std::array<LevelText, kMaxStrength> kLevels = {{
    {1, "Beginner", "looks one move ahead and overlooks open threes now and then"},
    {2, "Novice", "looks two moves ahead and often misses an open three"},
    {3, "Casual", "completes its own fours and blocks most threes, but sees little further"},
    {4, "Learner", "looks a few moves ahead and blocks open threes"},
    {5, "Club player", "reads short forcing lines of fours"},
    {6, "Strong club player", "reads forcing lines and rarely misses a threat"},
    {7, "Advanced", "searches deeply and finds most wins by continuous fours"},
    {8, "Expert", "plays close to its best within the time it is given"},
    {9, "Candidate master", "near full strength, with a slightly shorter search"},
    {10, "Master", "full strength"},
}};

}  // namespace

const LevelText& levelText(int strength) {
  return kLevels[static_cast<size_t>(std::clamp(strength, kMinStrength, kMaxStrength) - 1)];
}

std::string levelLabel(int strength) {
  const LevelText& level = levelText(strength);
  return std::to_string(level.number) + " \u00b7 " + level.name;
}

std::string levelDescription(int strength) {
  return levelLabel(strength) + " \u2014 " + levelText(strength).sentence;
}

}  // namespace gomoku::gui
