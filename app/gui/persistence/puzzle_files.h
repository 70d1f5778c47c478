// The puzzle trainer's two files in the preference folder: the player's progress (solved,
// streak, rating: PuzzleProgress's "key value" lines between a first line naming the file and
// a last line "end", so a truncated file is recognised) and the player's own collection (one
// puzzle a line, core/game/puzzle.h's format). Reading never fails: what can be read is kept and
// each line that cannot is listed, so the caller can keep the damaged file as .bak and say so.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game/puzzle.h"

namespace gomoku::gui {

std::string formatProgressFile(const PuzzleProgress& progress);
struct ProgressLoad {
  PuzzleProgress progress;
  std::vector<std::string> problems;  // empty when the file is good
};
ProgressLoad parseProgressFile(std::string_view text);

std::string formatCollectionFile(const std::vector<Puzzle>& puzzles);
struct CollectionLoad {
  std::vector<Puzzle> puzzles;
  std::vector<std::string> problems;
};
CollectionLoad parseCollectionFile(std::string_view text);

// "The puzzle progress file P could not all be read (line 3: ...). The old file is kept as B."
std::string puzzleFileProblemMessage(const char* what, const std::string& path,
                                     const std::vector<std::string>& problems,
                                     const std::string& backup);

}  // namespace gomoku::gui
