#include "app/review/review_command.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "app/review/review_json.h"
#include "core/game/record.h"
#include "core/game/review.h"
#include "core/protocol/text.h"

namespace gomoku {

namespace {

const char* const kReviewUsage =
    "usage: gomoku --review GAME.psq [--rule freestyle|standard|renju] [--time-per-move MS]\n"
    "              [--nodes-per-move N] --json OUT.json   (OUT '-' is standard output)\n";

int fail(int status, const std::string& message) {
  std::fprintf(stderr, "gomoku: %s\n", message.c_str());
  return status;
}

// The file as text; nullopt when it cannot be read.
std::optional<std::string> readFile(const std::string& path, std::string& error) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    error = "cannot read " + path +
            (std::filesystem::is_directory(path, ec) ? ": a folder, not a game file"
                                                     : ": no such file");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) {
    error = "cannot read " + path;
    return std::nullopt;
  }
  return text.str();
}

// Written beside the target and renamed over it: a reader never sees half a report.
bool writeFile(const std::string& path, const std::string& text, std::string& error) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return true;
  }
  std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      error = "cannot write " + path;
      std::error_code ec;
      std::filesystem::remove(temp, ec);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    error = "cannot write " + path + ": " + ec.message();
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

}  // namespace

int runReviewCommand(const ReviewCommandOptions& options) {
  if (options.jsonPath.empty()) return fail(2, "--review needs --json OUT.json");
  std::string error;
  auto text = readFile(options.gamePath, error);
  if (!text) return fail(2, error);
  MoveRecord record;
  // A file of one line of letters and digits ("h8i9j10") is a position code, and its mistake
  // is named as one (a repeated point), not as a Piskvork record's.
  const std::string_view body = trim(*text);
  const bool looksLikeCode = !body.empty() && std::isalpha(static_cast<unsigned char>(body[0])) &&
                             body.find_first_of(",\n") == std::string_view::npos;
  if (auto psq = parsePsq(*text)) {
    record = *psq.value;
  } else if (auto code = parsePositionCode(body, kDefaultSize); looksLikeCode) {
    if (!code) return fail(2, options.gamePath + ": not a position code: " + code.error);
    record.moves = *code.value;
  } else {
    return fail(2, options.gamePath + ": " + psq.error);
  }
  ReviewLimits limits;
  limits.timePerMoveMs = options.timePerMoveMs;
  limits.nodesPerMove = options.nodesPerMove;
  ReviewResult result;
  if (auto bad = reviewGame(record.size, options.rule, record.moves, limits, result))
    return fail(2, options.gamePath + ": " + *bad);
  if (!writeFile(options.jsonPath, reviewToJson(result), error)) return fail(1, error);
  if (options.jsonPath != "-")
    std::printf("reviewed %zu moves: accuracy black %.1f, white %.1f; wrote %s\n",
                result.graded.size(), result.summary.accuracy[0], result.summary.accuracy[1],
                options.jsonPath.c_str());
  return 0;
}

std::optional<int> runReviewCommandLine(int argc, char** argv) {
  bool asked = false;
  for (int i = 1; i < argc; ++i) asked = asked || std::string_view(argv[i]) == "--review";
  if (!asked) return std::nullopt;
  ReviewCommandOptions options;
  bool timeGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kReviewUsage, stdout);
      return 0;
    }
    if (i + 1 >= argc)
      return fail(2, "missing value after " + std::string(arg) + "\n" + kReviewUsage);
    std::string value = argv[++i];
    if (arg == "--review") {
      options.gamePath = value;
    } else if (arg == "--json") {
      options.jsonPath = value;
    } else if (arg == "--rule") {
      auto rule = parseRule(value);
      if (!rule) return fail(2, "--rule must be freestyle, standard or renju");
      options.rule = *rule;
    } else if (arg == "--time-per-move") {
      auto ms = parseIntegerIn(value, 1, 3600000);
      if (!ms) return fail(2, "--time-per-move wants milliseconds (1..3600000)");
      options.timePerMoveMs = *ms;
      timeGiven = true;
    } else if (arg == "--nodes-per-move") {
      auto nodes = parseIntegerIn(value, 1, int64_t(1) << 40);
      if (!nodes) return fail(2, "--nodes-per-move wants a positive number");
      options.nodesPerMove = uint64_t(*nodes);
    } else {
      return fail(2, "unknown option with --review: " + std::string(arg) + "\n" + kReviewUsage);
    }
  }
  if (options.nodesPerMove && !timeGiven) options.timePerMoveMs = 0;  // nodes alone: repeatable
  if (options.gamePath.empty())
    return fail(2, std::string("--review needs a game file\n") + kReviewUsage);
  return runReviewCommand(options);
}

}  // namespace gomoku
