// Small text helpers shared by the protocol, the record readers and the programs' command
// lines: trimming white space, one-line text and strict integer parsing (no exceptions, no
// locale).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gomoku {

// True for the ASCII white-space characters: space, tab, CR, LF, vertical tab, form feed.
bool isSpace(char c);

// `text` without leading and trailing white space (isSpace).
std::string_view trim(std::string_view text);

// `text` with each line break (CR, LF) made a space: for a value written as one line of a file.
std::string oneLine(std::string text);

// A decimal integer with an optional sign, white space around it allowed; nullopt if malformed
// or longer than 18 digits (so it always fits int64).
std::optional<int64_t> parseInteger(std::string_view text);

// parseInteger, and only values in [low, high]; nullopt otherwise.
std::optional<int64_t> parseIntegerIn(std::string_view text, int64_t low, int64_t high);

}  // namespace gomoku
