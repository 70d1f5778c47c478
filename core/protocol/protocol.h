// The Gomocup (Piskvork) brain protocol as text, with the Yixin-Board extensions: parsing the
// manager's lines and the brain's replies, formatting both. No state and no I/O, so the brain
// (app/pbrain), a manager that drives other engines, and the tests all share one definition.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/protocol/text.h"
#include "core/board/types.h"

namespace gomoku::protocol {

// ---- Manager -> brain --------------------------------------------------------------------

enum class CommandKind : uint8_t {
  Empty,    // blank line (or only spaces): ignored, no reply
  Unknown,  // a command word the brain does not know: reply UNKNOWN
  Start,        // START n
  RectStart,    // RECTSTART w,h
  Restart,      // RESTART
  Begin,        // BEGIN
  Turn,         // TURN x,y
  Board,        // BOARD, then "x,y,field" lines, then DONE; answer with a move
  YxBoard,      // YXBOARD: like BOARD but no move is asked for
  Done,         // DONE outside a BOARD block
  Takeback,     // TAKEBACK x,y
  Play,         // PLAY x,y
  Info,         // INFO key value
  End,          // END
  About,        // ABOUT
  Stop,         // STOP or YXSTOP: answer at once with the best move so far
  YxNBest,      // YXNBEST n
  YxShowForbid, // YXSHOWFORBID
  Swap2Board,   // SWAP2BOARD, then stone lines, then DONE (swap2 opening)
};

struct Command {
  CommandKind kind = CommandKind::Empty;
  std::string name;   // the command word, upper case, as recognised ("TURN", "YXSTOP", ...)
  std::string error;  // non-empty when the arguments are malformed: reply "ERROR " + error
  int x = 0;          // TURN/TAKEBACK/PLAY: x; START: size; RECTSTART: width; YXNBEST: count
  int y = 0;          // TURN/TAKEBACK/PLAY: y; RECTSTART: height
  std::string key;    // INFO: key, lower case
  std::string value;  // INFO: the rest of the line, trimmed (a folder may contain spaces)
};

// Parses one line (line terminators already removed; stray CR/LF/spaces are trimmed).
// Command words are case-insensitive. Never throws; anything odd comes back as Unknown or
// with `error` set.
Command parseCommand(std::string_view line);

// A line inside a BOARD / YXBOARD / SWAP2BOARD block.
struct BoardLine {
  enum class Kind : uint8_t { Empty, Stone, Done, End, Bad };
  Kind kind = Kind::Empty;
  int x = 0, y = 0;
  int field = 0;      // 1 own stone, 2 opponent's, 3 winning line / forbidden (continuous game)
  std::string error;  // Bad: what is wrong
};
// Accepts "x,y,field" (field 1..3) and, for SWAP2BOARD, "x,y" (field comes back 0).
BoardLine parseBoardLine(std::string_view line);

// ---- Small pieces shared by both sides ---------------------------------------------------

// "x,y": two decimal integers (a leading '-' allowed, spaces around them tolerated).
struct XY {
  int x = 0, y = 0;
};
std::optional<XY> parseXY(std::string_view text, std::string* error = nullptr);

// parseInteger and trim are the shared ones of core/text.h, named here too for the protocol's
// users.
using gomoku::parseInteger;
using gomoku::trim;

// INFO rule value -> rule: 0 freestyle, 1 exactly five, 4 renju (Gomocup); 2 renju (Yixin-Board);
// bit 2 (continuous game, Gomocup value 2 combined with others) is ignored; caro (8) and
// anything else is nullopt.
std::optional<Rule> ruleFromInfo(int64_t value);
// Rule -> the Gomocup INFO rule value (0, 1, 4).
int infoValueOfRule(Rule rule);

// Input text safe to echo in a reply: printable ASCII only ('?' for the rest), at most
// maxLength characters ("..." after them).
std::string printable(std::string_view s, size_t maxLength = 32);

// "x,y" for a point (0-based, as the protocol writes it).
std::string formatPoint(Point p);
std::string formatPoint(int x, int y);
// "FORBID " + each point as two-digit x then two-digit y + "." (e.g. "FORBID 0707.").
std::string formatForbid(const std::vector<Point>& points);

struct About {
  std::string name, version, author, country;
};
// name="...", version="...", author="...", country="..."
std::string formatAbout(const About& about);

// ---- Brain -> manager (for a manager, the match driver and the tests) ---------------------

enum class ReplyKind : uint8_t {
  Empty,
  Move,     // "x,y"
  Ok,       // "OK" (anything after it is a comment)
  Error,    // "ERROR text"
  Unknown,  // "UNKNOWN text"
  Message,  // "MESSAGE text"
  Debug,    // "DEBUG text"
  Suggest,  // "SUGGEST x,y"
  Forbid,   // "FORBID xxyy....": the points
  Swap,     // "SWAP": the swap2 choice to change colors
  Points,   // "x,y x,y ...": several points (swap2 opening stones)
  Other,    // anything else (ABOUT's answer, ...)
};

struct Reply {
  ReplyKind kind = ReplyKind::Empty;
  int x = 0, y = 0;           // Move, Suggest
  std::string text;           // Error/Unknown/Message/Debug: the text after the word; Other: line
  std::vector<XY> points;     // Forbid, Points
};
Reply parseReply(std::string_view line);

}  // namespace gomoku::protocol
