// core/protocol: parsing the manager's lines and the brain's replies, formatting both.
#include <doctest/doctest.h>

#include "core/protocol/protocol.h"

using namespace gomoku;
using namespace gomoku::protocol;

TEST_CASE("protocol: command words are recognised in any case, with CR/LF and spaces trimmed") {
  CHECK(parseCommand("BEGIN").kind == CommandKind::Begin);
  CHECK(parseCommand("begin\r").kind == CommandKind::Begin);
  CHECK(parseCommand("  Begin \r\n").kind == CommandKind::Begin);
  CHECK(parseCommand("").kind == CommandKind::Empty);
  CHECK(parseCommand(" \t\r").kind == CommandKind::Empty);
  CHECK(parseCommand("RESTART").kind == CommandKind::Restart);
  CHECK(parseCommand("END").kind == CommandKind::End);
  CHECK(parseCommand("ABOUT").kind == CommandKind::About);
  CHECK(parseCommand("STOP").kind == CommandKind::Stop);
  CHECK(parseCommand("YXSTOP").kind == CommandKind::Stop);
  CHECK(parseCommand("YXSHOWFORBID").kind == CommandKind::YxShowForbid);
  CHECK(parseCommand("BOARD").kind == CommandKind::Board);
  CHECK(parseCommand("YXBOARD").kind == CommandKind::YxBoard);
  CHECK(parseCommand("SWAP2BOARD").kind == CommandKind::Swap2Board);
  CHECK(parseCommand("DONE").kind == CommandKind::Done);
}

TEST_CASE("protocol: START, RECTSTART, TURN, TAKEBACK, PLAY and YXNBEST arguments") {
  Command c = parseCommand("START 20");
  CHECK(c.kind == CommandKind::Start);
  CHECK(c.error.empty());
  CHECK(c.x == 20);

  c = parseCommand("RECTSTART 30,20");
  CHECK(c.kind == CommandKind::RectStart);
  CHECK(c.x == 30);
  CHECK(c.y == 20);

  c = parseCommand("TURN 10,11");
  CHECK(c.kind == CommandKind::Turn);
  CHECK(c.error.empty());
  CHECK(c.x == 10);
  CHECK(c.y == 11);

  c = parseCommand("TURN 3 , 4");  // spaces around the numbers are tolerated
  CHECK(c.error.empty());
  CHECK(c.x == 3);
  CHECK(c.y == 4);

  c = parseCommand("TAKEBACK 9,10");
  CHECK(c.kind == CommandKind::Takeback);
  CHECK(c.x == 9);
  CHECK(c.y == 10);

  c = parseCommand("PLAY 12,10");
  CHECK(c.kind == CommandKind::Play);
  CHECK(c.x == 12);

  c = parseCommand("YXNBEST 5");
  CHECK(c.kind == CommandKind::YxNBest);
  CHECK(c.x == 5);

  // Off-board values parse (the board decides); the parser only rejects what is not x,y.
  c = parseCommand("TURN -1,99");
  CHECK(c.error.empty());
  CHECK(c.x == -1);
  CHECK(c.y == 99);
}

TEST_CASE("protocol: malformed arguments come back with an error") {
  for (const char* line :
       {"START", "START x", "START 15 16", "START 99999999999999999999", "RECTSTART 20",
        "RECTSTART a,b", "TURN", "TURN 7", "TURN 7,", "TURN ,7", "TURN a,b", "TURN 7,7,7",
        "TURN 7;7", "TURN 1.5,2", "TAKEBACK", "PLAY x", "YXNBEST", "YXNBEST many", "INFO",
        "INFO timeout_turn", "BEGIN now", "RESTART 15", "ABOUT you", "DONE 1",
        "TURN 12345678901,1"}) {
    CAPTURE(line);
    Command c = parseCommand(line);
    CHECK(c.kind != CommandKind::Unknown);
    CHECK_FALSE(c.error.empty());
  }
  // END and STOP are honoured whatever follows.
  CHECK(parseCommand("END now").error.empty());
  CHECK(parseCommand("YXSTOP please").error.empty());
}

