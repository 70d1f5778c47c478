// Self-play data for the evaluation fit: games between two copies of the built-in engine
// (node-limited, so the games are the same on a busy machine) from varied openings, each
// written as one line with its result and the engine's score before every searched move.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board/types.h"

namespace gomoku::tune {

struct SelfPlayOptions {
  Rule rule = Rule::Freestyle;
  int size = kDefaultSize;
  std::string openingsFile;
  int games = 100;
  uint64_t nodes = 20000;  // per move
  int randomPlies = 2;     // extra random moves near the stones after the opening
  uint64_t seed = 1;
  int drawAfterPlies = 0;  // 0: only a full board draws
  bool progress = true;    // a line per game on stderr
};

// One game as the tuner stores it.
struct GameRecord {
  Rule rule = Rule::Freestyle;
  int size = kDefaultSize;
  int openingPlies = 0;
  int result = 0;  // +1 black won, -1 white won, 0 draw
  std::vector<Point> moves;
  std::vector<int> scores;  // per move after the opening: the mover's search score
                            // before it (kNoScore when unknown)
};
constexpr int kNoScore = -999999;

// Plays the games and appends them to `path` (one line each), printing progress on stderr.
// Returns false with a message on stderr when the openings cannot be read or the file
// cannot be written.
bool runSelfPlay(const SelfPlayOptions& options, const std::string& path);

std::string formatGame(const GameRecord& game);
// Parses one line written by formatGame; false for a malformed line.
bool parseGame(const std::string& line, GameRecord& game);
// Every game of the files; false with `error` set on the first bad line or unreadable file.
bool loadGames(const std::vector<std::string>& paths, std::vector<GameRecord>& games,
               std::string& error);

}  // namespace gomoku::tune
