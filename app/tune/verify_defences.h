// The saves of mined deep defences checked again by the engine's own search. `deep-puzzles`
// labels a move a save when the threat solver finds no win for the opponent after it (12
// threats, 100k nodes); a longer win than that, or one that needs a quiet move, passes as a
// save. Session 61 found such label errors in deep_selfplay_standard.txt (sp_def_325's only
// listed save, i9, loses: the engine's search proves white wins in 9 after it in about 2.2M
// nodes), so the engine could not solve those records whatever it played. This check runs the
// search after each listed save, node-limited on one thread from a clear table (the same verdict
// on any machine), moves the saves it proves lost to loses=, and drops a record left with none.
// A listed save that is no legal move (an occupied point, one forbidden to black) counts as lost.
#pragma once

#include <cstdint>
#include <string>

namespace gomoku::tune {

struct VerifyDefencesOptions {
  std::string dataFile;            // a test-data file with deep_defend records
  std::string out;                 // the file written: every other line copied unchanged
  uint64_t searchNodes = 3000000;  // per save searched
};

// Writes the checked file and prints, per record changed, what moved. Returns false with a
// message on stderr when a file cannot be read or written or a record does not set up.
bool verifyDefences(const VerifyDefencesOptions& options, const std::string& command);

}  // namespace gomoku::tune
