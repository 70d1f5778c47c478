#include "core/game/record.h"

#include "core/protocol/text.h"

#include <array>
#include <cstdio>

namespace gomoku {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A byte as it can be shown in a message: itself if printable, else \xNN.
std::string showByte(unsigned char c) {
  if (c >= 0x20 && c < 0x7F) return std::string(1, static_cast<char>(c));
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", c);
  return buf;
}

// A piece of input quoted for a message, non-printable bytes escaped, long text cut.
std::string quote(std::string_view s) {
  std::string out = "'";
  size_t n = 0;
  for (char c : s) {
    if (++n > 40) {
      out += "...";
      break;
    }
    out += showByte(static_cast<unsigned char>(c));
  }
  return out + "'";
}

// A non-negative decimal number of at most 9 digits and nothing else (no sign, no spaces);
// nullopt for anything else.
std::optional<int> parseNumber(std::string_view s) {
  if (s.empty() || s.size() > 9 || !isDigit(s.front()) || !isDigit(s.back())) return std::nullopt;
  auto value = parseInteger(s);
  if (!value) return std::nullopt;
  return static_cast<int>(*value);
}

// An integer that may be negative (the time field of a .psq move line).
bool isInteger(std::string_view s) {
  if (!s.empty() && s.front() == '-') s.remove_prefix(1);
  return parseNumber(s).has_value();
}

std::vector<std::string_view> splitFields(std::string_view s, char sep) {
  std::vector<std::string_view> fields;
  while (true) {
    size_t at = s.find(sep);
    fields.push_back(trim(s.substr(0, at)));
    if (at == std::string_view::npos) break;
    s.remove_prefix(at + 1);
  }
  return fields;
}

// Index of the first byte that is not text (a control character, or not valid UTF-8), or npos.
size_t firstNonTextByte(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7F) return i;
      ++i;
      continue;
    }
    int extra = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
    if (extra < 0 || c == 0xC0 || c == 0xC1 || c > 0xF4) return i;
    for (int k = 1; k <= extra; ++k) {
      if (i + k >= text.size()) return i;
      unsigned char cont = static_cast<unsigned char>(text[i + k]);
      if ((cont & 0xC0) != 0x80) return i;
    }
    i += static_cast<size_t>(extra) + 1;
  }
  return std::string_view::npos;
}

struct Line {
  int number;  // 1-based
  std::string_view text;
};

// Lines end in LF, CR LF or a lone CR (old Mac files): a file of CR-only lines would otherwise
// be one header line, read as an empty game.
std::vector<Line> splitLines(std::string_view text) {
  std::vector<Line> lines;
  int number = 1;
  while (!text.empty()) {
    size_t at = text.find_first_of("\r\n");
    lines.push_back({number++, text.substr(0, at)});
    if (at == std::string_view::npos) break;
    const bool crlf = text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n';
    text.remove_prefix(at + (crlf ? 2 : 1));
  }
  return lines;
}

// "x,y,time" with integers (spaces around the fields allowed).
struct PsqMove {
  int x, y;
};
std::optional<PsqMove> parsePsqMove(std::string_view line) {
  auto fields = splitFields(line, ',');
  if (fields.size() != 3) return std::nullopt;
  auto x = parseNumber(fields[0]), y = parseNumber(fields[1]);
  if (!x || !y || !isInteger(fields[2])) return std::nullopt;
  return PsqMove{*x, *y};
}

// A line of numbers joined by commas (signs and spaces allowed): meant as a move, not as a
// player's name. A name of digits alone ("2048", "1-0", which gomoku-match writes as given)
// has no comma, and is a name.
bool looksNumeric(std::string_view line) {
  bool digit = false, comma = false;
  for (char c : line) {
    if (isDigit(c))
      digit = true;
    else if (c == ',')
      comma = true;
    else if (c != '-' && !isSpace(c))
      return false;
  }
  return digit && comma;
}

// A player's line after the moves. A name the reader would take for a move or for the end of
// the names (numbers and commas such as "7,7,0", or "-1": an external engine's ABOUT reply or
// -engine name= can give one) is written in double quotes, so the record reads back whole.
// Digits and then a comma ("8,x9"): a move line that is damaged, not a player's name.
bool startsLikeMove(std::string_view line) {
  size_t i = line.empty() || line[0] != '-' ? 0 : 1;
  const size_t digits = i;
  while (i < line.size() && isDigit(line[i])) ++i;
  if (i == digits) return false;
  while (i < line.size() && isSpace(line[i])) ++i;
  return i < line.size() && line[i] == ',';
}

bool looksLikeMoveLine(std::string_view line) {
  return looksNumeric(line) || startsLikeMove(line);
}

std::string playerLine(const std::string& name) {
  std::string line = oneLine(name);
  const std::string_view body = trim(line);
  if (looksLikeMoveLine(body) || body == "-1") return "\"" + line + "\"";
  return line;
}

