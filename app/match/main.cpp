// gomoku-match: engine-vs-engine matches (external Gomocup brains and the built-in engine),
// with Elo and SPRT. See match_options.cpp for the command line.
#include <atomic>
#include <csignal>
#include <iostream>

#include "app/match/match_options.h"
#include "app/match/match_runner.h"
#include "gomoku/version.h"

namespace {

std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int) {
  interrupted.store(true);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gomoku;
  using namespace gomoku::match;
  std::vector<std::string> args(argv + 1, argv + argc);
  ParsedOptions parsed = parseMatchOptions(args);
  if (parsed.help) {
    std::cout << matchUsage();
    return 0;
  }
  if (parsed.version) {
    std::cout << "gomoku-match (" << kProductName << ") " << kVersion << "\n";
    return 0;
  }
  if (!parsed.options) {
    std::cerr << "gomoku-match: " << parsed.error << "\n(gomoku-match -help lists the options)\n";
    return 2;
  }
  for (const std::string& warning : parsed.warnings)
    std::cerr << "gomoku-match: note: " << warning << "\n";
  MatchOptions options = std::move(*parsed.options);

  std::vector<Opening> openings;
  if (!options.openingsFile.empty()) {
    auto loaded = loadOpenings(options.openingsFile, options.size, options.rule);
    if (!loaded) {
      std::cerr << "gomoku-match: openings: " << loaded.error << "\n";
      return 2;
    }
    openings = std::move(*loaded.value);
    if (openings.empty()) {
      std::cerr << "gomoku-match: " << options.openingsFile << " has no opening for a "
                << options.size << "x" << options.size << " board\n";
      return 2;
    }
  } else {
    std::cerr << "gomoku-match: no -openings: every game starts on an empty board\n";
  }

  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  MatchRunner runner(std::move(options), std::move(openings), std::cout);
  MatchSummary summary = runner.run(interrupted);
  if (summary.engineFailed) return 1;
  return interrupted.load() ? 130 : 0;
}
