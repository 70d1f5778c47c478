// Opening sets for matches: every game starts from one of these stone sequences, so a match
// covers varied positions and (with both colours per opening) stays fair. Reads the project's
// opening files (records with moves=h8,i8,...), bare position codes ("h8i8i11"), and
// Gomocup / c-gomoku-cli lines of offsets from the centre ("0,0, 1,0, 1,3").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game/record.h"

namespace gomoku {

struct Opening {
  std::string id;  // the record's id, else "line N"
  std::vector<Point> moves;
};

// Parses an opening file's text for a board of `size` under `rule`. Records for another board
// size are skipped; any other bad line makes the whole file an error naming the line.
Parsed<std::vector<Opening>> parseOpenings(std::string_view text, int size, Rule rule);
Parsed<std::vector<Opening>> loadOpenings(const std::string& path, int size, Rule rule);

}  // namespace gomoku
