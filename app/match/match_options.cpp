#include "app/match/match_options.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/manager/process.h"
#include "core/protocol/protocol.h"
#include "core/protocol/text.h"

namespace gomoku::match {

namespace {

// A match time below this with no turn limit is most likely a per-move time written wrong.
constexpr int64_t kShortGameMs = 5000;

bool isOption(const std::string& token) {
  return token.size() > 1 && token[0] == '-';
}

// "-5", "-0.5": a negative number given as an option's value, not an option of its own, so
// that "-games -5" says the number is out of range rather than that it is missing.
bool isNegativeNumber(const std::string& token) {
  return token.size() > 1 && token[0] == '-' &&
         (std::isdigit(static_cast<unsigned char>(token[1])) || token[1] == '.');
}

// "\x01" for a control character in an error message.
std::string hexEscape(unsigned char c) {
  const char* digits = "0123456789abcdef";
  return std::string("\\x") + digits[c >> 4] + digits[c & 15];
}

// Control characters (line breaks, tabs, ...) would end or split a protocol line.
bool hasControlCharacter(const std::string& text) {
  return std::any_of(text.begin(), text.end(),
                     [](char c) { return std::iscntrl(static_cast<unsigned char>(c)) != 0; });
}

// `text` for an error message, its control characters written out ("\n", "\x01") so the
// message stays one line and shows what was given (protocol::printable, for a brain's replies,
// puts '?' in their place instead).
std::string escapeControls(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (std::iscntrl(static_cast<unsigned char>(c)))
      out += hexEscape(static_cast<unsigned char>(c));
    else
      out += c;
  }
  return out;
}

// An option.KEY=VALUE pair goes to the engine as the one line "INFO KEY VALUE": a key with a
// space, a line break or nothing in it would send another key or another command (a line
// break in either, "option.foo=1\nTURN 3,3", a move the engine never got from the referee).
std::optional<std::string> checkInfoOption(const std::string& key, const std::string& value) {
  if (key.empty()) return "the key after option. is empty (write option.KEY=VALUE)";
  if (std::any_of(key.begin(), key.end(), [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) ||
               std::iscntrl(static_cast<unsigned char>(c));
      }))
    return "the key holds a space or a control character (INFO keys are one word)";
  if (value.empty()) return "the value is empty (write option.KEY=VALUE)";
  if (hasControlCharacter(value))
    return "the value holds a line break or another control character (it must stay one line)";
  return std::nullopt;
}

// "-foo" and "--foo" -> "foo".
std::string optionName(const std::string& token) {
  return token.substr(token.find_first_not_of('-'));
}

