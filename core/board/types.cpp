#include "core/board/types.h"

#include <charconv>

namespace gomoku {

const char* colorName(Color c) {
  switch (c) {
    case Color::Black: return "black";
    case Color::White: return "white";
    case Color::Empty: return "empty";
    default: return "wall";
  }
}

const char* ruleName(Rule r) {
  switch (r) {
    case Rule::Standard: return "standard";
    case Rule::Renju: return "renju";
    default: return "freestyle";
  }
}

std::optional<Rule> parseRule(std::string_view name) {
  if (name == "freestyle") return Rule::Freestyle;
  if (name == "standard") return Rule::Standard;
  if (name == "renju") return Rule::Renju;
  return std::nullopt;
}

std::string pointToText(Point p) {
  if (p == kNullPoint) return "--";
  std::string text(1, static_cast<char>('a' + pointX(p)));
  text += std::to_string(pointY(p) + 1);
  return text;
}

std::optional<Point> parsePointText(std::string_view text, int size) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  char letter = text[0];
  if (letter >= 'A' && letter <= 'Z') letter = static_cast<char>(letter - 'A' + 'a');
  if (letter < 'a' || letter > 'z') return std::nullopt;
  int number = 0;
  auto digits = text.substr(1);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  int x = letter - 'a', y = number - 1;
  if (!onBoard(x, y, size)) return std::nullopt;
  return makePoint(x, y);
}

}  // namespace gomoku
