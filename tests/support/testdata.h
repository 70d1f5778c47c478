// Reads the test-data records (key=value;key=value lines of tests/data/*.txt) into positions
// on a Board. Header-only so that any test or tool target can use it without extra build glue.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "core/board/board.h"
#include "core/protocol/text.h"

// GOMOKU_REPO_TESTDATA_DIR: the repository's tests/data, where every file the tests read lives.
// GOMOKU_TESTDATA_DIR: an optional folder of extra data (empty: none), looked in second.
#ifndef GOMOKU_REPO_TESTDATA_DIR
#define GOMOKU_REPO_TESTDATA_DIR "tests/data"
#endif
#ifndef GOMOKU_TESTDATA_DIR
#define GOMOKU_TESTDATA_DIR ""
#endif

namespace gomoku::testdata {

struct Record {
  int line = 0;                               // line number in its file
  std::map<std::string, std::string> fields;  // the last value of each key
  std::vector<std::string> checks;            // every check= value (may repeat)
  std::string get(const std::string& key) const {
    auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
  }
  bool has(const std::string& key) const { return fields.count(key) > 0; }
};

// The repository's data folder.
inline std::string dataDir() {
  return GOMOKU_REPO_TESTDATA_DIR;
}

// Where a data file is read from: `repoDir` if it is there, else `extraDir` if that is set and
// has it, else the `repoDir` path (whose reading then fails visibly).
inline std::string findFile(const std::string& fileName, const std::string& repoDir,
                            const std::string& extraDir) {
  namespace fs = std::filesystem;
  const fs::path inRepo = fs::path(repoDir) / fileName;
  std::error_code ec;
  if (!fs::exists(inRepo, ec) && !extraDir.empty()) {
    const fs::path extra = fs::path(extraDir) / fileName;
    if (fs::exists(extra, ec)) return extra.string();
  }
  return inRepo.string();
}

// A data file by name: tests/data first, then the GOMOKU_TESTDATA_DIR folder if configured.
inline std::string path(const std::string& fileName) {
  return findFile(fileName, dataDir(), GOMOKU_TESTDATA_DIR);
}

// Splits "a,b,c" (or "a|b") into parts; empty input gives no parts.
inline std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

// All records of a file given by its path, comments skipped; empty if it cannot be read.
inline std::vector<Record> loadFile(const std::string& path) {
  std::vector<Record> records;
  std::ifstream in(path);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Record r;
    r.line = number;
    for (const std::string& field : split(line, ';')) {
      auto eq = field.find('=');
      if (eq == std::string::npos) continue;
      std::string key = field.substr(0, eq), value = field.substr(eq + 1);
      if (key == "check") r.checks.push_back(value);
      r.fields[key] = value;
    }
    records.push_back(std::move(r));
  }
  return records;
}

// All records of a data file (see path()), comments skipped.
inline std::vector<Record> load(const std::string& fileName) {
  return loadFile(path(fileName));
}

// The record's rule; a record valid under several ("renju|freestyle") gives the first.
inline Rule rule(const Record& record) {
  auto names = split(record.get("rule"), '|');
  return names.empty() ? Rule::Freestyle : parseRule(names[0]).value_or(Rule::Freestyle);
}

// Every rule the record names ("renju|freestyle" gives both).
inline std::vector<Rule> rules(const Record& record) {
  std::vector<Rule> result;
  for (const std::string& name : split(record.get("rule"), '|'))
    if (auto r = parseRule(name)) result.push_back(*r);
  if (result.empty()) result.push_back(Rule::Freestyle);
  return result;
}

// The record's board size: 15 when absent, 0 when it is not a size (setUp then fails).
inline int size(const Record& record) {
  std::string s = record.get("size");
  if (s.empty()) return 15;
  return static_cast<int>(parseIntegerIn(s, kMinSize, kMaxSize).value_or(0));
}

// Parses "h8" style points; std::nullopt if off the board.
inline std::optional<Point> point(const std::string& text, int boardSize) {
  return parsePointText(text, boardSize);
}

// Parses a list of points ("h8,i9" or "h8|i9"); std::nullopt if one does not parse.
inline std::optional<std::vector<Point>> points(const std::string& text, char sep, int boardSize) {
  std::vector<Point> result;
  for (const std::string& part : split(text, sep)) {
    auto p = point(part, boardSize);
    if (!p) return std::nullopt;
    result.push_back(*p);
  }
  return result;
}

// Sets up the record's position on a fresh board (the given rule, size, stones, side to move).
// Returns false if the size or a point does not parse, or a point is occupied twice.
inline bool setUp(const Record& record, Board& board, Rule boardRule) {
  if (size(record) == 0) return false;
  board.reset(size(record), boardRule);
  auto put = [&](const std::string& text, Color c) {
    auto p = point(text, board.size());
    if (!p || !board.isEmpty(*p)) return false;
    board.place(*p, c);
    return true;
  };
  if (record.has("moves")) {
    Color c = Color::Black;
    for (const std::string& m : split(record.get("moves"), ',')) {
      if (!put(m, c)) return false;
      c = opponent(c);
    }
  } else {
    for (const std::string& m : split(record.get("black"), ','))
      if (!put(m, Color::Black)) return false;
    for (const std::string& m : split(record.get("white"), ','))
      if (!put(m, Color::White)) return false;
  }
  std::string toMove = record.get("to_move");
  if (toMove == "white" || toMove == "black")
    board.setSideToMove(toMove == "white" ? Color::White : Color::Black);
  return true;
}

// Sets up the record's position under the record's (first) rule.
inline bool setUp(const Record& record, Board& board) {
  return setUp(record, board, rule(record));
}

// Sets up the position of the record with this id in the data file; false when the file has
// no such record or it does not set up.
inline bool setUpById(const std::string& fileName, const std::string& id, Board& board) {
  for (const Record& record : load(fileName))
    if (record.get("id") == id) return setUp(record, board);
  return false;
}

}  // namespace gomoku::testdata
