// Small files the app keeps: whole-file read, atomic replace (write a temporary file beside the
// target, flush it to disk, rename it over the target, so a crash leaves the old or the new
// file, never half of one), and the "key=value" text format of settings and saved games.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace gomoku::gui {

std::optional<std::string> readFile(const std::string& path);
// Returns an error message, or nullopt when the file now holds `contents`.
std::optional<std::string> writeFileAtomic(const std::string& path, std::string_view contents);

// The format: a first line "<magic> <version>", then "key=value" lines (blank lines and lines
// starting with '#' are skipped), then a last line "end" so a truncated file is recognised.
struct KeyValueFile {
  std::map<std::string, std::string> values;
  std::string error;  // what is wrong, with the line number; empty when the file is good
};
KeyValueFile parseKeyValueFile(std::string_view text, std::string_view magic, int version);
std::string formatKeyValueHeader(std::string_view magic, int version);

// Value parsers for those files: nullopt when the text is not exactly a value in range.
std::optional<int> parseIntIn(std::string_view text, int low, int high);
std::optional<bool> parseBool(std::string_view text);

}  // namespace gomoku::gui
