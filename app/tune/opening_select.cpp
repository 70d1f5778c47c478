#include "app/tune/opening_select.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

namespace gomoku::tune {

namespace {

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> fields;
  size_t start = 0;
  for (;;) {
    size_t tab = line.find('\t', start);
    fields.push_back(
        line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return fields;
    start = tab + 1;
  }
}

// The value of `key=` in a record of the project's opening format, or "" when it has none.
std::string recordField(const std::string& line, const std::string& key) {
  size_t start = 0;
  while (start <= line.size()) {
    size_t end = line.find(';', start);
    if (end == std::string::npos) end = line.size();
    if (line.compare(start, key.size() + 1, key + "=") == 0)
      return line.substr(start + key.size() + 1, end - start - key.size() - 1);
    start = end + 1;
  }
  return "";
}

bool readLines(const std::string& path, std::vector<std::string>& lines) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return !in.bad();
}

}  // namespace

bool tallyResults(const std::vector<std::string>& lines, const std::string& name,
                  std::map<std::string, OpeningOutcomes>& tally, std::string& error) {
  int number = 0;
  for (const std::string& line : lines) {
    ++number;
    if (line.empty()) continue;
    // number, black, white, result, reason, text, moves, opening (gomoku-match -results; with
    // -psq a ninth, the record's name).
    const std::vector<std::string> f = splitTabs(line);
    auto fail = [&](const std::string& why) {
      error = fmt::format("{} line {}: {}", name, number, why);
      return false;
    };
    if (f.size() < 8 || f[7].empty())
      return fail(
          "not a game with its opening (a -results line of gomoku-match has 8 fields, "
          "9 with -psq, the eighth the opening's id)");
    OpeningOutcomes& o = tally[f[7]];
    if (f[3] == "1-0") {
      o.black += 1;
    } else if (f[3] == "0-1") {
      o.white += 1;
    } else if (f[3] == "1/2-1/2") {
      o.black += 0.5, o.white += 0.5;
    } else {
      return fail("'" + f[3] + "' is not a result (1-0, 0-1 or 1/2-1/2)");
    }
    ++o.games;
  }
  return true;
}

bool selectOpenings(const OpeningSelectOptions& o, const std::string& command) {
  std::vector<std::string> openingLines;
  if (!readLines(o.openingsFile, openingLines)) {
    std::fprintf(stderr, "gomoku-tune: cannot read %s\n", o.openingsFile.c_str());
    return false;
  }
  std::map<std::string, OpeningOutcomes> tally;
  for (const std::string& path : o.resultsFiles) {
    std::vector<std::string> lines;
    std::string error;
    if (!readLines(path, lines)) {
      std::fprintf(stderr, "gomoku-tune: cannot read %s\n", path.c_str());
      return false;
    }
    if (!tallyResults(lines, path, tally, error)) {
      std::fprintf(stderr, "gomoku-tune: %s\n", error.c_str());
      return false;
    }
  }
  std::vector<std::string> header, kept;
  std::set<std::string> known;
  int judged = 0, unplayed = 0;
  for (const std::string& line : openingLines) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (line[0] == '#') {
      header.push_back(line);
      continue;
    }
    const std::string id = recordField(line, "id");
    if (id.empty()) {
      std::fprintf(stderr, "gomoku-tune: %s: a record without id=: %s\n", o.openingsFile.c_str(),
                   line.c_str());
      return false;
    }
    known.insert(id);
    auto it = tally.find(id);
    if (it == tally.end() || it->second.games < o.minGames) {
      ++unplayed;
      continue;
    }
    ++judged;
    if (it->second.colourShare() <= o.maxColourShare) kept.push_back(line);
  }
  for (const auto& [id, outcome] : tally) {
    if (!known.count(id)) {
      std::fprintf(stderr, "gomoku-tune: the results name an opening %s has not: %s\n",
                   o.openingsFile.c_str(), id.c_str());
      return false;
    }
  }
  if (kept.empty()) {
    std::fprintf(stderr, "gomoku-tune: select-openings: no opening kept (%d judged)\n", judged);
    return false;
  }
  // Written beside the file and renamed over it: a failed run leaves an existing set as it was.
  const std::string partial = o.out + ".partial";
  {
    std::ofstream out(partial, std::ios::binary);
    out << fmt::format(
        "# Openings of {} whose games were not all won by one colour: kept when one colour "
        "scored at most {:.0f} % of an opening's games ({} or more games each). {} kept of {} "
        "judged; {} with fewer games not judged.\n# Selected by: {}\n",
        o.openingsFile, 100 * o.maxColourShare, o.minGames, kept.size(), judged, unplayed, command);
    if (!o.about.empty()) {
      std::string about = o.about;
      for (char& c : about)
        if (c == '\n' || c == '\r') c = ' ';  // one header line, whatever it was given
      out << "# The results: " << about << '\n';
    }
    out << "# The set they come from:\n";
    for (const std::string& line : header) out << "#   " << line.substr(1) << '\n';
    for (const std::string& line : kept) out << line << '\n';
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(partial, ignored);
      std::fprintf(stderr, "gomoku-tune: cannot write %s\n", o.out.c_str());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(partial, o.out, ec);
  if (ec) {
    std::fprintf(stderr, "gomoku-tune: cannot rename %s to %s: %s\n", partial.c_str(),
                 o.out.c_str(), ec.message().c_str());
    return false;
  }
  if (o.progress)
    std::fprintf(stderr, "%zu openings kept of %d judged (%d not judged)\n", kept.size(), judged,
                 unplayed);
  return true;
}

}  // namespace gomoku::tune
