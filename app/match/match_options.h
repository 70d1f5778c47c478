// gomoku-match's command line, in the style users know from cutechess-cli and c-gomoku-cli:
//   -engine name=new cmd=./pbrain-gomoku -engine name=old builtin strength=10
//   -each tc=0/0.5 -rule 0 -boardsize 15 -games 200 -repeat -concurrency 2
//   -openings file=openings.txt order=random -psq DIR -sprt elo0=0 elo1=10
// Parsing only: every mistake comes back as a message naming the option.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/manager/match_stats.h"
#include "core/manager/time_control.h"
#include "core/board/types.h"

namespace gomoku::match {

struct EngineSpec {
  std::string name;
  bool builtin = false;
  bool greedy = false;     // the greedy one-move player (a yardstick for the weakest level)
  std::string cmd;     // external: the command line (split like a shell, run without one)
  std::string dir;     // external: working directory (default: the executable's folder)
  int strength = 10;   // builtin: level 1..10
  int threads = 0;     // 0: the engine's default (builtin: 1)
  int hashMb = 0;      // builtin: transposition table; 0: default
  uint64_t nodes = 0;  // per move (builtin: node limit; external: INFO max_node)
  int depth = 0;       // per move (builtin: depth limit; external: INFO max_depth)
  std::optional<TimeControl> tc;
  int64_t maxMemory = -1;  // external: INFO max_memory in bytes; -1: Gomocup's 350 MB
  std::vector<std::pair<std::string, std::string>> info;  // option.KEY=VALUE -> INFO KEY VALUE
};

struct MatchOptions {
  EngineSpec engines[2];
  Rule rule = Rule::Freestyle;
  int size = 15;
  int games = 2;
  bool repeat = false;  // each opening twice, colours swapped
  int concurrency = 1;
  int drawAfter = 0;  // a draw after this many stones on the board; 0: never
  std::string openingsFile;
  bool randomOrder = false;
  uint64_t seed = 0;        // 0: from the clock
  std::string psqDir;       // a .psq per game
  std::string resultsFile;  // one line per game
  std::optional<SprtParameters> sprt;
  int64_t toleranceMs = 100;
  bool quiet = false;    // no per-game lines
  bool showLog = false;  // print what the engines said (MESSAGE, ERROR, stderr)
};

struct ParsedOptions {
  std::optional<MatchOptions> options;
  std::string error;     // set when options is empty and help is false
  // Options that are valid but most likely not what was meant (a game clock under 5 s with no
  // turn limit or increment): the match runs, and these are printed first.
  std::vector<std::string> warnings;
  bool help = false;     // -help / --help was given
  bool version = false;  // -version / --version was given
};

ParsedOptions parseMatchOptions(const std::vector<std::string>& args);
std::string matchUsage();

}  // namespace gomoku::match
