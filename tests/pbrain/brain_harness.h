// The brain's state machine driven line by line with a stand-in engine (QuickBackend), for the
// brain's unit tests: what it writes back, and the replies' moves.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/pbrain/brain.h"
#include "app/pbrain/quick_move.h"
#include "core/protocol/protocol.h"

namespace gomoku::pbrain::testing {

struct Harness {
  QuickBackend backend;
  std::vector<std::string> out;
  Brain brain{backend, [this](const std::string& line) { out.push_back(line); }};

  // Sends lines and runs any search to its end; returns what was written, MESSAGE lines
  // included.
  std::vector<std::string> all(const std::vector<std::string>& lines) {
    out.clear();
    for (const std::string& l : lines) {
      brain.handleLine(l, Clock::now());
      while (brain.thinking() && !backend.holdUntilStopped) brain.poll(Clock::now());
    }
    return out;
  }
  // Same, without MESSAGE lines.
  std::vector<std::string> send(const std::vector<std::string>& lines) {
    std::vector<std::string> replies;
    for (const std::string& l : all(lines))
      if (l.rfind("MESSAGE", 0) != 0) replies.push_back(l);
    return replies;
  }
  std::string one(const std::string& line) {
    auto r = send({line});
    REQUIRE(r.size() == 1);
    return r[0];
  }
};

inline bool startsWith(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

inline Point moveOf(const std::string& reply) {
  protocol::Reply r = protocol::parseReply(reply);
  REQUIRE(r.kind == protocol::ReplyKind::Move);
  return makePoint(r.x, r.y);
}

}  // namespace gomoku::pbrain::testing
