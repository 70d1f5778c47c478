// Reads ../shared/testdata records (key=value;key=value lines) into positions on a Board.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"

namespace gomoku::testdata {

struct Record {
  std::map<std::string, std::string> fields;     // the last value of each key
  std::vector<std::string> checks;               // every check= value (may repeat)
  std::string get(const std::string& key) const {
    auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
  }
  bool has(const std::string& key) const { return fields.count(key) > 0; }
};

// All records of a file in ../shared/testdata (GOMOKU_TESTDATA_DIR), comments skipped.
std::vector<Record> load(const std::string& fileName);

// Splits "a,b,c" (or "a|b") into parts; empty input gives no parts.
std::vector<std::string> split(const std::string& text, char sep);

// Sets up the record's position on a fresh board (rule, size, stones, side to move).
// Returns false if a point does not parse or is occupied twice.
bool setUp(const Record& record, Board& board);

// Parses "h8" style points; std::nullopt if off the board.
std::optional<Point> point(const std::string& text, int size);

Rule rule(const Record& record);
int size(const Record& record);

}  // namespace gomoku::testdata
