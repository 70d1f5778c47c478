// The shared text helpers: what trim removes and which integers parseInteger accepts.
#include <doctest/doctest.h>

#include "core/protocol/text.h"

using namespace gomoku;

TEST_CASE("text: trim removes white space at both ends only") {
  CHECK(trim("  a b \t\r\n") == "a b");
  CHECK(trim("\v\fx") == "x");
  CHECK(trim("   ").empty());
  CHECK(trim("").empty());
  CHECK(trim("no-space") == "no-space");
}

// parseInteger's accepted forms are checked where the protocol uses it
// (tests/pbrain/protocol_tests.cpp); here the limit of its digits.
TEST_CASE("text: parseInteger takes at most 18 digits, so any value fits int64") {
  CHECK(parseInteger("-999999999999999999") == -999999999999999999LL);
  CHECK_FALSE(parseInteger("1000000000000000000"));
}

TEST_CASE("text: parseIntegerIn rejects values outside the range") {
  CHECK(parseIntegerIn("5", 5, 22) == 5);
  CHECK(parseIntegerIn("22", 5, 22) == 22);
  CHECK_FALSE(parseIntegerIn("4", 5, 22));
  CHECK_FALSE(parseIntegerIn("23", 5, 22));
  CHECK_FALSE(parseIntegerIn("x", 5, 22));
}
