// Deep puzzles mined from self-play games and labelled by the engine's threat solver alone: a
// second set beside the test data's deep_win / deep_defend files, which another engine labelled
// and on which the evaluation tables and search settings kept so far were partly chosen. A
// change judged on those alone is judged on positions the incumbent was selected to solve
// (any other table set loses a few of them for that reason alone); positions no version of the
// engine took part in choosing judge it fairly. Both kinds are in the test data's format, so
// `gomoku-bench tactics --data FILE` runs them:
//  - deep_win: the side to move has no win by fours, but a win by threats (VCT) of at least
//    `minWinIn` of its own moves that the solver proves (best= that line's first move; the
//    bench also accepts any other move the solver or a deeper search proves).
//  - deep_defend: the side to move has no win, the opponent would win by threats (a VCT of at
//    least `minThreatWinIn` moves, not by fours alone) were it to move, and every candidate
//    move was tried: best= the moves after which the solver finds no win for the opponent,
//    loses= those after which it does (kListedSaveCheckBudget, the bench's own check), kept
//    when at least one move saves and at most `maxSaveShare` of them do, and no save is a
//    four whose forced block leaves the opponent's threat standing (a delay, not a save).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gomoku::tune {

struct DeepPuzzleOptions {
  std::vector<std::string> gameFiles;  // gomoku-tune selfplay output
  int minPly = 8;                      // positions from this many stones on
  int minWinIn = 6;                    // deep_win: the attacker's moves to the five, at least
  int minThreatWinIn = 5;              // deep_defend: the opponent's threat, at least
  double maxSaveShare = 0.25;          // deep_defend: at most this share of the moves saves
  int maxPerKind = 100;                // stop once this many of each kind are found
  uint64_t detectNodes = 30000;        // per solver call while looking for candidates
};

// Mines the games (at most one position of each kind per game: the first that qualifies, as
// later positions of the same game mostly repeat it) and writes the records to `out` with a
// header naming the command. Returns false with a message on stderr on a bad file.
bool mineDeepPuzzles(const DeepPuzzleOptions& options, const std::string& command,
                     const std::string& out);

}  // namespace gomoku::tune
