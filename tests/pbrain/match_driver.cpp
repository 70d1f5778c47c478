#include "tests/pbrain/match_driver.h"

#ifdef GOMOKU_HAVE_BRAIN_PROCESS

#include <algorithm>
#include <chrono>

#include "core/board/board.h"
#include "core/protocol/protocol.h"
#include "core/board/rules.h"

namespace gomoku::testing {

namespace {

using Clock = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

bool setUp(BrainProcess& brain, const MatchOptions& o, const std::vector<std::string>& extra,
           MatchResult& result, const char* name) {
  brain.send("INFO timeout_turn " + std::to_string(o.turnMs));
  brain.send("INFO timeout_match 0");
  brain.send("INFO max_memory 83886080");
  brain.send("INFO rule " + std::to_string(protocol::infoValueOfRule(o.rule)));
  brain.send("INFO game_type 1");
  for (const std::string& line : extra) brain.send(line);
  brain.send("START " + std::to_string(o.size));
  // Start-up builds tables and allocates the hash: slow under sanitizers, so wait longer.
  auto reply = brain.readReply(Ms(std::max(o.replyWaitMs, 30000)));
  if (!reply || protocol::parseReply(*reply).kind != protocol::ReplyKind::Ok) {
    result.errors.push_back(std::string(name) + " START: " + reply.value_or("<no reply>"));
    return false;
  }
  return true;
}

}  // namespace

MatchResult playMatch(BrainProcess& black, BrainProcess& white, const MatchOptions& o) {
  MatchResult result;
  if (!setUp(black, o, o.blackInfo, result, "black") ||
      !setUp(white, o, o.whiteInfo, result, "white")) {
    result.reason = "a brain did not start";
    return result;
  }
  Board referee(o.size, o.rule);
  int cap = o.maxMoves > 0 ? o.maxMoves : o.size * o.size;
  Point last = kNullPoint;
  while (true) {
    Color side = referee.sideToMove();
    BrainProcess& mover = side == Color::Black ? black : white;
    const char* name = side == Color::Black ? "black" : "white";
    auto sent = Clock::now();
    if (last == kNullPoint)
      mover.send("BEGIN");
    else
      mover.send("TURN " + protocol::formatPoint(last));
    auto reply = mover.readReply(Ms(o.replyWaitMs));
    int64_t took = std::chrono::duration_cast<Ms>(Clock::now() - sent).count();
    result.slowestReplyMs = std::max(result.slowestReplyMs, took);
    if (!reply) {
      result.reason = std::string(name) + " did not answer";
      result.winner = opponent(side);
      break;
    }
    protocol::Reply r = protocol::parseReply(*reply);
    if (r.kind != protocol::ReplyKind::Move) {
      result.errors.push_back(std::string(name) + ": " + *reply);
      result.reason = std::string(name) + " answered '" + *reply + "'";
      result.winner = opponent(side);
      break;
    }
    if (!onBoard(r.x, r.y, o.size) || !referee.isEmpty(makePoint(r.x, r.y))) {
      result.reason = std::string(name) + " played an illegal move " + *reply;
      result.winner = opponent(side);
      break;
    }
    Point p = makePoint(r.x, r.y);
    if (side == Color::Black && isForbidden(referee, p)) {
      result.moves.push_back(p);
      result.reason = "black played the forbidden point " + *reply;
      result.winner = Color::White;
      result.completed = true;
      break;
    }
    referee.place(p);
    result.moves.push_back(p);
    last = p;
    if (referee.lastMoveWon()) {
      result.reason = "five";
      result.winner = side;
      result.completed = true;
      break;
    }
    if (referee.full() || static_cast<int>(result.moves.size()) >= cap) {
      result.reason = referee.full() ? "full board" : "move cap";
      result.completed = true;
      break;
    }
  }
  black.send("END");
  white.send("END");
  return result;
}

}  // namespace gomoku::testing

#endif
