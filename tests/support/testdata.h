// Reads ../shared/testdata records (key=value;key=value lines) into positions on a Board.
// Header-only so that any test or tool target can use it without extra build glue.
#pragma once

#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/board.h"

#ifndef GOMOKU_TESTDATA_DIR
#define GOMOKU_TESTDATA_DIR "../shared/testdata"
#endif

namespace gomoku::testdata {

struct Record {
  int line = 0;                                  // line number in its file
  std::map<std::string, std::string> fields;     // the last value of each key
  std::vector<std::string> checks;               // every check= value (may repeat)
  std::string get(const std::string& key) const {
    auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
  }
  bool has(const std::string& key) const { return fields.count(key) > 0; }
};

inline std::string dataDir() { return GOMOKU_TESTDATA_DIR; }

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

// All records of a file in ../shared/testdata (GOMOKU_TESTDATA_DIR), comments skipped.
inline std::vector<Record> load(const std::string& fileName) {
  return loadFile(dataDir() + "/" + fileName);
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

inline int size(const Record& record) {
  std::string s = record.get("size");
  return s.empty() ? 15 : std::stoi(s);
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
// Returns false if a point does not parse or is occupied twice.
inline bool setUp(const Record& record, Board& board, Rule boardRule) {
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
inline bool setUp(const Record& record, Board& board) { return setUp(record, board, rule(record)); }

}  // namespace gomoku::testdata