std::optional<double> parseReal(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  return v;
}

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& args) : args_(args) {}

  ParsedOptions run() {
    ParsedOptions out;
    MatchOptions options;
    EngineSpec each;
    std::vector<std::pair<EngineSpec, std::vector<std::string>>> engines;  // spec, keys given
    std::vector<std::string> eachKeys;
    while (pos_ < args_.size()) {
      const std::string& token = args_[pos_++];
      if (!isOption(token)) return fail("unexpected '" + token + "' (options start with -)");
      std::string name = optionName(token);
      if (name == "help" || name == "h") {
        out.help = true;
        return out;
      }
      if (name == "version") {
        out.version = true;
        return out;
      }
      if (name == "engine") {
        EngineSpec spec;
        std::vector<std::string> keys;
        if (!engineOptions(spec, keys, "-engine")) return failed();
        engines.emplace_back(std::move(spec), std::move(keys));
      } else if (name == "each") {
        if (!engineOptions(each, eachKeys, "-each")) return failed();
      } else if (name == "rule") {
        std::string v = value(token);
        if (v == "0" || v == "freestyle")
          options.rule = Rule::Freestyle;
        else if (v == "1" || v == "standard")
          options.rule = Rule::Standard;
        else if (v == "4" || v == "renju")
          options.rule = Rule::Renju;
        else
          return fail("-rule: '" + v + "' (use 0 freestyle, 1 standard, 4 renju)");
      } else if (name == "boardsize") {
        auto n = integer(token, value(token), kMinSize, kMaxSize, "a board size from 5 to 22");
        if (!n) return failed();
        options.size = int(*n);
      } else if (name == "games") {
        auto n = integer(token, value(token), 1, 1000000, "a number of games, 1 or more");
        if (!n) return failed();
        options.games = int(*n);
      } else if (name == "repeat") {
        options.repeat = true;
      } else if (name == "concurrency") {
        auto n = integer(token, value(token), 1, 64, "1 to 64 games at once");
        if (!n) return failed();
        options.concurrency = int(*n);
      } else if (name == "draw") {
        std::string v = value(token);
        if (v.rfind("number=", 0) == 0) v = v.substr(7);
        if (v.rfind("after=", 0) == 0) v = v.substr(6);
        auto n =
            integer(token, v, 1, kMaxSize * kMaxSize, "a number of stones on the board, 1 or more");
        if (!n) return failed();
        options.drawAfter = int(*n);
      } else if (name == "openings") {
        if (!openingOptions(options)) return failed();
      } else if (name == "srand" || name == "seed") {
        auto n = integer(token, value(token), 0, INT64_MAX, "a number, 0 or more");
        if (!n) return failed();
        options.seed = uint64_t(*n);
      } else if (name == "psq") {
        options.psqDir = value(token);
      } else if (name == "results") {
        options.resultsFile = value(token);
      } else if (name == "sprt") {
        if (!sprtOptions(options)) return failed();
      } else if (name == "tolerance") {
        auto n = integer(token, value(token), 0, 60000, "milliseconds from 0 to 60000");
        if (!n) return failed();
        options.toleranceMs = *n;
      } else if (name == "quiet") {
        options.quiet = true;
      } else if (name == "log" || name == "debug") {
        options.showLog = true;
      } else {
        return fail("unknown option '" + token + "' (see -help)");
      }
      if (!error_.empty()) return failed();
    }

    if (engines.size() != 2)
      return fail("give exactly two -engine options (got " + std::to_string(engines.size()) + ")");
    for (int i = 0; i < 2; ++i) {
      EngineSpec spec = engines[i].first;
      merge(spec, engines[i].second, each, eachKeys);
      if (int(spec.builtin) + int(spec.greedy) + int(!spec.cmd.empty()) != 1)
        return fail("engine " + std::to_string(i + 1) +
                    ": give one of cmd=COMMAND (an external brain), builtin or greedy");
      if (!spec.greedy && !spec.tc && !spec.nodes && !spec.depth)
        return fail("engine " + std::to_string(i + 1) +
                    ": no limit (give tc=, nodes= or depth=, here or in -each)");
      if (spec.name.empty()) {
        if (spec.builtin)
          spec.name = spec.strength < 10 ? "builtin-L" + std::to_string(spec.strength) : "builtin";
        if (spec.greedy) spec.name = "greedy";
        // external: left empty, the engine's ABOUT name is used
      }
      // "tc=0.05" is 0.05 s for the whole game (as in c-gomoku-cli), a common slip for
      // "tc=0/0.05", 0.05 s a move: say so, once for both engines.
      if (spec.tc && spec.tc->turnMs == 0 && spec.tc->incrementMs == 0 &&
          spec.tc->matchMs < kShortGameMs) {
        TimeControl perMove;
        perMove.matchMs = 0;
        perMove.turnMs = spec.tc->matchMs;
        const std::string warning = "tc=" + formatTimeControl(*spec.tc) + " gives " +
                                    formatTimeControl(*spec.tc) +
                                    " s for the whole game, with no turn limit; for that much "
                                    "a move write tc=" + formatTimeControl(perMove);
        if (std::find(out.warnings.begin(), out.warnings.end(), warning) == out.warnings.end())
          out.warnings.push_back(warning);
      }
      options.engines[i] = std::move(spec);
    }
    out.options = std::move(options);
    return out;
  }

 private:
  ParsedOptions fail(const std::string& message) {
    if (error_.empty()) error_ = message;
    return failed();
  }
  ParsedOptions failed() {
    ParsedOptions out;
    out.error = error_;
    return out;
  }

  std::string value(const std::string& option) {
    if (pos_ >= args_.size() || (isOption(args_[pos_]) && !isNegativeNumber(args_[pos_]))) {
      if (error_.empty()) error_ = option + ": a value is missing";
      return {};
    }
    return args_[pos_++];
  }

  // An option's integer value in [low, high]; else nullopt and an error that tells a number out
  // of range ("-games: -5 is out of range") from no number at all. `expected` says what fits.
  std::optional<int64_t> integer(const std::string& option, const std::string& text, int64_t low,
                                 int64_t high, const std::string& expected) {
    if (!error_.empty()) return std::nullopt;  // the value was missing: that error stands
    if (auto n = parseIntegerIn(text, low, high)) return n;
    if (parseInteger(text))
      error_ = option + ": " + text + " is out of range (expected " + expected + ")";
    else
      error_ = option + ": '" + text + "' is not a whole number (expected " + expected + ")";
    return std::nullopt;
  }

  // key=value tokens (and the bare word "builtin") up to the next option.
  bool engineOptions(EngineSpec& spec, std::vector<std::string>& keys, const std::string& option) {
    bool any = false;
    while (pos_ < args_.size() && !isOption(args_[pos_])) {
      std::string token = args_[pos_++];
      any = true;
      if (token == "builtin" || token == "greedy") {
        (token == "builtin" ? spec.builtin : spec.greedy) = true;
        keys.push_back(token);
        continue;
      }
      size_t eq = token.find('=');
      if (eq == std::string::npos || eq == 0) {
        error_ = option + ": '" + token + "' is not key=value";
        return false;
      }
      std::string key = token.substr(0, eq), v = token.substr(eq + 1);
      auto bad = [&](const std::string& what) {
        error_ = option + ": " + escapeControls(key) + "='" + escapeControls(v) + "': " + what;
        return false;
      };
      if (key == "name") {
        spec.name = v;
      } else if (key == "cmd") {
        // Split now, as every game will: a command that cannot be run is a mistake on the
        // command line, not a forfeit in every game of the match.
        std::string why;
        auto argv = splitCommandLine(v, &why);
        if (!argv) return bad(why + " (close the quote, or escape it with \\)");
        if (argv->empty()) return bad("empty command");
        if (argv->front().empty()) return bad("the program's name is empty");
        spec.cmd = v;
      } else if (key == "dir") {
        spec.dir = v;
      } else if (key == "strength" || key == "level") {
        auto n = parseIntegerIn(v, 1, 10);
        if (!n) return bad("expected a level from 1 to 10");
        spec.strength = int(*n);
        key = "strength";
      } else if (key == "threads" || key == "thread") {
        auto n = parseIntegerIn(v, 1, 64);
        if (!n) return bad("expected 1 to 64 threads");
        spec.threads = int(*n);
        key = "threads";
      } else if (key == "hash") {
        auto n = parseIntegerIn(v, 1, 65536);
        if (!n) return bad("expected megabytes (1..65536)");
        spec.hashMb = int(*n);
      } else if (key == "nodes") {
        auto n = parseIntegerIn(v, 1, INT64_MAX);
        if (!n) return bad("expected a positive number of nodes");
        spec.nodes = uint64_t(*n);
      } else if (key == "depth") {
        auto n = parseIntegerIn(v, 1, 200);
        if (!n) return bad("expected a depth from 1 to 200");
        spec.depth = int(*n);
      } else if (key == "tc") {
        std::string why;
        auto tc = parseTimeControl(v, &why);
        if (!tc) return bad(why);
        spec.tc = *tc;
      } else if (key == "maxmemory" || key == "memory") {
        auto n = parseIntegerIn(v, 0, INT64_MAX);
        if (!n) return bad("expected bytes (0 = no limit)");
        spec.maxMemory = *n;
        key = "maxmemory";
      } else if (key.rfind("option.", 0) == 0) {
        if (auto why = checkInfoOption(key.substr(7), v)) return bad(*why);
        spec.info.emplace_back(key.substr(7), v);
      } else {
        return bad(
            "unknown engine option (name, cmd, dir, builtin, strength, threads, hash, "
            "nodes, depth, tc, maxmemory, option.KEY)");
      }
      keys.push_back(key);
    }
    if (!any) {
      error_ = option + ": no engine options given";
      return false;
    }
    return true;
  }

  // -each gives what an engine did not set itself.
  static void merge(EngineSpec& spec, const std::vector<std::string>& keys, const EngineSpec& each,
                    const std::vector<std::string>& eachKeys) {
    auto own = [&](const char* key) {
      for (const std::string& k : keys)
        if (k == key) return true;
      return false;
    };
    for (const std::string& key : eachKeys) {
      if (own(key.c_str())) continue;
      if (key == "builtin")
        spec.builtin = true;
      else if (key == "name")
        spec.name = each.name;
      else if (key == "cmd")
        spec.cmd = each.cmd;
      else if (key == "dir")
        spec.dir = each.dir;
      else if (key == "strength")
        spec.strength = each.strength;
      else if (key == "threads")
        spec.threads = each.threads;
      else if (key == "hash")
        spec.hashMb = each.hashMb;
      else if (key == "nodes")
        spec.nodes = each.nodes;
      else if (key == "depth")
        spec.depth = each.depth;
      else if (key == "tc")
        spec.tc = each.tc;
      else if (key == "maxmemory")
        spec.maxMemory = each.maxMemory;
    }
    for (const auto& kv : each.info) spec.info.push_back(kv);
  }

  bool openingOptions(MatchOptions& options) {
    bool any = false;
    while (pos_ < args_.size() && !isOption(args_[pos_])) {
      std::string token = args_[pos_++];
      any = true;
      size_t eq = token.find('=');
      std::string key = token.substr(0, eq),
                  v = eq == std::string::npos ? "" : token.substr(eq + 1);
      if (key == "file" && !v.empty()) {
        options.openingsFile = v;
      } else if (key == "order" && (v == "random" || v == "sequential")) {
        options.randomOrder = v == "random";
      } else if (key == "srand") {
        auto n = parseIntegerIn(v, 0, INT64_MAX);
        if (!n) {
          error_ = "-openings: srand='" + v + "' is not a number";
          return false;
        }
        options.seed = uint64_t(*n);
      } else {
        error_ =
            "-openings: '" + token + "' (expected file=FILE [order=random|sequential] [srand=N])";
        return false;
      }
    }
    if (!any || options.openingsFile.empty()) {
      error_ = "-openings: file=FILE is missing";
      return false;
    }
    return true;
  }

  bool sprtOptions(MatchOptions& options) {
    SprtParameters p;
    while (pos_ < args_.size() && !isOption(args_[pos_])) {
      std::string token = args_[pos_++];
      size_t eq = token.find('=');
      std::string key = token.substr(0, eq),
                  v = eq == std::string::npos ? "" : token.substr(eq + 1);
      auto number = parseReal(v);
      if (!number) {
        error_ = "-sprt: '" + token + "' (expected elo0=E0 elo1=E1 alpha=A beta=B)";
        return false;
      }
      if (key == "elo0")
        p.elo0 = *number;
      else if (key == "elo1")
        p.elo1 = *number;
      else if (key == "alpha")
        p.alpha = *number;
      else if (key == "beta")
        p.beta = *number;
      else {
        error_ = "-sprt: unknown parameter '" + key + "'";
        return false;
      }
    }
    if (auto why = checkSprtParameters(p)) {
      error_ = "-sprt: " + *why;
      return false;
    }
    options.sprt = p;
    return true;
  }

  const std::vector<std::string>& args_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

