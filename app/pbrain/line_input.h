// Input plumbing: a splitter that cuts a byte stream into lines at CR, LF or CRLF, and a
// queue that hands lines from the reader thread to the brain's thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace gomoku::pbrain {

// The longest input line read: a longer one cannot be a command of the protocol, and keeping
// it whole would let a manager's garbage take all the memory.
constexpr size_t kMaxLineLength = 64 * 1024;

// Feeds bytes, collects complete lines (without their terminators). Empty lines, including the
// one between CR and LF, are dropped: the protocol ignores them. A line longer than maxLength
// is cut to maxLength + 1 bytes (the rest up to its end is dropped): one byte over, so that
// the reader can tell it was cut and answer it with an ERROR (the brain does) instead of
// reading a command from its start.
class LineSplitter {
 public:
  explicit LineSplitter(size_t maxLength = kMaxLineLength) : maxLength_(maxLength) {}
  void feed(char c);
  void feed(const char* data, size_t size);
  // The last line if the stream ended without a terminator.
  void finish();
  // Complete lines so far, in order; the caller takes them.
  std::vector<std::string> take();

 private:
  size_t maxLength_;
  std::string current_;
  std::vector<std::string> lines_;
};

// Many-producers/one-consumer line queue with arrival times, a close() for end of input and a
// poke() that wakes the consumer without a line (the engine's progress callback uses it).
class LineQueue {
 public:
  using Clock = std::chrono::steady_clock;
  struct Line {
    std::string text;
    Clock::time_point received;
  };
  enum class Status { Line, Timeout, Closed };

  void push(std::string text);
  void close();
  void poke();
  // Waits until a line is there, the queue is closed and empty, a poke, or `until`.
  Status wait(Line& out, std::optional<Clock::time_point> until);

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Line> lines_;
  bool closed_ = false;
  bool poked_ = false;
};

}  // namespace gomoku::pbrain
