// Basic vocabulary of the engine: colors, rules, points on the board, board-size limits.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gomoku {

enum class Color : uint8_t { Black = 0, White = 1, Empty = 2, Wall = 3 };

constexpr Color opponent(Color c) { return c == Color::Black ? Color::White : Color::Black; }
constexpr int index(Color c) { return static_cast<int>(c); }
const char* colorName(Color c);

// Freestyle: five or more wins. Standard: exactly five wins. Renju: black wins only with
// exactly five and may not make double-three, double-four or overline; white wins with 5+.
enum class Rule : uint8_t { Freestyle = 0, Standard = 1, Renju = 2 };
constexpr int kRuleCount = 3;
const char* ruleName(Rule r);
std::optional<Rule> parseRule(std::string_view name);

constexpr int kMinSize = 5;
constexpr int kMaxSize = 22;
constexpr int kDefaultSize = 15;

// A point packs (x, y) into one index: x = column from the left (0-based), y = row (0-based).
// The stride is a power of two so that x and y come out with a mask and a shift.
using Point = uint16_t;
constexpr int kStrideBits = 5;
constexpr int kStride = 1 << kStrideBits;
constexpr int kPointCount = kStride * kStride;  // array size for per-point tables
constexpr Point kNullPoint = 0xFFFF;

constexpr Point makePoint(int x, int y) { return static_cast<Point>((y << kStrideBits) | x); }
constexpr int pointX(Point p) { return p & (kStride - 1); }
constexpr int pointY(Point p) { return p >> kStrideBits; }
constexpr bool onBoard(int x, int y, int size) { return x >= 0 && y >= 0 && x < size && y < size; }

// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
constexpr int kDirCount = 4;
constexpr int kDirDx[kDirCount] = {1, 0, 1, 1};
constexpr int kDirDy[kDirCount] = {0, 1, 1, -1};

// The steps k in [-reach, reach] for which (x, y) + k * direction dir stays on the board,
// as {kMin, kMax}: worked out once instead of a bounds check per cell.
struct StepRange {
  int kMin, kMax;
};
constexpr StepRange stepsOnBoard(int x, int y, int dir, int reach, int size) {
  int kMin = -reach, kMax = reach;
  if (kDirDx[dir]) kMin = std::max(kMin, -x), kMax = std::min(kMax, size - 1 - x);
  if (kDirDy[dir] > 0) kMin = std::max(kMin, -y), kMax = std::min(kMax, size - 1 - y);
  if (kDirDy[dir] < 0) kMin = std::max(kMin, y - (size - 1)), kMax = std::min(kMax, y);
  return {kMin, kMax};
}

// Coordinates as players write them: letter = column (a = x 0), number = row (1 = y 0).
std::string pointToText(Point p);
std::optional<Point> parsePointText(std::string_view text, int size);

}  // namespace gomoku
