#include "tests/support/testdata.h"

#include <fstream>
#include <sstream>

#ifndef GOMOKU_TESTDATA_DIR
#define GOMOKU_TESTDATA_DIR "../shared/testdata"
#endif

namespace gomoku::testdata {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

std::vector<Record> load(const std::string& fileName) {
  std::vector<Record> records;
  std::ifstream in(std::string(GOMOKU_TESTDATA_DIR) + "/" + fileName);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Record r;
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

Rule rule(const Record& record) {
  return parseRule(record.get("rule")).value_or(Rule::Freestyle);
}

int size(const Record& record) {
  std::string s = record.get("size");
  return s.empty() ? 15 : std::stoi(s);
}

std::optional<Point> point(const std::string& text, int boardSize) {
  return parsePointText(text, boardSize);
}

bool setUp(const Record& record, Board& board) {
  board.reset(size(record), rule(record));
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
  if (record.has("to_move"))
    board.setSideToMove(record.get("to_move") == "white" ? Color::White : Color::Black);
  return true;
}

}  // namespace gomoku::testdata
