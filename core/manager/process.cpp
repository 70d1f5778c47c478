#include "core/manager/process.h"

#include <algorithm>
#include <filesystem>

#if defined(__unix__) || defined(__APPLE__)
#define GOMOKU_POSIX_PROCESS 1
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;
#endif

namespace gomoku {

std::optional<std::vector<std::string>> splitCommandLine(std::string_view text,
                                                         std::string* error) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (inWord) words.push_back(std::move(word)), word.clear();
      inWord = false;
      continue;
    }
    inWord = true;
    if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
    } else if (c == '\'' || c == '"') {
      size_t close = i + 1;
      for (; close < text.size() && text[close] != c; ++close) {
        if (c == '"' && text[close] == '\\' && close + 1 < text.size() &&
            (text[close + 1] == '"' || text[close + 1] == '\\'))
          ++close;
        word += text[close];
      }
      if (close >= text.size()) {
        if (error)
          *error = std::string("unterminated ") + c + " quote in '" + std::string(text) + "'";
        return std::nullopt;
      }
      i = close;
    } else {
      word += c;
    }
  }
  if (inWord) words.push_back(std::move(word));
  return words;
}

#ifdef GOMOKU_POSIX_PROCESS

namespace {

bool makePipe(int fds[2]) {
  if (pipe(fds) != 0) return false;
  // Close-on-exec: a brain started later must not inherit another brain's pipe ends, or
  // that brain would never see end-of-file on its input.
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return true;
}

void closeFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

ChildProcess::~ChildProcess() {
  terminate(std::chrono::milliseconds(0));
}

std::optional<std::string> ChildProcess::start(const std::vector<std::string>& argv,
                                               const std::string& workingDir) {
  if (started()) return "already started";
  if (argv.empty() || argv[0].empty()) return "no command given";
  static const bool ignorePipe = [] {
    signal(SIGPIPE, SIG_IGN);  // a brain that died must give an error, not kill the manager
    return true;
  }();
  (void)ignorePipe;

  std::string program = argv[0];
  bool searchPath = program.find('/') == std::string::npos;
  if (!searchPath && !workingDir.empty()) {
    std::error_code ec;
    program = std::filesystem::absolute(program, ec).string();  // before the chdir
  }
  if (!searchPath) {
    std::error_code ec;
    if (!std::filesystem::exists(program, ec))
      return "cannot start '" + argv[0] + "': no such file";
  }
  if (!workingDir.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(workingDir, ec))
      return "working directory '" + workingDir + "' does not exist";
  }

  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  if (!makePipe(in) || !makePipe(out) || !makePipe(err)) {
    std::string why = std::strerror(errno);
    for (int* p : {in, out, err}) closeFd(p[0]), closeFd(p[1]);
    return "cannot create pipes: " + why;
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::optional<std::string> setupError;
  if (!workingDir.empty()) {
#if (defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))) || \
    defined(__APPLE__)
    posix_spawn_file_actions_addchdir_np(&actions, workingDir.c_str());
#else
    setupError = "this system cannot start a process in another working directory";
#endif
  }
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group, so that terminate() also reaches what the brain started; default
  // signal handling and an empty mask, whatever the manager has set for itself.
  sigset_t defaults, empty;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigemptyset(&empty);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args[0] = program.data();
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = 0;
  if (!setupError)
    rc = searchPath ? posix_spawnp(&pid, program.c_str(), &actions, &attr, args.data(), environ)
                    : posix_spawn(&pid, program.c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  closeFd(in[0]);
  closeFd(out[1]);
  closeFd(err[1]);
  if (setupError || rc != 0) {
    closeFd(in[1]);
    closeFd(out[0]);
    closeFd(err[0]);
    if (setupError) return setupError;
    return "cannot start '" + argv[0] + "': " + std::strerror(rc);
  }
  pid_ = pid;
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  outBuffer_.clear();
  errBuffer_.clear();
  errLines_.clear();
  outClosed_ = false;
  waitStatus_.reset();
  return std::nullopt;
}

bool ChildProcess::send(std::string_view line) {
  if (in_ < 0) return false;
  std::string data(line);
  data += "\r\n";
  std::string_view rest = data;
  while (!rest.empty()) {
    ssize_t n = write(in_, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      closeFd(in_);
      return false;
    }
    rest.remove_prefix(size_t(n));
  }
  return true;
}

void ChildProcess::readStderr() {
  char chunk[4096];
  ssize_t n = read(err_, chunk, sizeof chunk);
  if (n <= 0) {
    if (n < 0 && errno == EINTR) return;
    if (!errBuffer_.empty()) errLines_.push_back(std::move(errBuffer_));
    errBuffer_.clear();
    closeFd(err_);
    return;
  }
  errBuffer_.append(chunk, size_t(n));
  for (size_t eol; (eol = errBuffer_.find('\n')) != std::string::npos;) {
    std::string line = errBuffer_.substr(0, eol);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    errLines_.push_back(std::move(line));
    errBuffer_.erase(0, eol + 1);
  }
  // A brain that floods stderr must not eat the manager's memory.
  if (errLines_.size() > 2000) errLines_.erase(errLines_.begin(), errLines_.begin() + 1000);
  if (errBuffer_.size() > 1 << 16) errBuffer_.clear();
}

// Waits for output until the deadline; false if nothing more can arrive in time.
bool ChildProcess::fill(Clock::time_point deadline) {
  while (true) {
    if (out_ < 0) return false;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    int timeout = int(std::clamp<int64_t>(left.count(), 0, 1000));
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    int count = err_ >= 0 ? 2 : 1;
    int r = poll(fds, nfds_t(count), timeout);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return false;
    if (count == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) readStderr();
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char chunk[4096];
      ssize_t n = read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        outClosed_ = true;
        closeFd(out_);
        return false;
      }
      outBuffer_.append(chunk, size_t(n));
      return true;
    }
    if (r == 0 && Clock::now() >= deadline) return false;
  }
}

