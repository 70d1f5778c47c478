#include "core/protocol/text.h"

namespace gomoku {

namespace {
constexpr size_t kMaxDigits = 18;  // 10^18 - 1 < 2^63
}  // namespace

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && isSpace(text[b])) ++b;
  while (e > b && isSpace(text[e - 1])) --e;
  return text.substr(b, e - b);
}

std::string oneLine(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

std::optional<int64_t> parseInteger(std::string_view text) {
  text = trim(text);
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  // Leading zeros are no part of the length limit: "0000000000000000000005" is 5.
  while (text.size() > 1 && text[0] == '0') text.remove_prefix(1);
  if (text.empty() || text.size() > kMaxDigits) return std::nullopt;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

std::optional<int64_t> parseIntegerIn(std::string_view text, int64_t low, int64_t high) {
  auto value = parseInteger(text);
  if (!value || *value < low || *value > high) return std::nullopt;
  return value;
}

}  // namespace gomoku
