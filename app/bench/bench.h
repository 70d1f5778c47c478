// gomoku-bench: the modes and what they share (options, the positions they run on).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/board/board.h"

namespace gomoku::bench {

struct Options {
  std::string mode;
  std::string dataFile;   // --data / --positions: overrides the mode's default file(s)
  int runs = 1;           // placeundo: repeat the measurement, report the median
  int depth = 10;         // search: iterations (a whole run takes 10-30 s on 2 cores)
  int threads = 1;        // search, tactics: Lazy SMP threads (search: time to depth)
  int64_t timeMs = 1000;  // tactics, stability: per position
  int64_t nodes = 2000000;  // solver: node budget per position
  bool nodesGiven = false;  // tactics: --nodes replaces the time (repeatable on a busy machine)
  int64_t checkNodes = 4000000;  // tactics: solver nodes a call when checking an unlisted win
  int64_t checkSearchNodes = 40000000;  // tactics: then the search's nodes (0: no such check)
  int threats = 9;          // solver: the most threats of a VCT (the root's default)
  int wideThreats = 0;      // solver: then a wide VCT (quiet VCF threats) up to this many
  double seconds = 1.5;   // placeundo: target duration of one run
};

struct Position {
  std::string id;
  Board board;               // the position with all its moves played
  std::vector<Point> moves;  // in order (empty for positions given as stone lists)
};

// Positions of a testdata file (moves= lists or black=/white= stones); the error names the
// file and the record when one does not set up.
bool loadPositions(const std::string& path, std::vector<Position>& out, std::string& error);
// A bench data file by name: tests/data in the source tree, else the installed copy.
std::string dataPath(const std::string& fileName);
// The files a mode reads: the --data file when one is given, else the mode's own files.
std::vector<std::string> dataFiles(const Options& options,
                                   std::initializer_list<const char*> defaultNames);
// Where `cmake --install` puts the bench's data files, below the prefix.
inline constexpr const char* kInstalledDataDir = "share/gomoku-studio/data";
// The bench positions of --data (default: the test data's bench_positions.txt) and the file's
// path; on failure prints the reason and returns false.
bool loadBenchPositions(const Options& options, std::vector<Position>& out, std::string& path);

int runPlaceUndo(const Options& options);
int runSearch(const Options& options);
int runTactics(const Options& options);
int runStability(const Options& options);
int runSolver(const Options& options);

}  // namespace gomoku::bench
