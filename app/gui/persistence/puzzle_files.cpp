#include "app/gui/persistence/puzzle_files.h"

#include <algorithm>
#include <set>

#include "core/protocol/text.h"

namespace gomoku::gui {

namespace {
constexpr std::string_view kProgressMagic = "gomoku-studio-puzzle-progress 1";
constexpr const char* kCollectionHeader =
    "# Gomoku Studio: puzzles from your own games (the review's missed wins).\n"
    "# One a line: rule size position answers win-in kind source.\n";

std::vector<std::string> lines(std::string_view text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    out.emplace_back(trim(text.substr(start, end - start)));
    start = end + 1;
  }
  return out;
}
}  // namespace

std::string formatProgressFile(const PuzzleProgress& progress) {
  return std::string(kProgressMagic) + "\n" + progress.save() + "end\n";
}

ProgressLoad parseProgressFile(std::string_view text) {
  ProgressLoad out;
  const std::vector<std::string> all = lines(text);
  if (all.empty() || all.front() != kProgressMagic) {
    out.problems.push_back("the first line is not \"" + std::string(kProgressMagic) + "\"");
    if (all.empty()) return out;
  }
  static const std::set<std::string> kNumbers = {"attempted", "solved", "streak", "best_streak",
                                                 "rating"};
  bool ended = false;
  std::string good;
  for (size_t i = 1; i < all.size(); ++i) {
    const std::string& line = all[i];
    const std::string where = "line " + std::to_string(i + 1);
    if (line.empty()) continue;
    if (ended) {
      out.problems.push_back(where + ": after \"end\"");
      continue;
    }
    if (line == "end") {
      ended = true;
      continue;
    }
    const size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value =
        space == std::string::npos ? "" : std::string(trim(line.substr(space + 1)));
    bool ok = false;
    if (kNumbers.count(key)) {
      ok = parseIntegerIn(value, 0, 100000000).has_value();
    } else if (key == "solved_id") {
      ok = !value.empty() && value.find(' ') == std::string::npos;
    }
    if (ok) {
      good += line + "\n";
    } else {
      out.problems.push_back(where + ": \"" + line.substr(0, 40) + "\" not understood");
    }
  }
  if (!ended && !all.empty()) out.problems.push_back("the file ends early (no \"end\" line)");
  out.progress = PuzzleProgress::load(good);
  // Numbers that contradict each other (edited by hand, or from another file) are made to
  // agree, and said: the panel would otherwise show "Solved 900 of 5 tried".
  PuzzleProgress& p = out.progress;
  if (p.solved > p.attempted) {
    out.problems.push_back("solved " + std::to_string(p.solved) + " is more than attempted " +
                           std::to_string(p.attempted) + ": solved counted as " +
                           std::to_string(p.attempted));
    p.solved = p.attempted;
  }
  if (p.streak > p.solved || p.bestStreak > p.solved) {
    out.problems.push_back("a streak longer than the puzzles solved: streaks counted as at most " +
                           std::to_string(p.solved));
    p.streak = std::min(p.streak, p.solved);
    p.bestStreak = std::min(p.bestStreak, p.solved);
  }
  if (p.streak > p.bestStreak) {
    out.problems.push_back(
        "the streak is longer than the best streak: the best streak counted as " +
        std::to_string(p.streak));
    p.bestStreak = p.streak;
  }
  return out;
}

std::string formatCollectionFile(const std::vector<Puzzle>& puzzles) {
  std::string out = kCollectionHeader;
  for (const Puzzle& p : puzzles) out += puzzleToLine(p) + "\n";
  return out;
}

CollectionLoad parseCollectionFile(std::string_view text) {
  CollectionLoad out;
  const std::vector<std::string> all = lines(text);
  std::set<std::string> ids;
  for (size_t i = 0; i < all.size(); ++i) {
    const std::string& line = all[i];
    if (line.empty() || line[0] == '#') continue;
    std::string why;
    auto puzzle = puzzleFromLine(line, &why);
    if (!puzzle) {
      out.problems.push_back("line " + std::to_string(i + 1) + ": " + why);
      continue;
    }
    if (ids.insert(puzzle->id()).second) out.puzzles.push_back(std::move(*puzzle));
  }
  return out;
}

std::string puzzleFileProblemMessage(const char* what, const std::string& path,
                                     const std::vector<std::string>& problems,
                                     const std::string& backup) {
  std::string text = std::string("Part of ") + what + " " + path + " could not be read (";
  for (size_t i = 0; i < problems.size() && i < 3; ++i) text += (i ? "; " : "") + problems[i];
  if (problems.size() > 3) text += "; and " + std::to_string(problems.size() - 3) + " more";
  text += "), so only what could be read is used.";
  if (!backup.empty()) {
    text += " The old file is kept as " + backup + ".";
  } else {
    text += " No copy could be made, so the file is left as it is and changes are not saved.";
  }
  return text;
}

}  // namespace gomoku::gui