ChildProcess::Read ChildProcess::readLine(std::string& line, Clock::time_point deadline) {
  while (true) {
    size_t eol = outBuffer_.find('\n');
    if (eol != std::string::npos) {
      line = outBuffer_.substr(0, eol);
      outBuffer_.erase(0, eol + 1);
      while (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    // A line longer than any protocol reply is garbage: hand it over rather than grow forever.
    if (outBuffer_.size() > 1 << 16) {
      line = std::move(outBuffer_);
      outBuffer_.clear();
      return Read::Line;
    }
    if (outClosed_ || out_ < 0) {
      if (!outBuffer_.empty()) {  // a last line without its terminator
        line = std::move(outBuffer_);
        outBuffer_.clear();
        return Read::Line;
      }
      return Read::Closed;
    }
    if (!fill(deadline)) return outClosed_ || out_ < 0 ? readLine(line, deadline) : Read::Timeout;
  }
}

std::vector<std::string> ChildProcess::takeStderr() {
  while (err_ >= 0) {
    pollfd fd{err_, POLLIN, 0};
    if (poll(&fd, 1, 0) <= 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR))) break;
    readStderr();
  }
  std::vector<std::string> lines;
  lines.swap(errLines_);
  return lines;
}

bool ChildProcess::exited() {
  if (waitStatus_) return true;
  if (pid_ <= 0) return true;
  int status = 0;
  pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) {
    waitStatus_ = status;
    return true;
  }
  return r < 0;
}

std::string ChildProcess::exitDescription() {
  if (!exited() || !waitStatus_) return pid_ > 0 ? "running" : "not started";
  int status = *waitStatus_;
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "stopped";
}

void ChildProcess::closeFds() {
  closeFd(in_);
  closeFd(out_);
  closeFd(err_);
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (pid_ <= 0) {
    closeFds();
    return;
  }
  closeFd(in_);  // a well-behaved brain leaves when its input ends
  auto deadline = Clock::now() + grace;
  while (!exited() && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(-pid_, SIGKILL);  // the whole group: helpers the brain may have started
  if (!waitStatus_) {
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    waitStatus_ = status;
  }
  closeFds();
  pid_ = -1;
}

#else  // no POSIX processes

ChildProcess::~ChildProcess() = default;
std::optional<std::string> ChildProcess::start(const std::vector<std::string>&,
                                               const std::string&) {
  return "starting external engines is not supported on this system yet";
}
bool ChildProcess::send(std::string_view) {
  return false;
}
ChildProcess::Read ChildProcess::readLine(std::string&, Clock::time_point) {
  return Read::Closed;
}
std::vector<std::string> ChildProcess::takeStderr() {
  return {};
}
bool ChildProcess::exited() {
  return true;
}
std::string ChildProcess::exitDescription() {
  return "not started";
}
void ChildProcess::terminate(std::chrono::milliseconds) {}
bool ChildProcess::fill(Clock::time_point) {
  return false;
}
void ChildProcess::readStderr() {}
void ChildProcess::closeFds() {}

#endif

}  // namespace gomoku
