#include "app/gui/models/levels.h"

#include <algorithm>
#include <array>

#include "app/gui/models/game_controller.h"

namespace gomoku::gui {

namespace {

// One row per level, weakest first. The sentences describe the engine's limits at that level
// (core/info.cpp, limitsForStrength: depth, lapses of attention, the threat solvers' reach);
// keep them in step.
constexpr std::array<LevelText, kMaxStrength> kLevels = {{
    {1, "Beginner", "looks one move ahead and overlooks open threes now and then"},
    {2, "Novice", "looks one move ahead and often misses an open three"},
    {3, "Casual", "looks two moves ahead and finds short wins by fours"},
    {4, "Learner", "looks two moves ahead and blocks most open threes"},
    {5, "Club player", "looks three moves ahead and reads short forcing lines of fours"},
    {6, "Strong club player", "looks four moves ahead and rarely misses a threat"},
    {7, "Advanced", "reads wins by fours and threes a few moves deep"},
    {8, "Expert", "searches six moves deep and almost never lapses"},
    {9, "Candidate master", "never overlooks a threat; searches less deeply than a master"},
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
