#include "app/gui/persistence/file_io.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#ifdef _WIN32
#include <io.h>
#include <process.h>
#else
#include <unistd.h>
#endif

namespace gomoku::gui {

namespace {
long processId() {
#ifdef _WIN32
  return static_cast<long>(_getpid());
#else
  return static_cast<long>(getpid());
#endif
}
}  // namespace

std::optional<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return buffer.str();
}

std::optional<std::string> writeFileAtomic(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  // Unique to this process and this write: two copies of the program (or two threads) saving
  // the same file never write into one temporary file; the last rename wins, whole.
  static std::atomic<unsigned> serial{0};
  const std::string temp =
      path + ".tmp." + std::to_string(processId()) + "." + std::to_string(serial.fetch_add(1));
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (!file) return "cannot write " + temp + ": " + std::strerror(errno);
  bool ok = std::fwrite(contents.data(), 1, contents.size(), file) == contents.size();
  ok = std::fflush(file) == 0 && ok;
#ifdef _WIN32
  ok = _commit(_fileno(file)) == 0 && ok;
#else
  ok = fsync(fileno(file)) == 0 && ok;
#endif
  ok = std::fclose(file) == 0 && ok;
  if (!ok) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return "cannot write " + temp + " (disk full?)";
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    fs::remove(temp, ec);
    return "cannot replace " + path + ": " + ec.message();
  }
  return std::nullopt;
}

std::string keepBackupCopy(const std::string& path) {
  namespace fs = std::filesystem;
  const std::string backup = fs::path(path).replace_extension(".bak").string();
  std::error_code ec;
  fs::copy_file(path, backup, fs::copy_options::overwrite_existing, ec);
  return ec ? std::string() : backup;
}

BackgroundWriter::BackgroundWriter() : thread_([this] { run(); }) {}

BackgroundWriter::~BackgroundWriter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void BackgroundWriter::write(const std::string& path, std::string contents) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_[path] = std::move(contents);
  }
  wake_.notify_all();
}

void BackgroundWriter::flush() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return pending_.empty() && !busy_; });
}

std::optional<std::string> BackgroundWriter::takeError() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<std::string> error;
  error.swap(error_);
  return error;
}

void BackgroundWriter::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return quit_ || !pending_.empty(); });
    if (pending_.empty()) return;  // quit, and nothing left to write
    auto job = pending_.extract(pending_.begin());
    busy_ = true;
    lock.unlock();
    auto error = writeFileAtomic(job.key(), job.mapped());
    lock.lock();
    busy_ = false;
    if (error) error_ = error;
    if (pending_.empty()) idle_.notify_all();
  }
}

std::string formatKeyValueHeader(std::string_view magic, int version) {
  return std::string(magic) + " " + std::to_string(version) + "\n";
}

KeyValueFile parseKeyValueFile(std::string_view text, std::string_view magic, int version,
                               bool lenient) {
  KeyValueFile out;
  bool fatal = false;
  auto fail = [&](int line, const std::string& what) {
    const std::string message = "line " + std::to_string(line) + ": " + what;
    if (lenient && !fatal) {
      out.problems.push_back(message);
    } else {
      out.values.clear();
      out.error = message;
    }
    return !lenient || fatal;  // stop reading
  };
  int lineNumber = 0;
  bool sawHeader = false, sawEnd = false;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    std::string_view line = text.substr(pos, eol == std::string_view::npos ? text.npos : eol - pos);
    pos = eol == std::string_view::npos ? text.size() : eol + 1;
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!sawHeader) {
      const std::string expected = std::string(magic) + " " + std::to_string(version);
      if (line != expected) {
        fatal = true;  // not this kind of file: nothing in it can be trusted
        fail(lineNumber, "expected \"" + expected + "\"");
        return out;
      }
      sawHeader = true;
      continue;
    }
    if (line.empty() || line.front() == '#') continue;
    if (sawEnd) {
      if (fail(lineNumber, "text after \"end\"")) return out;
      continue;
    }
    if (line == "end") {
      sawEnd = true;
      continue;
    }
    size_t eq = line.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      if (fail(lineNumber, "expected key=value, found \"" + std::string(line.substr(0, 40)) + "\""))
        return out;
      continue;
    }
    // A key given twice is a file edited by hand or two files run together: which value was
    // meant cannot be told, so it is said (the first value kept where reading goes on).
    const std::string key(line.substr(0, eq));
    if (out.values.count(key)) {
      if (fail(lineNumber, "\"" + key + "\" is given a second time")) return out;
      continue;
    }
    out.values[key] = std::string(line.substr(eq + 1));
  }
  if (!sawHeader) {
    fatal = true;
    fail(1, "the file is empty");
    return out;
  }
  if (!sawEnd) fail(lineNumber, "the file is cut short (no \"end\" line)");
  return out;
}

std::optional<int> parseIntIn(std::string_view text, int low, int high) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (value < low || value > high) return std::nullopt;
  return value;
}

std::optional<bool> parseBool(std::string_view text) {
  if (text == "true" || text == "1") return true;
  if (text == "false" || text == "0") return false;
  return std::nullopt;
}

std::vector<std::string> splitCommas(std::string_view text) {
  std::vector<std::string> parts;
  for (size_t start = 0; start <= text.size();) {
    const size_t comma = std::min(text.find(',', start), text.size());
    if (comma > start) parts.emplace_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

}  // namespace gomoku::gui
