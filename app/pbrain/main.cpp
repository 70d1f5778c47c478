// pbrain-gomoku: the engine as a Gomocup / Piskvork brain (with the Yixin-Board extensions)
// over stdin/stdout. A reader thread turns stdin into lines so that STOP, YXSTOP and END are
// seen while the engine thinks; this thread runs the brain and is the only one that writes.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>

#include "app/pbrain/brain.h"
#include "app/pbrain/engine_backend.h"
#include "app/pbrain/line_input.h"
#include "core/protocol/text.h"
#include "gomoku/version.h"

using namespace gomoku::pbrain;

int main(int argc, char** argv) {
  // Managers start a brain without arguments; these are for people (and for testing the
  // casual levels in any manager).
  int strength = 10;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--strength")) {
      auto level = i + 1 < argc ? gomoku::parseIntegerIn(argv[i + 1], 1, 10) : std::nullopt;
      if (!level) {
        std::fprintf(stderr, "pbrain-gomoku: --strength needs a level from 1 to 10\n");
        return 2;
      }
      strength = int(*level);
      ++i;
      continue;
    }
    if (!std::strcmp(argv[i], "--version")) {
      std::printf("pbrain-gomoku (%s) %s\n", gomoku::kProductName, gomoku::kVersion);
      return 0;
    }
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::printf(
          "usage: pbrain-gomoku [--strength N] [--version]\n"
          "  --strength N  play at casual level N, 1 (beginner) .. 10 (full strength, default)\n"
          "A Gomocup brain: speaks the Gomocup protocol (with the Yixin-Board extensions) on\n"
          "stdin/stdout; start it from a Gomocup manager such as Piskvork.\n");
      return 0;
    }
    std::fprintf(stderr, "pbrain-gomoku: unknown option '%s' (see --help)\n", argv[i]);
    return 2;
  }
#ifdef SIGPIPE
  std::signal(SIGPIPE, SIG_IGN);  // a manager that goes away must not kill us mid-write
#endif
  auto queue = std::make_shared<LineQueue>();
  auto readerDone = std::make_shared<std::atomic<bool>>(false);
  std::thread reader([queue, readerDone] {
    LineSplitter splitter;
    for (int c; (c = std::getc(stdin)) != EOF;) {
      splitter.feed(static_cast<char>(c));
      if (c == '\n' || c == '\r')
        for (std::string& line : splitter.take()) queue->push(std::move(line));
    }
    splitter.finish();
    for (std::string& line : splitter.take()) queue->push(std::move(line));
    queue->close();
    readerDone->store(true);
  });

  auto write = [](const std::string& line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  };

  {
    EngineBackend backend;
    backend.setWakeup([queue] { queue->poke(); });
    Brain brain(backend, write);
    brain.setStrength(strength);
    bool inputClosed = false;
    while (!brain.done()) {
      if (inputClosed) {
        // Nothing more to read: just let the running search come to its (near) end.
        std::this_thread::sleep_until(
            std::min(brain.wakeTime(Clock::now()), Clock::now() + std::chrono::milliseconds(2)));
      } else {
        LineQueue::Line line;
        std::optional<Clock::time_point> until;
        if (brain.thinking()) until = brain.wakeTime(Clock::now());
        switch (queue->wait(line, until)) {
          case LineQueue::Status::Line:
            brain.handleLine(line.text, line.received);
            break;
          case LineQueue::Status::Closed:
            inputClosed = true;
            brain.endOfInput(Clock::now());
            break;
          case LineQueue::Status::Timeout:
            break;
        }
      }
      if (brain.thinking()) brain.poll(Clock::now());
    }
    backend.setWakeup(nullptr);
  }  // the engine's thread ends here

  std::fflush(stdout);
  if (readerDone->load()) {
    reader.join();
    return 0;
  }
  // END arrived while the reader still waits on stdin: leave without waiting for it.
  reader.detach();
  std::_Exit(0);
}
