#include "core/protocol/protocol.h"

#include <cctype>
#include <cstdio>

namespace gomoku::protocol {

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string printable(std::string_view s, size_t maxLength) {
  std::string out;
  for (char c : s.substr(0, maxLength)) {
    unsigned char u = static_cast<unsigned char>(c);
    out += (u >= 0x20 && u < 0x7F) ? c : '?';
  }
  if (s.size() > maxLength) out += "...";
  return out;
}

namespace {

// Splits off the first whitespace-separated word; `rest` is trimmed.
std::string_view firstWord(std::string_view text, std::string_view& rest) {
  size_t end = 0;
  while (end < text.size() && !isSpace(text[end])) ++end;
  rest = trim(text.substr(end));
  return text.substr(0, end);
}

struct Entry {
  const char* word;
  CommandKind kind;
};
constexpr Entry kCommands[] = {
    {"START", CommandKind::Start},       {"RECTSTART", CommandKind::RectStart},
    {"RESTART", CommandKind::Restart},   {"BEGIN", CommandKind::Begin},
    {"TURN", CommandKind::Turn},         {"BOARD", CommandKind::Board},
    {"YXBOARD", CommandKind::YxBoard},   {"DONE", CommandKind::Done},
    {"TAKEBACK", CommandKind::Takeback}, {"PLAY", CommandKind::Play},
    {"INFO", CommandKind::Info},         {"END", CommandKind::End},
    {"ABOUT", CommandKind::About},       {"STOP", CommandKind::Stop},
    {"YXSTOP", CommandKind::Stop},       {"YXNBEST", CommandKind::YxNBest},
    {"YXSHOWFORBID", CommandKind::YxShowForbid}, {"SWAP2BOARD", CommandKind::Swap2Board},
};

bool fitsInt(int64_t v) { return v >= -1000000000 && v <= 1000000000; }

}  // namespace

std::optional<XY> parseXY(std::string_view text, std::string* error) {
  auto fail = [&](std::string message) -> std::optional<XY> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  text = trim(text);
  size_t comma = text.find(',');
  if (text.empty() || comma == std::string_view::npos)
    return fail("expected two numbers x,y");
  if (text.find(',', comma + 1) != std::string_view::npos)
    return fail("expected two numbers x,y, got more");
  auto x = parseInteger(text.substr(0, comma));
  auto y = parseInteger(text.substr(comma + 1));
  if (!x || !y) {
    std::string message = "'";  // built with += : GCC 12 warns on "..." + string
    message += printable(text);
    message += "' is not x,y";
    return fail(message);
  }
  if (!fitsInt(*x) || !fitsInt(*y)) return fail("coordinate out of range");
  return XY{static_cast<int>(*x), static_cast<int>(*y)};
}

Command parseCommand(std::string_view line) {
  Command cmd;
  line = trim(line);
  if (line.empty()) return cmd;

  std::string_view rest;
  std::string word = upper(firstWord(line, rest));
  cmd.kind = CommandKind::Unknown;
  cmd.name = printable(word);
  for (const Entry& e : kCommands)
    if (word == e.word) cmd.kind = e.kind;
  if (cmd.kind == CommandKind::Unknown) return cmd;

  auto noArguments = [&] {
    if (!rest.empty()) cmd.error = cmd.name + " takes no arguments";
  };
  auto point = [&] {
    std::string why;
    if (auto xy = parseXY(rest, &why)) {
      cmd.x = xy->x;
      cmd.y = xy->y;
    } else {
      cmd.error = cmd.name + ": " + why;
    }
  };
  auto count = [&](const char* what) {
    auto n = parseInteger(rest);
    if (rest.empty())
      cmd.error = cmd.name + " needs " + what;
    else if (!n)
      cmd.error = cmd.name + ": '" + printable(rest) + "' is not a number";
    else if (!fitsInt(*n))
      cmd.error = cmd.name + ": " + what + " out of range";
    else
      cmd.x = static_cast<int>(*n);
  };

  switch (cmd.kind) {
    case CommandKind::Start: count("the board size"); break;
    case CommandKind::YxNBest: count("the number of moves"); break;
    case CommandKind::RectStart: {
      std::string why;
      if (auto xy = parseXY(rest, &why)) {
        cmd.x = xy->x;
        cmd.y = xy->y;
      } else {
        cmd.error = "RECTSTART needs width,height: " + why;
      }
      break;
    }
    case CommandKind::Turn:
    case CommandKind::Takeback:
    case CommandKind::Play: point(); break;
    case CommandKind::Info: {
      std::string_view value;
      std::string_view key = firstWord(rest, value);
      cmd.key = lower(key);
      cmd.value = std::string(value);
      if (key.empty())
        cmd.error = "INFO needs a key and a value";
      else if (value.empty())
        cmd.error = "INFO " + printable(cmd.key) + " needs a value";
      break;
    }
    case CommandKind::Restart:
    case CommandKind::Begin:
    case CommandKind::Board:
    case CommandKind::YxBoard:
    case CommandKind::Done:
    case CommandKind::About:
    case CommandKind::YxShowForbid:
    case CommandKind::Swap2Board: noArguments(); break;
    // END and STOP are honoured whatever follows them.
    default: break;
  }
  return cmd;
}

BoardLine parseBoardLine(std::string_view line) {
  BoardLine out;
  line = trim(line);
  if (line.empty()) return out;
  std::string word = upper(line);
  if (word == "DONE") {
    out.kind = BoardLine::Kind::Done;
    return out;
  }
  if (word == "END") {
    out.kind = BoardLine::Kind::End;
    return out;
  }
  out.kind = BoardLine::Kind::Bad;
  size_t c1 = line.find(',');
  size_t c2 = c1 == std::string_view::npos ? c1 : line.find(',', c1 + 1);
  if (c1 == std::string_view::npos) {
    out.error = "expected x,y,field or DONE, got '" + printable(line) + "'";
    return out;
  }
  if (c2 != std::string_view::npos && line.find(',', c2 + 1) != std::string_view::npos) {
    out.error = "expected x,y,field, got '" + printable(line) + "'";
    return out;
  }
  auto x = parseInteger(line.substr(0, c1));
  auto y = parseInteger(c2 == std::string_view::npos ? line.substr(c1 + 1)
                                                     : line.substr(c1 + 1, c2 - c1 - 1));
  std::optional<int64_t> field = int64_t{0};
  if (c2 != std::string_view::npos) field = parseInteger(line.substr(c2 + 1));
  if (!x || !y || !field) {
    out.error = "expected x,y,field with numbers, got '" + printable(line) + "'";
    return out;
  }
  if (!fitsInt(*x) || !fitsInt(*y)) {
    out.error = "coordinate out of range in '" + printable(line) + "'";
    return out;
  }
  if (c2 != std::string_view::npos && (*field < 1 || *field > 3)) {
    out.error = "field must be 1 (own), 2 (opponent) or 3 (winning line), got '" +
                printable(line) + "'";
    return out;
  }
  out.kind = BoardLine::Kind::Stone;
  out.x = static_cast<int>(*x);
  out.y = static_cast<int>(*y);
  out.field = static_cast<int>(*field);
  return out;
}

std::optional<Rule> ruleFromInfo(int64_t value) {
  if (value < 0 || value > 7) return std::nullopt;  // 8 = caro, not supported
  if (value == 2) return Rule::Renju;                // Yixin-Board's renju
  if (value & 4) return Rule::Renju;
  if (value & 1) return Rule::Standard;
  return Rule::Freestyle;
}

int infoValueOfRule(Rule rule) {
  switch (rule) {
    case Rule::Standard: return 1;
    case Rule::Renju: return 4;
    default: return 0;
  }
}

std::string formatPoint(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }
std::string formatPoint(Point p) { return formatPoint(pointX(p), pointY(p)); }

std::string formatForbid(const std::vector<Point>& points) {
  std::string out = "FORBID ";
  for (Point p : points) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02d%02d", pointX(p) % 100, pointY(p) % 100);
    out += buf;
  }
  out += '.';
  return out;
}

