// Runs a brain executable as a child process with its stdin/stdout on pipes, the way a
// Gomocup manager does, for the protocol and match tests. POSIX only (posix_spawn + poll).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#define GOMOKU_HAVE_BRAIN_PROCESS 1
#include <sys/types.h>
#endif

namespace gomoku::testing {

#ifdef GOMOKU_HAVE_BRAIN_PROCESS

class BrainProcess {
 public:
  using Ms = std::chrono::milliseconds;

  explicit BrainProcess(const std::string& executable);
  ~BrainProcess();  // closes stdin, waits a little, kills it if it is still running
  BrainProcess(const BrainProcess&) = delete;
  BrainProcess& operator=(const BrainProcess&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Writes one line with the given terminator (the protocol's managers send CR LF).
  void send(std::string_view line, std::string_view eol = "\r\n");
  void sendRaw(std::string_view bytes);
  void closeInput();

  // The next line of output (without its terminator) within `timeout`; nullopt on timeout or
  // end of output.
  std::optional<std::string> readLine(Ms timeout);
  // The next line that is not MESSAGE or DEBUG; those are appended to `messages` if given.
  std::optional<std::string> readReply(Ms timeout, std::vector<std::string>* messages = nullptr);
  // Lines that arrive within `window` (used to check that nothing was said).
  std::vector<std::string> drain(Ms window);

  // Waits for the process to exit; its exit status, or nullopt if it is still running.
  std::optional<int> waitExit(Ms timeout);

 private:
  pid_t pid_ = -1;
  int toChild_ = -1;
  int fromChild_ = -1;
  std::string buffer_;
  bool eof_ = false;
  std::optional<int> exitStatus_;
};

#endif

}  // namespace gomoku::testing
