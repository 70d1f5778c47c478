// The shared text helpers: what trim removes and which integers parseInteger accepts.
#include <doctest/doctest.h>

#include "core/text.h"

using namespace gomoku;

TEST_CASE("text: trim removes white space at both ends only") {
  CHECK(trim("  a b \t\r\n") == "a b");
  CHECK(trim("\v\fx") == "x");
  CHECK(trim("   ").empty());
  CHECK(trim("").empty());
  CHECK(trim("no-space") == "no-space");
}

TEST_CASE("text: parseInteger takes a signed decimal with spaces around it, nothing else") {
  CHECK(parseInteger("0") == 0);
  CHECK(parseInteger(" -42\r") == -42);
  CHECK(parseInteger("+7") == 7);
  CHECK(parseInteger("999999999999999999") == 999999999999999999LL);  // 18 digits
  CHECK_FALSE(parseInteger("1000000000000000000"));                   // 19 digits
  CHECK_FALSE(parseInteger(""));
  CHECK_FALSE(parseInteger("+"));
  CHECK_FALSE(parseInteger("1 2"));
  CHECK_FALSE(parseInteger("0x10"));
  CHECK_FALSE(parseInteger("12abc"));
}

TEST_CASE("text: parseIntegerIn rejects values outside the range") {
  CHECK(parseIntegerIn("5", 5, 22) == 5);
  CHECK(parseIntegerIn("22", 5, 22) == 22);
  CHECK_FALSE(parseIntegerIn("4", 5, 22));
  CHECK_FALSE(parseIntegerIn("23", 5, 22));
  CHECK_FALSE(parseIntegerIn("x", 5, 22));
}