std::string formatAbout(const About& about) {
  auto field = [](const char* key, const std::string& value) {
    std::string clean;
    for (char c : value) clean += (c == '"' || c == '\n' || c == '\r') ? '\'' : c;
    return std::string(key) + "=\"" + clean + "\"";
  };
  return field("name", about.name) + ", " + field("version", about.version) + ", " +
         field("author", about.author) + ", " + field("country", about.country);
}

Reply parseReply(std::string_view line) {
  Reply r;
  line = trim(line);
  if (line.empty()) return r;
  std::string_view rest;
  std::string word = upper(firstWord(line, rest));
  if (word == "OK") {
    r.kind = ReplyKind::Ok;
    r.text = std::string(rest);
  } else if (word == "ERROR" || word == "UNKNOWN" || word == "MESSAGE" || word == "DEBUG") {
    r.kind = word == "ERROR"     ? ReplyKind::Error
             : word == "UNKNOWN" ? ReplyKind::Unknown
             : word == "MESSAGE" ? ReplyKind::Message
                                 : ReplyKind::Debug;
    r.text = std::string(rest);
  } else if (word == "SUGGEST") {
    if (auto xy = parseXY(rest)) {
      r.kind = ReplyKind::Suggest;
      r.x = xy->x;
      r.y = xy->y;
    } else {
      r.kind = ReplyKind::Other;
      r.text = std::string(line);
    }
  } else if (word == "FORBID") {
    // Digits in groups of four (xxyy), ended by '.'.
    std::string digits;
    bool ended = false, bad = false;
    for (char c : rest) {
      if (c >= '0' && c <= '9' && !ended) digits += c;
      else if (c == '.' && !ended) ended = true;
      else if (!isSpace(c)) bad = true;
    }
    if (!ended || bad || digits.size() % 4 != 0) {
      r.kind = ReplyKind::Other;
      r.text = std::string(line);
    } else {
      r.kind = ReplyKind::Forbid;
      for (size_t i = 0; i < digits.size(); i += 4)
        r.points.push_back({(digits[i] - '0') * 10 + (digits[i + 1] - '0'),
                            (digits[i + 2] - '0') * 10 + (digits[i + 3] - '0')});
    }
  } else if (word == "SWAP" && trim(rest).empty()) {
    r.kind = ReplyKind::Swap;
  } else if (auto xy = parseXY(line)) {
    r.kind = ReplyKind::Move;
    r.x = xy->x;
    r.y = xy->y;
  } else {
    // Several points separated by spaces (swap2), or something else.
    std::vector<XY> points;
    std::string_view left = line;
    while (!left.empty()) {
      std::string_view tail;
      std::string_view token = firstWord(left, tail);
      auto p = parseXY(token);
      if (!p) break;
      points.push_back(*p);
      left = trim(tail);
    }
    if (left.empty() && points.size() >= 2) {
      r.kind = ReplyKind::Points;
      r.points = std::move(points);
    } else {
      r.kind = ReplyKind::Other;
      r.text = std::string(line);
    }
  }
  return r;
}

}  // namespace gomoku::protocol