ParsedOptions parseMatchOptions(const std::vector<std::string>& args) {
  return Parser(args).run();
}

std::string matchUsage() {
  return R"(gomoku-match: engine-vs-engine matches for Gomocup brains and the built-in engine.

Usage: gomoku-match -engine OPTIONS -engine OPTIONS [-each OPTIONS] [options]

Engine options (key=value, for -engine or, for both engines, -each):
  cmd=COMMAND      an external Gomocup brain (split like a shell would; run without one,
                   in the executable's folder unless dir= is given)
  builtin          the project's own engine instead
  greedy           a greedy one-move player (extends its longest line or blocks the
                   opponent's): the yardstick for the weakest level
  name=NAME        the name in the results (default: the engine's ABOUT name)
  dir=DIR          working directory for an external brain
  tc=M/T+I         time control in seconds: match time / turn time + increment
                   (tc=0/0.5: 0.5 s a move, no match limit; tc=60: one minute a game)
  nodes=N          node limit per move (builtin; external: INFO max_node)
  depth=N          depth limit per move (builtin; external: INFO max_depth)
  strength=N       builtin level 1..10 (10 = full strength)
  threads=N        search threads (builtin; external: INFO thread_num)
  hash=MB          builtin transposition table size
  maxmemory=BYTES  INFO max_memory for an external brain (default 350 MB)
  option.KEY=VAL   send INFO KEY VAL before each game (KEY one word; neither with a
                   line break)

Match options:
  -rule 0|1|4           freestyle (five or more), standard (exactly five), renju
  -boardsize N          5..22 (default 15)
  -games N              number of games (default 2)
  -repeat               play each opening twice, with colours swapped (the report then
                        also counts the pairs: Elo and error from them, the figure to quote)
  -concurrency N        games at once (default 1)
  -draw N               a draw once N stones are on the board (above the openings' stones)
  -openings file=FILE [order=random|sequential] [srand=N]
                        start positions: the project's opening files (moves=h8,i8,...),
                        position codes (h8i8i11) or centre offsets (0,0, 1,0, 1,3);
                        a record's rule= must be the match's (freestyle serves standard)
  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B]
                        stop when the sequential probability ratio test decides
                        (with -repeat, on the pairs)
  -psq DIR              write every game as DIR/game-NNNN.psq (numbered after the
                        records already there: none is overwritten)
  -results FILE         one line per game: number, players, result, reason, moves, opening
                        (appended to FILE)
  -tolerance MS         how late a move may arrive beyond its limit (default 100)
  -srand N              seed for the opening order (default: from the clock)
  -log                  print what the engines say (MESSAGE, ERROR, stderr)
  -quiet                no line per game, only forfeits (with why) and the final report
  -version, -help

Exit status: 0 when the match ran, 1 when it could not run, 2 for a bad command line.
)";
}

}  // namespace gomoku::match
