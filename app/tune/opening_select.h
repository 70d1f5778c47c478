// Openings that tell engines apart. Freestyle gomoku is a first player's game: from most
// openings of a balanced-looking set the same colour wins both games of a pair, whichever engine
// holds it, and such a pair says nothing about which engine is stronger (at 0.05 s a move about
// 70 % of the pairs between two close versions split 1-1). This keeps the openings whose games
// in earlier matches were not all won by one colour, so a match over them spends its games where
// play, not the opening, decides — the idea of the "unbalanced" opening books chess testers use,
// turned around: there the books are picked for a modest edge, here the edge has to be small.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace gomoku::tune {

struct OpeningSelectOptions {
  std::string openingsFile;               // the project's opening records (id=...;moves=...)
  std::vector<std::string> resultsFiles;  // gomoku-match -results files of matches over them
  std::string out;
  std::string about;             // where the results came from, for the header (optional)
  int minGames = 2;              // an opening with fewer games in the results is not judged
  double maxColourShare = 0.80;  // kept when one colour scored at most this share of its games
  bool progress = true;          // the counts on stderr at the end
};

// Per opening, what the results say: games, and the points black and white scored (a draw half
// each).
struct OpeningOutcomes {
  int games = 0;
  double black = 0, white = 0;
  double colourShare() const { return games ? std::max(black, white) / games : 1.0; }
};

// Adds the games of a gomoku-match -results file's `lines` to `tally`, by opening id; false
// with `error` (naming `name` and the line) for a line that is not a game with its opening.
bool tallyResults(const std::vector<std::string>& lines, const std::string& name,
                  std::map<std::string, OpeningOutcomes>& tally, std::string& error);

// Writes the openings of `openingsFile` that the results judge and keep, as they were, after
// a header with `command` and the counts; false with a message on stderr for a file that cannot
// be read or written, a results line that is not a game (or names no opening: a gomoku-match
// from before the opening column), or an opening id the openings file does not have.
bool selectOpenings(const OpeningSelectOptions& options, const std::string& command);

}  // namespace gomoku::tune
