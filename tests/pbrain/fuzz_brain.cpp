// Fuzz target for the brain's command parser: the input is cut into lines (CR, LF, CRLF) and
// each line goes through the protocol parsers and through a Brain with a stand-in engine.
// Nothing may crash, hang, or write a reply that is not one line of a known kind.
// Built for libFuzzer (clang) as pbrain_libfuzzer, and driven by fuzz_random_main.cpp's seeded
// generator everywhere else.
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "app/pbrain/backend.h"
#include "app/pbrain/brain.h"
#include "app/pbrain/line_input.h"
#include "core/protocol/protocol.h"

using namespace gomoku;
using namespace gomoku::pbrain;

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz: %s: %.200s\n", what, detail.c_str());
  std::abort();
}

void checkReply(const std::string& line) {
  if (line.find_first_of("\r\n") != std::string::npos) fail("reply with a line break", line);
  if (line.empty()) fail("empty reply", line);
  protocol::Reply r = protocol::parseReply(line);
  if (r.kind == protocol::ReplyKind::Other && line.rfind("name=", 0) != 0)
    fail("reply of no known kind", line);
}

struct Session {
  QuickBackend backend;
  Brain brain{backend, [](const std::string& line) { checkReply(line); }};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  LineSplitter splitter(4096);
  splitter.feed(reinterpret_cast<const char*>(data), size);
  splitter.finish();

  auto session = std::make_unique<Session>();
  // The stand-in engine answers at once, but the brain's clock still matters: give it a time
  // that never reaches a deadline so every run takes the same path.
  auto now = Clock::now();
  for (const std::string& line : splitter.take()) {
    // The parsers on their own.
    protocol::Command cmd = protocol::parseCommand(line);
    if (cmd.kind == protocol::CommandKind::Unknown && cmd.name.size() > 40)
      fail("unbounded name", cmd.name);
    protocol::parseBoardLine(line);
    protocol::parseReply(line);

    // The brain.
    session->brain.handleLine(line, now);
    for (int polls = 0; session->brain.thinking(); ++polls) {
      if (polls > 1000) fail("search never ends", line);
      session->brain.poll(now);
    }
    if (session->brain.done()) session = std::make_unique<Session>();
  }
  session->brain.endOfInput(now);
  for (int polls = 0; !session->brain.done(); ++polls) {
    if (polls > 100000) fail("no exit after end of input", "");
    session->brain.poll(now);
  }
  return 0;
}
