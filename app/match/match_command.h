// gomoku-match from its command line to its exit status: parses the options, loads the
// openings and checks everything a match needs (the records can be written, the move limit
// leaves room to play) before the first game, then runs the match. main() adds only the signal
// handlers, so the tests run the program's every check as a user would meet it.
#pragma once

#include <atomic>
#include <ostream>
#include <string>
#include <vector>

namespace gomoku::match {

// 0: the match ran; 1: it could not run (an engine could not be started, again and again);
// 2: a bad command line (nothing was played, no file was written); 130: interrupted.
int runMatchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const std::atomic<bool>& interrupt);

}  // namespace gomoku::match
