#include "app/gui/models/move_text.h"

namespace gomoku::gui {

const char* sideName(Color color) {
  return color == Color::Black ? "Black" : "White";
}

std::string lineText(const std::vector<Point>& line, size_t max) {
  std::string text;
  for (size_t i = 0; i < line.size() && i < max; ++i) {
    if (i) text += ' ';
    text += pointToText(line[i]);
  }
  if (line.size() > max) text += " ...";
  return text;
}

std::string variationLetter(size_t index) {
  std::string text;
  if (index >= 26) text += static_cast<char>('a' + (index / 26 - 1) % 26);
  text += static_cast<char>('a' + index % 26);
  return text;
}

std::string variationText(const std::vector<Point>& line, size_t max) {
  std::string text;
  for (size_t i = 0; i < line.size() && i < max; ++i) {
    if (i) text += ", ";
    text += variationLetter(i) + ": " + pointToText(line[i]);
  }
  if (line.size() > max) text += " ...";
  return text;
}

}  // namespace gomoku::gui
