// `gomoku --review GAME.psq [--rule R] [--time-per-move MS] [--nodes-per-move N] --json OUT`:
// reviews a game without a window and writes the JSON report. Exit status 0 when written, 2
// for a bad command line or a bad game file (with a clear message), 1 when OUT cannot be
// written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/board/types.h"

namespace gomoku {

struct ReviewCommandOptions {
  std::string gamePath;  // a .psq record (or a file holding a position code)
  Rule rule = Rule::Freestyle;
  int64_t timePerMoveMs = 500;  // per position searched
  uint64_t nodesPerMove = 0;    // 0: none; a node limit makes the report repeatable
  std::string jsonPath;         // "-": standard output
};

int runReviewCommand(const ReviewCommandOptions& options);

// The whole mode for a main(): nullopt when the arguments hold no --review (the program goes
// on as usual), else the exit status after parsing the review options and running it.
std::optional<int> runReviewCommandLine(int argc, char** argv);

}  // namespace gomoku
