// Records: position codes, Piskvork .psq files, protocol coordinates, loading into a game.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/game/record.h"
#include "tests/support/point_text.h"

namespace gomoku {

using testsupport::pt;

namespace {

MoveRecord record(int size, std::vector<Point> moves) {
  MoveRecord r;
  r.size = size;
  r.moves = std::move(moves);
  return r;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// --- position codes ---------------------------------------------------------------------------

TEST_CASE("position code: h8 is (7,7), round trip, upper case accepted") {
  auto parsed = parsePositionCode("h8i9j10", 15);
  REQUIRE_MESSAGE(parsed, parsed.error);
  CHECK(*parsed.value == std::vector<Point>{makePoint(7, 7), makePoint(8, 8), makePoint(9, 9)});
  CHECK(toPositionCode(*parsed.value) == "h8i9j10");

  auto upper = parsePositionCode("H8I9J10", 15);
  REQUIRE(upper);
  CHECK(*upper.value == *parsed.value);

  std::vector<Point> corners = {makePoint(0, 0), makePoint(21, 21), makePoint(21, 0),
                                makePoint(0, 21), makePoint(10, 11)};
  std::string code = toPositionCode(corners);
  CHECK(code == "a1v22v1a22k12");
  auto back = parsePositionCode(code, 22);
  REQUIRE_MESSAGE(back, back.error);
  CHECK(*back.value == corners);

  auto empty = parsePositionCode("", 15);
  REQUIRE(empty);
  CHECK(empty.value->empty());
  auto spaced = parsePositionCode(" h8 i9\tj10 ", 15);
  REQUIRE(spaced);
  CHECK(*spaced.value == *parsed.value);
}

TEST_CASE("position code: malformed codes name the token and its index") {
  struct Case {
    std::string code;
    int size;
    std::vector<std::string> parts;
  };
  const Case cases[] = {
      {"h8i9h8", 15, {"move 3", "'h8'", "repeats move 1"}},
      {"h8p1", 15, {"move 2", "'p1'", "off the 15x15 board"}},
      {"h8a16", 15, {"move 2", "'a16'", "off"}},
      {"h8a0", 15, {"move 2", "'a0'", "off"}},
      {"w1", 22, {"move 1", "'w1'", "off the 22x22 board"}},
      {"h8?9", 15, {"move 2", "unexpected character '?'", "offset 2"}},
      {"h8i", 15, {"move 2", "'i'", "no row number"}},
      {"8h", 15, {"move 1", "unexpected character '8'"}},
      {"h8,i9", 15, {"move 2", "unexpected character ','"}},
      {std::string("h8\xff\x00", 4), 15, {"move 2", "'\\xFF'"}},
      {"h8i99999999999", 15, {"move 2", "off"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.code);
    auto parsed = parsePositionCode(c.code, c.size);
    REQUIRE_FALSE(parsed);
    for (const std::string& part : c.parts) CHECK_MESSAGE(contains(parsed.error, part), parsed.error);
  }
}

// --- Piskvork .psq ------------------------------------------------------------------------------

Game playedGame(int size, Rule rule, const std::vector<Point>& moves) {
  Game game;
  REQUIRE_FALSE(game.newGame(size, rule).has_value());
  for (Point p : moves) REQUIRE_FALSE(game.play(p).has_value());
  return game;
}

TEST_CASE(".psq: written as Piskvork does, 1-based x,y,time, and read back") {
  Game game = playedGame(15, Rule::Freestyle, {pt("h8"), pt("a1"), pt("o15"), pt("o1"), pt("a15")});
  std::string text = toPsq(game);
  CHECK(text ==
        "Piskvorky 15x15, 11:11, 0\n"
        "8,8,0\n"
        "1,1,0\n"
        "15,15,0\n"
        "15,1,0\n"
        "1,15,0\n");
  auto parsed = parsePsq(text);
  REQUIRE_MESSAGE(parsed, parsed.error);
  CHECK(parsed.value->size == 15);
  CHECK(parsed.value->moves == game.moves());

  Game loaded;
  REQUIRE_FALSE(loadMoves(loaded, *parsed.value, Rule::Freestyle).has_value());
  CHECK(loaded.moves() == game.moves());
  CHECK(loaded.board().key() == game.board().key());

  // Other sizes, and a finished game (the five is the last move).
  Game twenty = playedGame(20, Rule::Standard,
                           {makePoint(19, 19), makePoint(0, 0), makePoint(18, 18), makePoint(1, 0),
                            makePoint(17, 17), makePoint(2, 0), makePoint(16, 16), makePoint(3, 0),
                            makePoint(15, 15)});
  REQUIRE(twenty.result() == GameResult::BlackWins);
  auto parsed20 = parsePsq(toPsq(twenty));
  REQUIRE_MESSAGE(parsed20, parsed20.error);
  CHECK(parsed20.value->size == 20);
  CHECK(parsed20.value->moves == twenty.moves());
  Game loaded20;
  REQUIRE_FALSE(loadMoves(loaded20, *parsed20.value, Rule::Standard).has_value());
  CHECK(loaded20.result() == GameResult::BlackWins);
  CHECK(loaded20.size() == 20);

  // The whole line is written, also while an earlier move is shown (looking back at a game
  // and saving it must not cut it short); a new move after the undos ends the line there.
  game.undo();
  game.undo();
  auto whole = parsePsq(toPsq(game));
  REQUIRE(whole);
  CHECK(whole.value->moves == game.line());
  CHECK(whole.value->moves.size() == 5);
  REQUIRE_FALSE(game.play(pt("h9")).has_value());
  auto branched = parsePsq(toPsq(game));
  REQUIRE(branched);
  CHECK(branched.value->moves.size() == 4);
  CHECK(branched.value->moves.back() == pt("h9"));
}

TEST_CASE(".psq: times, CRLF, player lines and the -1 trailer are tolerated") {
  const std::string text =
      "Piskvorky 20x20, 11:11, 0\r\n"
      "10,10,1516\r\n"
      "11,11,203\r\n"
      " 12 , 10 , 0 \r\n"
      "pbrain-alpha.exe\r\n"
      "C:\\Piskvork\\pbrain-beta.exe\r\n"
      "-1\r\n"
      "1,Freestyle\r\n"
      "\r\n";
  auto parsed = parsePsq(text);
  REQUIRE_MESSAGE(parsed, parsed.error);
  CHECK(parsed.value->size == 20);
  CHECK(parsed.value->moves == std::vector<Point>{makePoint(9, 9), makePoint(10, 10), makePoint(11, 9)});

  auto noMoves = parsePsq("Piskvork 15x15, 11:11, 0\n");
  REQUIRE_MESSAGE(noMoves, noMoves.error);
  CHECK(noMoves.value->moves.empty());
}

TEST_CASE(".psq: players named with digits alone are read back") {
  // gomoku-match writes the engines' names as given (-engine name=...); a name like "2048"
  // was taken for a malformed move, and the whole game could not be loaded.
  const std::vector<Point> moves = {makePoint(7, 7), makePoint(8, 8), makePoint(7, 8)};
  const std::string text = toPsq(15, moves, {10, 20, 30}, {"2048", "1-0"}, {"a note"});
  auto parsed = parsePsq(text);
  REQUIRE_MESSAGE(parsed, parsed.error);
  CHECK(parsed.value->moves == moves);
  // A move line missing its time is still a malformed move, not a name.
  CHECK_FALSE(parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9\n"));
  // So is a damaged one: it used to start the players' lines, and the moves after it were
  // dropped without a word.
  auto damaged = parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,x9\n10,10,0\n");
  REQUIRE_FALSE(damaged);
  CHECK(damaged.error == "line 4: malformed move '8,x9' (expected 'x,y,time')");
  // A player named like one is written quoted, and reads back.
  auto named = parsePsq(toPsq(15, {makePoint(7, 7)}, {}, {"8,x9"}, {}));
  REQUIRE_MESSAGE(named, named.error);
  CHECK(named.value->moves.size() == 1);
}

TEST_CASE(".psq: players named like a move or the list's end are written so they read back") {
  // An engine may call itself anything (its ABOUT reply, -engine name=): "7,7,0" would be
  // read as a move after the game's last one, a name across two lines as two names.
  const std::vector<Point> moves = {makePoint(7, 7), makePoint(8, 8), makePoint(7, 8)};
  const std::string text = toPsq(15, moves, {10, 20, 30}, {"7,7,0", "-1"}, {"first\nsecond"});
  CHECK(text.find("\n\"7,7,0\"\n\"-1\"\n-1\nfirst second\n") != std::string::npos);
  auto parsed = parsePsq(text);
  REQUIRE_MESSAGE(parsed, parsed.error);
  CHECK(parsed.value->moves == moves);
  // Written as given, the first name would be read as a fourth move.
  auto unquoted = parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n7,7,0\n-1\n");
  REQUIRE(unquoted);
  CHECK(unquoted.value->moves.size() == 4);
  // A name with a line break in it stays one line: each break character becomes a space.
  CHECK(toPsq(15, moves, {}, {"a\r\nb"}, {}).find("a  b\n-1\n") != std::string::npos);
}

TEST_CASE(".psq: lines ending in a lone CR are lines too") {
  // Old Mac line ends: read as one header line, the file used to load as an empty game.
  auto parsed = parsePsq("Piskvorky 15x15, 11:11, 0\r8,8,0\r9,9,0\r\r-1\r");
  REQUIRE_MESSAGE(parsed, parsed.error);
  CHECK(parsed.value->moves == std::vector<Point>{makePoint(7, 7), makePoint(8, 8)});
  auto bad = parsePsq("Piskvorky 15x15, 11:11, 0\r8,8,0\r8,9\r");  // a move short of its time
  CHECK_FALSE(bad);
  CHECK(bad.error.find("line 3") != std::string::npos);
}

TEST_CASE(".psq: malformed files fail with the problem and the line") {
  const std::string h = "Piskvorky 15x15, 11:11, 0\n";
  // Black five on row 1 (x = 1..5), white on row 3; a tenth move after it.
  const std::string five = h + "1,1,0\n1,3,0\n2,1,0\n2,3,0\n3,1,0\n3,3,0\n4,1,0\n4,3,0\n5,1,0\n";
  struct Case {
    std::string text;
    std::vector<std::string> parts;
  };
  const Case cases[] = {
      {"", {"empty"}},
      {"  \r\n\n", {"empty"}},
      {"Gomoku 15x15, 11:11, 0\n8,8,0\n", {"line 1", "Piskvork"}},
      {"8,8,0\n9,9,0\n", {"line 1", "Piskvork"}},
      {"Piskvorky\n8,8,0\n", {"line 1", "board size"}},
      {"Piskvorky 15, 11:11, 0\n", {"line 1", "board size"}},
      {"Piskvorky axb, 11:11, 0\n", {"line 1", "board size"}},
      {"Piskvorky 15x16, 11:11, 0\n", {"line 1", "15x16", "not square"}},
      {"Piskvorky 4x4, 11:11, 0\n", {"line 1", "4", "out of range"}},
      {"Piskvorky 23x23, 11:11, 0\n", {"line 1", "23", "out of range"}},
      {h + "8,8,0\n16,1,0\n", {"line 3", "16,1", "off the 15x15 board"}},
      {h + "8,8,0\n0,5,0\n", {"line 3", "0,5", "off"}},
      {h + "8,8,0\n3,99999,0\n", {"line 3", "off"}},
      {h + "8,8,0\n9,9,0\n8,8,0\n", {"line 4", "8,8", "already taken at line 2"}},
      {std::string("\xff\x00", 2), {"line 1", "unexpected byte", "\\xFF"}},
      {h + "8,8,0\n\xff\xfe\n", {"line 3", "unexpected byte"}},
      {h + "8,8,0\n9,9,0\x01\n", {"line 3", "unexpected byte", "\\x01"}},
      {h + "8,8\n", {"line 2", "malformed move"}},
      {h + "8,8,0\n9,-9,0\n", {"line 3", "malformed move"}},
      {h + "8,8,0\n8,x,0\n9,9,0\n", {"line 3", "malformed move '8,x,0'"}},
      {h + "8,8,0\nEmbryo\n9,9,0\n", {"line 4", "after the end of the move list", "line 3"}},
      {five + "9,9,0\n", {"line 11", "after the game ended", "line 10"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    auto parsed = parsePsq(c.text);
    REQUIRE_FALSE(parsed);
    for (const std::string& part : c.parts) CHECK_MESSAGE(contains(parsed.error, part), parsed.error);
  }
  // The same game without the extra move is fine, and ends with black's five.
  auto ok = parsePsq(five);
  REQUIRE_MESSAGE(ok, ok.error);
  Game game;
  REQUIRE_FALSE(loadMoves(game, *ok.value, Rule::Renju).has_value());
  CHECK(game.result() == GameResult::BlackWins);
}

TEST_CASE(".psq: a six is read, whether play may go on after it depends on the rule") {
  // Black a1 b1 c1 e1 f1 then d1 (six in row 1); white on row 3 and far away; one move more.
  const std::string text =
      "Piskvorky 15x15, 11:11, 0\n1,1,0\n1,3,0\n2,1,0\n2,3,0\n3,1,0\n3,3,0\n5,1,0\n15,15,0\n"
      "6,1,0\n15,13,0\n4,1,0\n15,11,0\n";
  auto parsed = parsePsq(text);
  REQUIRE_MESSAGE(parsed, parsed.error);
  REQUIRE(parsed.value->moves.size() == 12);
  Game game;
  auto freestyle = loadMoves(game, *parsed.value, Rule::Freestyle);
  REQUIRE(freestyle.has_value());
  CHECK_MESSAGE(contains(*freestyle, "move 12"), *freestyle);
  CHECK_MESSAGE(contains(*freestyle, "the game is over"), *freestyle);
  CHECK(game.ply() == 0);
  CHECK_FALSE(loadMoves(game, *parsed.value, Rule::Standard).has_value());
  CHECK(game.ply() == 12);
  CHECK(game.result() == GameResult::Ongoing);
}

// --- loading into a game ------------------------------------------------------------------------

TEST_CASE("loadMoves validates every move and leaves the game unchanged on error") {
  Game game(15, Rule::Freestyle);
  for (const char* m : {"h8", "i9", "j10"}) REQUIRE_FALSE(game.play(pt(m)).has_value());
  game.undo();
  const std::vector<Point> moves = game.moves(), line = game.line();
  const uint64_t key = game.board().key();

  auto expectRejected = [&](const MoveRecord& record, Rule rule,
                            std::initializer_list<const char*> parts) {
    CAPTURE(*parts.begin());
    auto error = loadMoves(game, record, rule);
    REQUIRE(error.has_value());
    for (const char* part : parts) CHECK_MESSAGE(contains(*error, part), *error);
    CHECK(game.moves() == moves);
    CHECK(game.line() == line);
    CHECK(game.size() == 15);
    CHECK(game.rule() == Rule::Freestyle);
    CHECK(game.board().key() == key);
  };
  auto code = [](const char* text) {
    auto parsed = parsePositionCode(text, 15);
    REQUIRE_MESSAGE(parsed, parsed.error);
    return *parsed.value;
  };
  expectRejected(record(15, {pt("h8"), pt("i9"), pt("h8")}), Rule::Freestyle, {"move 3", "h8", "occupied"});
  expectRejected(record(15, {pt("h8"), makePoint(15, 3)}), Rule::Freestyle, {"move 2", "off the board"});
  expectRejected(record(15, {pt("h8"), kNullPoint}), Rule::Freestyle, {"move 2", "off the board"});
  expectRejected(record(4, {}), Rule::Freestyle, {"size 4"});
  expectRejected(record(23, {}), Rule::Freestyle, {"size 23"});
  expectRejected(record(15, code("a1a2b1b2c1c2d1d2e1h8")), Rule::Freestyle,
                 {"move 10", "h8", "the game is over"});
  expectRejected(record(15, code("g8a1h7a3h9a5i8a7h8")), Rule::Renju,
                 {"move 9", "h8", "forbidden for black (double three)"});
  // Renju: black's six is forbidden; under standard rules it is no win and play goes on.
  expectRejected(record(15, code("a1a3b1b3c1c3e1o15f1o13d1")), Rule::Renju, {"move 11", "d1", "overline"});

  // The overline record is a legal game under standard rules and goes on after the six.
  MoveRecord six = record(15, code("a1a3b1b3c1c3e1o15f1o13d1o11"));
  REQUIRE_FALSE(loadMoves(game, six, Rule::Standard).has_value());
  CHECK(game.rule() == Rule::Standard);
  CHECK(game.moves() == six.moves);
  CHECK(game.result() == GameResult::Ongoing);
  CHECK(game.line() == six.moves);
}

// --- protocol coordinates -----------------------------------------------------------------------

TEST_CASE("protocol coordinates: 0-based x,y, spaces tolerated, anything else rejected") {
  CHECK(toProtocol(makePoint(7, 7)) == "7,7");
  CHECK(toProtocol(makePoint(0, 14)) == "0,14");
  CHECK(parseProtocol("7,7", 15) == makePoint(7, 7));
  CHECK(parseProtocol(" 3 , 12 ", 15) == makePoint(3, 12));
  CHECK(parseProtocol("0,0\r", 15) == makePoint(0, 0));
  CHECK(parseProtocol("21,21", 22) == makePoint(21, 21));
  for (const char* bad : {"", ",", "7", "7,", ",7", "7,7,7", "7;7", "-1,3", "3,-1", "15,0", "0,15",
                          "a,b", "7 7", "7,7x", "+7,7", "1 2,3", "99999999999,1"}) {
    CAPTURE(bad);
    CHECK_FALSE(parseProtocol(bad, 15).has_value());
  }
  for (int y = 0; y < 22; ++y)
    for (int x = 0; x < 22; ++x) CHECK(parseProtocol(toProtocol(makePoint(x, y)), 22) == makePoint(x, y));
}

}  // namespace
}  // namespace gomoku
