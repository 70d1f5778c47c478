// The gomoku program's command line, read with CLI11: the options become AppOptions (and the
// screenshot and measuring modes main() runs). A bad option or value is a clear message and
// exit status 2; --help lists every option.
#pragma once

#include <optional>
#include <string>

#include "app/gui/app_options.h"

namespace gomoku::gui {

struct CommandLine {
  AppOptions options;
  std::string screenshot;  // render one picture to this file and exit
  int frames = 3;          // frames before the screenshot
  int frameStats = 0;      // run this many frames and print their times
};

// Reads argv into `out`. Returns nullopt to go on, or the status to exit with: 0 after --help or
// --version (printed to stdout), 2 for a bad command line (the message on stderr).
std::optional<int> parseCommandLine(int argc, const char* const* argv, CommandLine& out);

}  // namespace gomoku::gui
