#include "core/manager/openings.h"

#include <fstream>
#include <sstream>

#include "core/manager/referee.h"
#include "core/protocol/protocol.h"

namespace gomoku {

namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(sep, start);
    if (end == std::string_view::npos) end = text.size();
    parts.push_back(protocol::trim(text.substr(start, end - start)));
    start = end + 1;
  }
  return parts;
}

bool isOffsetLine(std::string_view line) {
  return line.find_first_not_of("0123456789-, \t") == std::string_view::npos;
}

// "0,0, 1,0, 1,3": pairs of offsets from the centre (Gomocup's judge and c-gomoku-cli).
std::optional<std::vector<Point>> parseOffsets(std::string_view line, int size,
                                               std::string& error) {
  std::vector<int> numbers;
  for (std::string_view part : split(line, ',')) {
    auto n = protocol::parseInteger(part);
    if (!n || *n < -kMaxSize || *n > kMaxSize) {
      error = std::string("not an offset from the centre: ").append(part);
      return std::nullopt;
    }
    numbers.push_back(int(*n));
  }
  if (numbers.size() % 2 != 0) {
    error = "an odd number of offsets";
    return std::nullopt;
  }
  std::vector<Point> moves;
  int centre = size / 2;
  for (size_t i = 0; i < numbers.size(); i += 2) {
    int x = centre + numbers[i], y = centre + numbers[i + 1];
    if (!onBoard(x, y, size)) {
      error = "offset " + std::to_string(numbers[i]) + "," + std::to_string(numbers[i + 1]) +
              " is off the board";
      return std::nullopt;
    }
    moves.push_back(makePoint(x, y));
  }
  return moves;
}

// May an opening recorded for `recorded` start a game under `rule`? The rules must agree - an
// opening balanced for renju hands black a won game in freestyle, and a match's results mean
// nothing - except freestyle openings in standard games: the project has no standard set, its
// standard matches and self-play use the freestyle ones (README), and the two rules differ only
// in overlines, which no opening of a few stones holds.
bool openingFitsRule(Rule recorded, Rule rule) {
  return recorded == rule || (recorded == Rule::Freestyle && rule == Rule::Standard);
}

}  // namespace

Parsed<std::vector<Opening>> parseOpenings(std::string_view text, int size, Rule rule) {
  Parsed<std::vector<Opening>> out;
  std::vector<Opening> openings;
  std::istringstream in{std::string(text)};
  std::string raw;
  int number = 0;
  while (std::getline(in, raw)) {
    ++number;
    std::string_view line = protocol::trim(raw);
    if (line.empty() || line[0] == '#') continue;
    auto fail = [&](const std::string& why) {
      out.error = "line " + std::to_string(number) + ": " + why;
      return out;
    };
    Opening opening;
    opening.id = "line " + std::to_string(number);
    if (line.find('=') != std::string_view::npos) {
      std::string moves;
      bool hasMoves = false;
      std::optional<Rule> recordedRule;
      for (std::string_view field : split(line, ';')) {
        size_t eq = field.find('=');
        if (eq == std::string_view::npos) continue;
        std::string_view key = field.substr(0, eq), value = field.substr(eq + 1);
        if (key == "id") opening.id = std::string(value);
        if (key == "moves") moves = std::string(value), hasMoves = true;
        if (key == "rule") {
          recordedRule = parseRule(value);
          if (!recordedRule)
            return fail("rule '" + std::string(value) + "' (use freestyle, standard or renju)");
        }
        if (key == "size") {
          auto n = protocol::parseInteger(value);
          if (!n) return fail("size '" + std::string(value) + "' is not a number");
          if (*n != size) goto next;  // an opening for another board
        }
      }
      if (!hasMoves) return fail("no moves= field");
      if (recordedRule && !openingFitsRule(*recordedRule, rule))
        return fail(std::string("the opening is for ") + ruleName(*recordedRule) +
                    ", the games are " + ruleName(rule) +
                    " (give the matching rule, or an opening file for " + ruleName(rule) + ")");
      for (std::string_view m : split(moves, ',')) {
        if (m.empty()) continue;
        auto p = parsePointText(m, size);
        if (!p)
          return fail("'" + std::string(m) + "' is not a point on a " + std::to_string(size) + "x" +
                      std::to_string(size) + " board");
        opening.moves.push_back(*p);
      }
      // An empty moves= is a line cut short, not a wish for the empty board (no opening file
      // gives one; without -openings every game starts on it).
      if (opening.moves.empty()) return fail("moves= has no stones");
    } else if (isOffsetLine(line)) {
      std::string error;
      auto moves = parseOffsets(line, size, error);
      if (!moves) return fail(error);
      opening.moves = std::move(*moves);
    } else {
      auto code = parsePositionCode(line, size);
      if (!code) return fail(code.error);
      opening.moves = std::move(*code.value);
    }
    if (auto error = checkOpening(opening.moves, size, rule)) return fail(*error);
    openings.push_back(std::move(opening));
  next:;
  }
  out.value = std::move(openings);
  return out;
}

Parsed<std::vector<Opening>> loadOpenings(const std::string& path, int size, Rule rule) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    Parsed<std::vector<Opening>> out;
    out.error = "cannot read '" + path + "'";
    return out;
  }
  std::ostringstream text;
  text << file.rdbuf();
  auto parsed = parseOpenings(text.str(), size, rule);
  if (!parsed) parsed.error = path + ": " + parsed.error;
  return parsed;
}

}  // namespace gomoku