TEST_CASE("protocol: unknown words are Unknown with a printable, bounded name") {
  Command c = parseCommand("FOO bar");
  CHECK(c.kind == CommandKind::Unknown);
  CHECK(c.name == "FOO");
  c = parseCommand(std::string("\x01\xff\x7f", 3));
  CHECK(c.kind == CommandKind::Unknown);
  CHECK(c.name == "???");
  c = parseCommand(std::string(5000, 'Z'));
  CHECK(c.kind == CommandKind::Unknown);
  CHECK(c.name.size() < 40);
  CHECK(parseCommand("TURNX 1,1").kind == CommandKind::Unknown);
  CHECK(parseCommand("7,7,1").kind == CommandKind::Unknown);  // a stone line outside BOARD
}

TEST_CASE("protocol: INFO key and value") {
  Command c = parseCommand("INFO timeout_turn 5000");
  CHECK(c.kind == CommandKind::Info);
  CHECK(c.key == "timeout_turn");
  CHECK(c.value == "5000");
  c = parseCommand("INFO FOLDER C:\\My Documents\\gomoku \r");
  CHECK(c.key == "folder");
  CHECK(c.value == "C:\\My Documents\\gomoku");
  c = parseCommand("INFO evaluate 3,4");
  CHECK(c.key == "evaluate");
  CHECK(c.value == "3,4");
}

TEST_CASE("protocol: BOARD block lines") {
  BoardLine b = parseBoardLine("10,11,1\r");
  CHECK(b.kind == BoardLine::Kind::Stone);
  CHECK(b.x == 10);
  CHECK(b.y == 11);
  CHECK(b.field == 1);
  CHECK(parseBoardLine("0,0,2").field == 2);
  CHECK(parseBoardLine("0,0,3").field == 3);
  CHECK(parseBoardLine("done").kind == BoardLine::Kind::Done);
  CHECK(parseBoardLine("DONE").kind == BoardLine::Kind::Done);
  CHECK(parseBoardLine("END").kind == BoardLine::Kind::End);
  CHECK(parseBoardLine("").kind == BoardLine::Kind::Empty);
  b = parseBoardLine("7,8");  // SWAP2BOARD's form
  CHECK(b.kind == BoardLine::Kind::Stone);
  CHECK(b.field == 0);
  for (const char* bad : {"7", "7,7,0", "7,7,4", "7,7,-1", "a,b,c", "7,7,1,1", "TURN 7,7",
                          "1,,1", ",,", "99999999999,1,1"}) {
    CAPTURE(bad);
    BoardLine l = parseBoardLine(bad);
    CHECK(l.kind == BoardLine::Kind::Bad);
    CHECK_FALSE(l.error.empty());
  }
}

TEST_CASE("protocol: numbers") {
  CHECK(parseInteger("42") == 42);
  CHECK(parseInteger(" -7 ") == -7);
  CHECK(parseInteger("+3") == 3);
  CHECK(parseInteger("2147483647") == 2147483647);
  CHECK_FALSE(parseInteger(""));
  CHECK_FALSE(parseInteger("-"));
  CHECK_FALSE(parseInteger("1e3"));
  CHECK_FALSE(parseInteger("12a"));
  CHECK_FALSE(parseInteger("1234567890123456789"));  // more digits than we accept
  // Leading zeros do not count toward the limit; the value's digits do.
  CHECK(parseInteger("0000000000000000000005") == 5);
  CHECK(parseInteger("-00000000000000000000012") == -12);
  CHECK(parseInteger("0000000000000000000000") == 0);
  CHECK_FALSE(parseInteger("01234567890123456789"));
  std::string why;
  CHECK_FALSE(parseXY("1", &why));
  CHECK_FALSE(why.empty());
}

