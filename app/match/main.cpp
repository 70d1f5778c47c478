// gomoku-match: engine-vs-engine matches (external Gomocup brains and the built-in engine),
// with Elo and SPRT. See match_options.cpp for the command line, match_command.cpp for what
// is checked before the first game.
#include <atomic>
#include <csignal>
#include <iostream>

#include "app/match/match_command.h"

namespace {

std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int) {
  interrupted.store(true);
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  std::vector<std::string> args(argv + 1, argv + argc);
  return gomoku::match::runMatchCommand(args, std::cout, std::cerr, interrupted);
}
