// A small Gomocup match driver for the tests: two brain processes play one game through the
// protocol (INFO, START, BEGIN, TURN ...) while a referee board checks every move and the
// time each reply took. No external tools needed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board/types.h"
#include "tests/pbrain/brain_process.h"

namespace gomoku::testing {

#ifdef GOMOKU_HAVE_BRAIN_PROCESS

struct MatchOptions {
  int size = 15;
  Rule rule = Rule::Freestyle;
  int turnMs = 150;                 // INFO timeout_turn for both
  std::vector<std::string> blackInfo, whiteInfo;  // extra "INFO key value" lines
  int maxMoves = 0;                 // 0 = until the board is full
  int replyWaitMs = 3000;           // how long the driver waits for a reply before giving up
};

struct MatchResult {
  std::vector<Point> moves;
  Color winner = Color::Empty;  // Empty: a draw, or the game was abandoned
  bool completed = false;       // ended by a five, a full board or the move cap
  std::string reason;           // "five", "full board", "move cap", or what went wrong
  int64_t slowestReplyMs = 0;
  std::vector<std::string> errors;  // protocol problems seen (ERROR replies, junk, ...)
};

MatchResult playMatch(BrainProcess& black, BrainProcess& white, const MatchOptions& options);

#endif

}  // namespace gomoku::testing