TEST_CASE("protocol: INFO rule values") {
  CHECK(ruleFromInfo(0) == Rule::Freestyle);
  CHECK(ruleFromInfo(1) == Rule::Standard);
  CHECK(ruleFromInfo(2) == Rule::Renju);  // Yixin-Board
  CHECK(ruleFromInfo(3) == Rule::Standard);  // exactly five + continuous game
  CHECK(ruleFromInfo(4) == Rule::Renju);
  CHECK(ruleFromInfo(5) == Rule::Renju);
  CHECK_FALSE(ruleFromInfo(8));  // caro
  CHECK_FALSE(ruleFromInfo(-1));
  CHECK_FALSE(ruleFromInfo(100));
  CHECK(infoValueOfRule(Rule::Freestyle) == 0);
  CHECK(infoValueOfRule(Rule::Standard) == 1);
  CHECK(infoValueOfRule(Rule::Renju) == 4);
  for (Rule r : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    CHECK(ruleFromInfo(infoValueOfRule(r)) == r);
}

TEST_CASE("protocol: formatting points, FORBID and ABOUT") {
  CHECK(formatPoint(makePoint(7, 11)) == "7,11");
  CHECK(formatPoint(0, 0) == "0,0");
  CHECK(formatForbid({}) == "FORBID .");
  CHECK(formatForbid({makePoint(7, 7), makePoint(12, 3)}) == "FORBID 07071203.");
  CHECK(formatAbout({"A", "1.0", "B", "C"}) ==
        "name=\"A\", version=\"1.0\", author=\"B\", country=\"C\"");
  CHECK(formatAbout({"A\"x", "1", "B", "C"}).find("A'x") != std::string::npos);
}

TEST_CASE("protocol: replies as a manager reads them") {
  Reply r = parseReply("11,10");
  CHECK(r.kind == ReplyKind::Move);
  CHECK(r.x == 11);
  CHECK(r.y == 10);
  CHECK(parseReply("OK").kind == ReplyKind::Ok);
  CHECK(parseReply("ok - everything is good").kind == ReplyKind::Ok);
  r = parseReply("ERROR unsupported size");
  CHECK(r.kind == ReplyKind::Error);
  CHECK(r.text == "unsupported size");
  CHECK(parseReply("UNKNOWN what").kind == ReplyKind::Unknown);
  CHECK(parseReply("MESSAGE depth 3").kind == ReplyKind::Message);
  CHECK(parseReply("DEBUG x").kind == ReplyKind::Debug);
  r = parseReply("SUGGEST 10,10");
  CHECK(r.kind == ReplyKind::Suggest);
  CHECK(r.x == 10);
  r = parseReply("FORBID 07071203.");
  CHECK(r.kind == ReplyKind::Forbid);
  REQUIRE(r.points.size() == 2);
  CHECK(r.points[1].x == 12);
  CHECK(r.points[1].y == 3);
  r = parseReply("FORBID .");
  CHECK(r.kind == ReplyKind::Forbid);
  CHECK(r.points.empty());
  CHECK(parseReply("FORBID 070.").kind == ReplyKind::Other);
  CHECK(parseReply("name=\"x\"").kind == ReplyKind::Other);
  CHECK(parseReply("").kind == ReplyKind::Empty);
  // What the brain writes parses back.
  r = parseReply(formatForbid({makePoint(0, 14), makePoint(21, 21)}));
  REQUIRE(r.points.size() == 2);
  CHECK(r.points[0].y == 14);
  CHECK(r.points[1].x == 21);
}

TEST_CASE("protocol: swap2 replies parse as SWAP and as several points") {
  using namespace gomoku::protocol;
  CHECK(parseReply("SWAP").kind == ReplyKind::Swap);
  Reply three = parseReply("7,7 8,8 6,5");
  REQUIRE(three.kind == ReplyKind::Points);
  REQUIRE(three.points.size() == 3);
  CHECK(three.points[2].x == 6);
  CHECK(three.points[2].y == 5);
  CHECK(parseReply("7,7 8,x").kind == ReplyKind::Other);
  CHECK(parseReply("SWAP now").kind == ReplyKind::Other);
}
