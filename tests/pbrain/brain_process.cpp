#include "tests/pbrain/brain_process.h"

#ifdef GOMOKU_HAVE_BRAIN_PROCESS

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

extern char** environ;

namespace gomoku::testing {

using Clock = std::chrono::steady_clock;

BrainProcess::BrainProcess(const std::string& executable) {
  signal(SIGPIPE, SIG_IGN);  // a brain that died must fail a test, not kill the runner
  int in[2], out[2];
  if (pipe(in) != 0) return;
  if (pipe(out) != 0) {
    close(in[0]);
    close(in[1]);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, in[1]);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  std::vector<char*> argv = {const_cast<char*>(executable.c_str()), nullptr};
  pid_t pid;
  int rc = posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    return;
  }
  pid_ = pid;
  toChild_ = in[1];
  fromChild_ = out[0];
}

BrainProcess::~BrainProcess() {
  closeInput();
  if (pid_ > 0 && !waitExit(Ms(3000))) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  if (fromChild_ >= 0) close(fromChild_);
}

void BrainProcess::sendRaw(std::string_view bytes) {
  while (toChild_ >= 0 && !bytes.empty()) {
    ssize_t n = write(toChild_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

void BrainProcess::send(std::string_view line, std::string_view eol) {
  std::string data(line);
  data += eol;
  sendRaw(data);
}

void BrainProcess::closeInput() {
  if (toChild_ >= 0) close(toChild_);
  toChild_ = -1;
}

std::optional<std::string> BrainProcess::readLine(Ms timeout) {
  auto deadline = Clock::now() + timeout;
  while (true) {
    size_t end = buffer_.find_first_of("\r\n");
    if (end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      size_t skip = end + 1;
      if (buffer_[end] == '\r' && skip < buffer_.size() && buffer_[skip] == '\n') ++skip;
      buffer_.erase(0, skip);
      return line;
    }
    if (eof_ || fromChild_ < 0) return std::nullopt;
    auto left = std::chrono::duration_cast<Ms>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd pfd{fromChild_, POLLIN, 0};
    int r = poll(&pfd, 1, static_cast<int>(left));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return std::nullopt;
    char chunk[4096];
    ssize_t n = read(fromChild_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

std::optional<std::string> BrainProcess::readReply(Ms timeout, std::vector<std::string>* messages) {
  auto deadline = Clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<Ms>(deadline - Clock::now());
    auto line = readLine(left.count() > 0 ? left : Ms(0));
    if (!line) return std::nullopt;
    if (line->rfind("MESSAGE", 0) == 0 || line->rfind("DEBUG", 0) == 0) {
      if (messages) messages->push_back(*line);
      continue;
    }
    return line;
  }
}

std::vector<std::string> BrainProcess::drain(Ms window) {
  std::vector<std::string> lines;
  auto deadline = Clock::now() + window;
  while (true) {
    auto left = std::chrono::duration_cast<Ms>(deadline - Clock::now());
    if (left.count() <= 0) break;
    auto line = readLine(left);
    if (!line) break;
    lines.push_back(*line);
  }
  return lines;
}

std::optional<int> BrainProcess::waitExit(Ms timeout) {
  if (exitStatus_) return exitStatus_;
  if (pid_ <= 0) return -1;
  auto deadline = Clock::now() + timeout;
  while (true) {
    int status = 0;
    pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      exitStatus_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      pid_ = -1;
      return exitStatus_;
    }
    if (r < 0) return -1;
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(Ms(5));
  }
}

}  // namespace gomoku::testing

#endif
