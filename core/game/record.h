// Game records: Piskvork .psq files, position codes ("h8i9j10"), Gomocup protocol
// coordinates ("7,7"). Readers validate everything and name the problem on failure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/game.h"

namespace gomoku {

// A parsed record: the moves in order (black first) and the board size.
struct MoveRecord {
  int size = kDefaultSize;
  std::vector<Point> moves;
};

template <typename T>
struct Parsed {
  std::optional<T> value;
  std::string error;  // set when value is empty: what is wrong, and where
  explicit operator bool() const { return value.has_value(); }
};

// Position code: letter + number per move, e.g. "h8i9j10" (a = column 0, 1 = row 0); upper
// case and spaces between moves are accepted.
std::string toPositionCode(const std::vector<Point>& moves);
Parsed<std::vector<Point>> parsePositionCode(std::string_view code, int size);

// Piskvork .psq: header "Piskvorky WxH, 11:11, 0" (any name starting "Piskvork" is read), then
// "x,y,ms" lines with 1-based coordinates, then optional trailing lines (players, "-1", ...).
// The reader rejects moves after an exact five (a win under every rule); what an overline
// means depends on the rule, so loadMoves checks that.
std::string toPsq(const Game& game);  // the whole line (Game::line), not only the moves shown
// The same with each move's thinking time in milliseconds (0 where moveMs is short), the
// players' names after the moves, then "-1" and free-text notes (result, reason, opening).
std::string toPsq(int size, const std::vector<Point>& moves, const std::vector<int64_t>& moveMs,
                  const std::vector<std::string>& players, const std::vector<std::string>& notes);
Parsed<MoveRecord> parsePsq(std::string_view text);

// Gomocup protocol coordinates: 0-based "x,y".
std::string toProtocol(Point p);
std::optional<Point> parseProtocol(std::string_view text, int size);

// Replays a record into a game under `rule`; on any error the game is unchanged.
std::optional<std::string> loadMoves(Game& game, const MoveRecord& record, Rule rule);

}  // namespace gomoku