// Length of the run of color c through (x, y) in direction (dx, dy).
template <typename Grid>
int runLength(const Grid& grid, int size, int x, int y, int dx, int dy, int c) {
  int n = 1;
  for (int k = 1; onBoard(x + k * dx, y + k * dy, size) && grid[y + k * dy][x + k * dx] == c; ++k)
    ++n;
  for (int k = 1; onBoard(x - k * dx, y - k * dy, size) && grid[y - k * dy][x - k * dx] == c; ++k)
    ++n;
  return n;
}

}  // namespace

std::string toPositionCode(const std::vector<Point>& moves) {
  std::string code;
  for (Point p : moves) code += pointToText(p);
  return code;
}

Parsed<std::vector<Point>> parsePositionCode(std::string_view code, int size) {
  Parsed<std::vector<Point>> out;
  std::vector<Point> moves;
  std::array<int, kPointCount> seen{};  // move number (1-based) that took the point
  size_t i = 0;
  while (i < code.size()) {
    if (isSpace(code[i]) || code[i] == '\r' || code[i] == '\n') {
      ++i;
      continue;
    }
    int moveNumber = static_cast<int>(moves.size()) + 1;
    size_t start = i;
    if (!isLetter(code[i])) {
      out.error = "move " + std::to_string(moveNumber) + ": unexpected character " +
                  quote(code.substr(i, 1)) + " at offset " + std::to_string(i) +
                  " (expected a column letter)";
      return out;
    }
    ++i;
    while (i < code.size() && isDigit(code[i])) ++i;
    std::string_view token = code.substr(start, i - start);
    if (token.size() == 1) {
      out.error = "move " + std::to_string(moveNumber) + " " + quote(token) +
                  " has no row number after the column letter";
      return out;
    }
    std::string sizeText = std::to_string(size) + "x" + std::to_string(size);
    auto p = parsePointText(token, size);
    if (!p) {
      out.error = "move " + std::to_string(moveNumber) + " " + quote(token) +
                  " is off the " + sizeText + " board";
      return out;
    }
    if (seen[*p]) {
      out.error = "move " + std::to_string(moveNumber) + " " + quote(token) + " repeats move " +
                  std::to_string(seen[*p]);
      return out;
    }
    seen[*p] = moveNumber;
    moves.push_back(*p);
  }
  out.value = std::move(moves);
  return out;
}

// The whole line, as the Moves list shows it, also while an earlier move is on the board: a
// game saved while looking back at move 4 of 8 used to lose moves 5 to 8.
std::string toPsq(const Game& game) {
  return toPsq(game.size(), game.line(), {}, {}, {});
}

std::string toPsq(int size, const std::vector<Point>& moves, const std::vector<int64_t>& moveMs,
                  const std::vector<std::string>& players, const std::vector<std::string>& notes) {
  std::string side = std::to_string(size);
  std::string text = "Piskvorky " + side + "x" + side + ", 11:11, 0\n";
  for (size_t i = 0; i < moves.size(); ++i) {
    int64_t ms = i < moveMs.size() ? moveMs[i] : 0;
    text += std::to_string(pointX(moves[i]) + 1) + "," + std::to_string(pointY(moves[i]) + 1) +
            "," + std::to_string(ms) + "\n";
  }
  if (players.empty() && notes.empty()) return text;
  for (const std::string& name : players) text += playerLine(name) + "\n";
  text += "-1\n";
  for (const std::string& note : notes) text += oneLine(note) + "\n";
  return text;
}

