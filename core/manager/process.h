// A child process started from an argv list (never through a shell) with its stdin, stdout
// and stderr on pipes: how a manager runs a Gomocup brain. Reads are line based with a
// deadline, so a brain that hangs can never hang the caller; the process and anything it
// started (its own process group) are killed and reaped when the object goes away, so no
// zombie is left behind. POSIX (posix_spawn); elsewhere start() says it is unsupported.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gomoku {

// Splits a command line the way a POSIX shell splits words (spaces separate, '...' is literal,
// "..." allows \" and \\, a backslash escapes the next character) without running a shell: no
// variables, globs or redirections. nullopt (and `error`) on an unterminated quote.
std::optional<std::vector<std::string>> splitCommandLine(std::string_view text,
                                                         std::string* error = nullptr);

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  ChildProcess() = default;
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Starts argv[0] (a path, or a name looked up in PATH) with the given arguments in
  // `workingDir` (empty: the caller's). An error text if it could not be started.
  std::optional<std::string> start(const std::vector<std::string>& argv,
                                   const std::string& workingDir = {});
  bool started() const { return pid_ > 0; }
  int pid() const { return pid_; }  // -1 when not running (after terminate)

  // Writes one line ("\r\n" appended, as Gomocup managers send). False once the pipe is broken.
  bool send(std::string_view line);

  enum class Read { Line, Timeout, Closed };
  // The next stdout line (terminator removed) before `deadline`. Closed: the process closed
  // its output (it exited or crashed). Lines the process writes to stderr are kept apart.
  Read readLine(std::string& line, Clock::time_point deadline);
  // Stderr lines seen so far (and forgets them).
  std::vector<std::string> takeStderr();

  // Has the process exited? Reaps it if so (non-blocking).
  bool exited();
  // "exited with status 3", "killed by signal 11 (Segmentation fault)", or "running".
  std::string exitDescription();

  // Closes stdin, waits up to `grace` for the process to leave by itself, then kills its
  // process group and reaps it. Safe to call more than once.
  void terminate(std::chrono::milliseconds grace);

 private:
  bool fill(Clock::time_point deadline);
  void readStderr();
  void closeFds();

  int pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string outBuffer_, errBuffer_;
  std::vector<std::string> errLines_;
  bool outClosed_ = false;
  std::optional<int> waitStatus_;
};

}  // namespace gomoku
