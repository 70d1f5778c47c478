// Small files the app keeps: whole-file read, atomic replace (write a temporary file beside the
// target, named for this process and this write, flush it to disk, rename it over the target,
// so a crash leaves the old or the new file, never half of one, and two running copies never
// write into the same temporary file), and the "key=value" text format of settings and saved games.
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace gomoku::gui {

std::optional<std::string> readFile(const std::string& path);
// Returns an error message, or nullopt when the file now holds `contents`.
std::optional<std::string> writeFileAtomic(const std::string& path, std::string_view contents);
// Keeps a damaged file beside itself as <name>.bak (replacing an older one); returns the
// backup's path, or "" when no copy could be made.
std::string keepBackupCopy(const std::string& path);

// Atomic writes on a thread of their own: flushing a file to disk can take several
// milliseconds, which the frame loop must not wait for. A newer write to the same path replaces
// one still waiting, so a burst of moves costs one write.
class BackgroundWriter {
 public:
  BackgroundWriter();
  ~BackgroundWriter();  // finishes what is queued
  BackgroundWriter(const BackgroundWriter&) = delete;
  BackgroundWriter& operator=(const BackgroundWriter&) = delete;

  void write(const std::string& path, std::string contents);
  void flush();  // returns when everything queued so far is on disk
  // The latest failure, once (for a message in the interface).
  std::optional<std::string> takeError();

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::map<std::string, std::string> pending_;
  bool busy_ = false;
  bool quit_ = false;
  std::optional<std::string> error_;
  std::thread thread_;
};

// The format: a first line "<magic> <version>", then "key=value" lines (blank lines and lines
// starting with '#' are skipped), then a last line "end" so a truncated file is recognised.
struct KeyValueFile {
  std::map<std::string, std::string> values;
  std::string error;  // what is wrong, with the line number; empty when the file is good
  // Lenient reading only: the lines skipped and a missing "end" (error then stays empty
  // unless the first line is wrong, which means the text is not this kind of file at all).
  std::vector<std::string> problems;
};
// Strict: the first problem is the error and no values are returned. Lenient: every line that
// can be read is kept and the others are listed in `problems`.
KeyValueFile parseKeyValueFile(std::string_view text, std::string_view magic, int version,
                               bool lenient = false);
std::string formatKeyValueHeader(std::string_view magic, int version);

// Value parsers for those files: nullopt when the text is not exactly a value in range.
std::optional<int> parseIntIn(std::string_view text, int low, int high);
std::optional<bool> parseBool(std::string_view text);
// "Game,Moves,,Search" -> {"Game", "Moves", "Search"} (empty items dropped).
std::vector<std::string> splitCommas(std::string_view text);

}  // namespace gomoku::gui
