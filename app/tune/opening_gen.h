// Opening sets made to order: random quiet positions near the centre that the engine scores as
// balanced, one per symmetry class. A match of 800 games from the hundred openings of
// tests/data replays each about four times a colour, and games that start alike end alike
// more often than independent ones: the Elo error a match reports is then too small. A
// thousand openings let such a match play each one once a colour.
#pragma once

#include <cstdint>
#include <string>

#include "core/board/types.h"

namespace gomoku::tune {

struct OpeningGenOptions {
  Rule rule = Rule::Freestyle;
  int size = kDefaultSize;
  int count = 1000;       // openings to write
  int minStones = 3;      // stones per opening: a count in this range at random
  int maxStones = 5;
  int radius = 3;         // the stones lie within this many lines of the centre
  int maxScore = 60;      // |score| of the side to move at most this
  uint64_t nodes = 20000; // the engine's search of each candidate
  uint64_t seed = 1;
  bool progress = true;   // a line per hundred openings on stderr
};

// Writes `count` openings to `path` in the project's opening format (a record per line:
// id, rule, size, side to move, moves, and how it was made), after a header with the command.
// Returns false with a message on stderr when the file cannot be written or the options
// cannot give that many openings.
bool generateOpenings(const OpeningGenOptions& options, const std::string& command,
                      const std::string& path);

}  // namespace gomoku::tune
