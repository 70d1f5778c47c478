#include "app/tune/verify_defences.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/board/rules.h"
#include "core/game/win_check.h"
#include "core/search/engine.h"
#include "tests/support/testdata.h"

namespace gomoku::tune {

namespace {

// A record's fields in their order, so a changed record is written back as it was read.
using Fields = std::vector<std::pair<std::string, std::string>>;

Fields parseFields(const std::string& line) {
  Fields fields;
  for (const std::string& part : testdata::split(line, ';')) {
    const size_t eq = part.find('=');
    if (eq == std::string::npos) continue;
    fields.emplace_back(part.substr(0, eq), part.substr(eq + 1));
  }
  return fields;
}

std::string joinFields(const Fields& fields) {
  std::string line;
  for (const auto& [key, value] : fields) {
    if (!line.empty()) line += ';';
    line += key + '=' + value;
  }
  return line;
}

std::string* field(Fields& fields, const std::string& key) {
  for (auto& [k, v] : fields)
    if (k == key) return &v;
  return nullptr;
}

// Does the engine's search prove that the defender loses after `save` (win_check.h's
// searchVerdict)? A save that is no legal move counts as lost.
bool searchProvesLost(Engine& engine, const Board& position, Point save, uint64_t nodes) {
  Board scratch = position;
  if (!scratch.isEmpty(save) || !isLegal(scratch, save, scratch.sideToMove())) return true;
  return searchVerdict(engine, position, save, nodes) == SearchVerdict::Loss;
}

}  // namespace

bool verifyDefences(const VerifyDefencesOptions& o, const std::string& command) {
  std::ifstream in(o.dataFile);
  if (!in) {
    std::fprintf(stderr, "gomoku-tune: cannot read %s\n", o.dataFile.c_str());
    return false;
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  // Written whole at the end: a record that does not set up leaves no half-checked file.
  std::ostringstream out;
  Engine engine;
  int checked = 0, moved = 0, dropped = 0, records = 0;
  bool headerEnded = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const bool comment = line.empty() || line[0] == '#';
    if (!comment && !headerEnded) {
      // The command goes at the end of the file's header, so the file says what made it.
      out << "# Saves checked by the engine's search (app/tune/verify_defences.h): " << command
          << "\n";
      headerEnded = true;
    }
    Fields fields = parseFields(line);
    std::string* type = comment ? nullptr : field(fields, "type");
    if (!type || *type != "deep_defend") {
      out << line << "\n";
      continue;
    }
    ++records;
    testdata::Record record;
    record.line = int(i + 1);
    for (const auto& [k, v] : fields) record.fields[k] = v;
    Board board;
    std::string* best = field(fields, "best");
    if (!testdata::setUp(record, board) || !best) {
      std::fprintf(stderr, "gomoku-tune: %s line %zu does not set up\n", o.dataFile.c_str(), i + 1);
      return false;
    }
    std::vector<std::string> saves, lost;
    for (const std::string& text : testdata::split(*best, '|')) {
      const auto p = testdata::point(text, board.size());
      ++checked;
      (p && !searchProvesLost(engine, board, *p, o.searchNodes) ? saves : lost).push_back(text);
    }
    const std::string id = record.get("id");
    if (lost.empty()) {
      out << line << "\n";
      continue;
    }
    moved += int(lost.size());
    if (saves.empty()) {
      ++dropped;
      fmt::print("{}: dropped, every listed save loses ({})\n", id, fmt::join(lost, ", "));
      continue;
    }
    fmt::print("{}: {} moved to loses=\n", id, fmt::join(lost, ", "));
    *best = fmt::format("{}", fmt::join(saves, "|"));
    const std::string lostText = fmt::format("{}", fmt::join(lost, "|"));
    if (std::string* loses = field(fields, "loses"))
      *loses = loses->empty() ? lostText : fmt::format("{}|{}", *loses, lostText);
    else
      fields.emplace_back("loses", lostText);
    out << joinFields(fields) << "\n";
  }
  if (records == 0) {
    // Nothing to verify (not a defence file, or not a data file at all): no output written.
    std::fprintf(stderr, "gomoku-tune: %s has no type=deep_defend records: nothing to verify\n",
                 o.dataFile.c_str());
    return false;
  }
  std::ofstream file(o.out);
  if (!(file << out.str()) || !file.flush()) {
    std::fprintf(stderr, "gomoku-tune: cannot write %s\n", o.out.c_str());
    return false;
  }
  fmt::print("{} saves searched ({} nodes each): {} proved lost, {} records dropped\n", checked,
             o.searchNodes, moved, dropped);
  return true;
}

}  // namespace gomoku::tune
