#include "app/match/match_command.h"

#include <algorithm>

#include "app/match/match_options.h"
#include "app/match/match_runner.h"
#include "gomoku/version.h"

namespace gomoku::match {

namespace {

// The openings of -openings (none: every game starts on the empty board), or an error.
Parsed<std::vector<Opening>> loadMatchOpenings(const MatchOptions& options) {
  Parsed<std::vector<Opening>> out;
  if (options.openingsFile.empty()) {
    out.value.emplace();
    return out;
  }
  out = loadOpenings(options.openingsFile, options.size, options.rule);
  if (!out) {
    out.error = "openings: " + out.error;
    return out;
  }
  if (out.value->empty()) {
    out.error = options.openingsFile + " has no opening for a " + std::to_string(options.size) +
                "x" + std::to_string(options.size) + " board";
    out.value.reset();
  }
  return out;
}

// -draw N ends a game once N stones are on the board: with N no more than an opening's stones
// that game is drawn before anyone moves, and a match of such games measures nothing. Refused
// rather than warned about: the whole match would be played for no result.
std::optional<std::string> checkMoveLimit(const MatchOptions& options,
                                          const std::vector<Opening>& openings) {
  if (options.drawAfter <= 0) return std::nullopt;
  size_t stones = 0;
  for (const Opening& o : openings) stones = std::max(stones, o.moves.size());
  if (size_t(options.drawAfter) > stones) return std::nullopt;
  return "-draw " + std::to_string(options.drawAfter) + ": the openings of " +
         options.openingsFile + " have up to " + std::to_string(stones) +
         " stones, so their games would be drawn before a move is played; give -draw above " +
         std::to_string(stones);
}

}  // namespace

int runMatchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const std::atomic<bool>& interrupt) {
  ParsedOptions parsed = parseMatchOptions(args);
  if (parsed.help) {
    out << matchUsage();
    return 0;
  }
  if (parsed.version) {
    out << "gomoku-match (" << kProductName << ") " << kVersion << "\n";
    return 0;
  }
  auto usageError = [&](const std::string& message) {
    err << "gomoku-match: " << message << "\n(gomoku-match -help lists the options)\n";
    return 2;
  };
  if (!parsed.options) return usageError(parsed.error);
  for (const std::string& warning : parsed.warnings)
    err << "gomoku-match: note: " << warning << "\n";
  MatchOptions options = std::move(*parsed.options);

  auto openings = loadMatchOpenings(options);
  if (!openings) return usageError(openings.error);
  if (auto error = checkMoveLimit(options, *openings.value)) return usageError(*error);
  // Last, as it creates the -psq folder and the -results file: only for a match that will run.
  if (auto error = prepareRecordOutputs(options)) return usageError(*error);

  if (options.openingsFile.empty())
    err << "gomoku-match: no -openings: every game starts on an empty board\n";
  MatchRunner runner(std::move(options), std::move(*openings.value), out);
  MatchSummary summary = runner.run(interrupt);
  if (summary.engineFailed) return 1;
  return interrupt.load() ? 130 : 0;
}

}  // namespace gomoku::match
