#include "app/gui/models/levels.h"

#include <algorithm>
#include <array>

#include "app/gui/models/game_controller.h"

namespace gomoku::gui {

namespace {

// One row per level, weakest first. The sentences describe the engine's limits at that level
// (core/search/info.cpp, limitsForStrength: depth, lapses of attention, the threat solvers' reach);
// keep them in step.
constexpr std::array<LevelText, kMaxStrength> kLevels = {{
    {1, "Beginner", "looks one move ahead, blocks a four but overlooks open threes more often "
                    "than not"},
    {2, "Novice", "looks one move ahead and misses about half of the open threes"},
    {3, "Casual", "looks two moves ahead, sees a single four coming, misses a third of the threes"},
    {4, "Learner", "looks two moves ahead and sees short runs of fours; misses some threes"},
    {5, "Club player", "looks three moves ahead and reads short forcing lines of fours"},
    {6, "Strong club player", "looks four moves ahead, reads lines of fours, rarely misses a three"},
    {7, "Advanced", "looks five moves ahead and finds short wins by threes and fours"},
    {8, "Expert", "looks six moves ahead and reads long lines of fours and threes"},
    {9, "Candidate master", "full strength with a shorter search (nine moves ahead)"},
    {10, "Master", "full strength: as deep as the time allows"},
}};

}  // namespace

const LevelText& levelText(int strength) {
  return kLevels[static_cast<size_t>(std::clamp(strength, kMinStrength, kMaxStrength) - 1)];
}

// Levels 1..9 stop at a fixed depth with noise and lapses, and their Elo (README, Levels) was
// measured with one thread. Lazy SMP helpers change which move a depth-limited search returns
// (the deepest thread's answer, with other noise), so more threads would make a level play
// unlike its measured strength, and not reliably stronger. Only the full-strength level, limited
// by time alone, turns extra threads into depth.
bool levelUsesThreads(int strength) {
  return strength >= kMaxStrength;
}

std::string levelLabel(int strength) {
  const LevelText& level = levelText(strength);
  return std::to_string(level.number) + " \u00b7 " + level.name;
}

std::string levelDescription(int strength) {
  return levelLabel(strength) + " \u2014 " + levelText(strength).sentence;
}

}  // namespace gomoku::gui