Parsed<MoveRecord> parsePsq(std::string_view text) {
  Parsed<MoveRecord> out;
  auto fail = [&out](int line, const std::string& what) {
    out.error = "line " + std::to_string(line) + ": " + what;
    return out;
  };

  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    out.error = "empty file (no Piskvork header)";
    return out;
  }
  if (size_t bad = firstNonTextByte(text); bad != std::string_view::npos) {
    int line = 1;
    for (size_t i = 0; i < bad; ++i) line += text[i] == '\n';
    return fail(line, "unexpected byte " + showByte(static_cast<unsigned char>(text[bad])) +
                          " (not a text record)");
  }

  std::vector<Line> lines = splitLines(text);

  // Header: "Piskvorky 15x15, 11:11, 0" (the program writes its own name, then WxH).
  std::string_view header = trim(lines[0].text);
  const std::string_view expected = "expected a header like 'Piskvorky 15x15, 11:11, 0'";
  size_t nameEnd = 0;
  while (nameEnd < header.size() && !isSpace(header[nameEnd])) ++nameEnd;
  std::string name(header.substr(0, nameEnd));
  for (char& c : name)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (name.rfind("piskvork", 0) != 0)
    return fail(1, "not a Piskvork record: got " + quote(header) + ", " + std::string(expected));
  std::string_view dims = trim(splitFields(header.substr(nameEnd), ',')[0]);
  size_t cross = dims.find_first_of("xX");
  auto width = parseNumber(dims.substr(0, cross));
  auto height = cross == std::string_view::npos ? std::nullopt
                                                 : parseNumber(dims.substr(cross + 1));
  if (!width || !height)
    return fail(1, "bad board size " + quote(dims) + " in the header, " + std::string(expected));
  if (*width != *height)
    return fail(1, "the board " + std::to_string(*width) + "x" + std::to_string(*height) +
                       " is not square");
  if (*width < kMinSize || *width > kMaxSize)
    return fail(1, "board size " + std::to_string(*width) + " is out of range (" +
                       std::to_string(kMinSize) + ".." + std::to_string(kMaxSize) + ")");

  MoveRecord record;
  record.size = *width;
  std::string sizeText = std::to_string(record.size) + "x" + std::to_string(record.size);
  int grid[kMaxSize][kMaxSize] = {};  // 0 empty, else 1 + color
  int takenAt[kMaxSize][kMaxSize] = {};
  int fiveAt = 0;        // line of the move that made a five
  int trailerFrom = 0;   // first line after the moves (player names, "-1", ...)
  bool trailerClosed = false;
  for (size_t i = 1; i < lines.size(); ++i) {
    const Line& line = lines[i];
    std::string_view body = trim(line.text);
    if (body.empty()) continue;
    if (trailerFrom) {
      // After the moves Piskvork writes the players and a "-1" line; past that, anything.
      if (trailerClosed) continue;
      if (body == "-1") {
        trailerClosed = true;
        continue;
      }
      if (looksLikeMoveLine(body))
        return fail(line.number, parsePsqMove(body)
                                     ? "move " + quote(body) + " after the end of the move list "
                                           "(line " + std::to_string(trailerFrom) + " is not a move)"
                                     : "malformed move " + quote(body) + " (expected 'x,y,time')");
      continue;
    }
    auto move = parsePsqMove(body);
    if (!move) {
      // (A damaged move - "8,x9" - used to be read as the first player's name, and the moves
      // after it dropped without a word.)
      if (looksLikeMoveLine(body) && body != "-1")
        return fail(line.number, "malformed move " + quote(body) + " (expected 'x,y,time')");
      trailerFrom = line.number;
      trailerClosed = body == "-1";
      continue;
    }
    if (move->x < 1 || move->y < 1 || move->x > record.size || move->y > record.size)
      return fail(line.number, "move " + std::to_string(move->x) + "," + std::to_string(move->y) +
                                   " is off the " + sizeText + " board (coordinates run 1.." +
                                   std::to_string(record.size) + ")");
    int x = move->x - 1, y = move->y - 1;
    if (takenAt[y][x])
      return fail(line.number, "move " + std::to_string(move->x) + "," + std::to_string(move->y) +
                                   " is on a point already taken at line " +
                                   std::to_string(takenAt[y][x]));
    if (fiveAt)
      return fail(line.number, "move after the game ended (five made at line " +
                                   std::to_string(fiveAt) + ")");
    int color = 1 + static_cast<int>(record.moves.size() % 2);
    grid[y][x] = color;
    takenAt[y][x] = line.number;
    record.moves.push_back(makePoint(x, y));
    // Exactly five wins under every rule; longer lines depend on the rule (see loadMoves).
    for (int dir = 0; dir < kDirCount; ++dir)
      if (runLength(grid, record.size, x, y, kDirDx[dir], kDirDy[dir], color) == 5)
        fiveAt = line.number;
  }
  out.value = std::move(record);
  return out;
}

std::string toProtocol(Point p) {
  return std::to_string(pointX(p)) + "," + std::to_string(pointY(p));
}

std::optional<Point> parseProtocol(std::string_view text, int size) {
  auto fields = splitFields(trim(text), ',');
  if (fields.size() != 2) return std::nullopt;
  auto x = parseNumber(fields[0]), y = parseNumber(fields[1]);
  if (!x || !y || !onBoard(*x, *y, size)) return std::nullopt;
  return makePoint(*x, *y);
}

std::optional<std::string> loadMoves(Game& game, const MoveRecord& record, Rule rule) {
  Game replay;
  if (auto error = replay.newGame(record.size, rule)) return error;
  for (size_t i = 0; i < record.moves.size(); ++i) {
    Point p = record.moves[i];
    if (auto why = replay.play(p)) {
      std::string where = "move " + std::to_string(i + 1);
      if (replay.board().contains(p)) where += " (" + pointToText(p) + ")";
      return where + ": " + *why;
    }
  }
  game = std::move(replay);
  return std::nullopt;
}

}  // namespace gomoku
