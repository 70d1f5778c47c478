// Opening files: the project's records, position codes and Gomocup centre offsets.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "core/manager/openings.h"

using namespace gomoku;

TEST_CASE("openings: records, codes and offsets give the same stones") {
  std::string text =
      "# comment\n"
      "id=pisk01;rule=freestyle;size=15;to_move=white;moves=h8,i8,i11;source=x\n"
      "\n"
      "h8i8i11\n"
      "0,0, 1,0, 1,3\n"
      "id=big;size=20;moves=a1,b2\n";  // another board size: skipped
  auto parsed = parseOpenings(text, 15, Rule::Freestyle);
  REQUIRE(parsed);
  REQUIRE(parsed.value->size() == 3);
  std::vector<Point> expected = {makePoint(7, 7), makePoint(8, 7), makePoint(8, 10)};
  CHECK((*parsed.value)[0].id == "pisk01");
  for (const Opening& o : *parsed.value) CHECK(o.moves == expected);
  CHECK((*parsed.value)[1].id == "line 4");
}

TEST_CASE("openings: a bad line names the line and the problem") {
  auto bad = parseOpenings("h8i8\nh8h8\n", 15, Rule::Freestyle);
  CHECK_FALSE(bad);
  CHECK(bad.error.find("line 2") == 0);
  auto off = parseOpenings("0,0, 9,0\n", 15, Rule::Freestyle);
  CHECK_FALSE(off);
  CHECK(off.error.find("off the board") != std::string::npos);
  auto none = parseOpenings("id=x;size=15\n", 15, Rule::Freestyle);
  CHECK_FALSE(none);
  CHECK(none.error.find("moves=") != std::string::npos);
  auto missing = loadOpenings("/no/such/file.txt", 15, Rule::Freestyle);
  CHECK_FALSE(missing);
}

TEST_CASE("openings: a record's rule must be the games' rule (freestyle serves standard)") {
  const std::string text =
      "id=a;rule=freestyle;size=15;moves=h8,i8,i11\n"
      "id=b;rule=renju;size=15;moves=h8,i9,h11\n";
  auto freestyle = parseOpenings(text, 15, Rule::Freestyle);
  CHECK_FALSE(freestyle);
  CHECK(freestyle.error ==
        "line 2: the opening is for renju, the games are freestyle (give the matching rule, or "
        "an opening file for freestyle)");
  auto renju = parseOpenings(text, 15, Rule::Renju);
  CHECK_FALSE(renju);
  CHECK(renju.error.find("line 1: the opening is for freestyle, the games are renju") == 0);
  auto standard =
      parseOpenings("id=a;rule=freestyle;size=15;moves=h8,i8,i11\n", 15, Rule::Standard);
  REQUIRE(standard);
  CHECK(standard.value->size() == 1);
  // A record for another board is skipped before its rule matters.
  CHECK(parseOpenings("id=b;rule=renju;size=20;moves=a1\nh8i8i11\n", 15, Rule::Freestyle));
  auto unknown = parseOpenings("id=c;rule=gomoku;moves=h8\n", 15, Rule::Freestyle);
  CHECK_FALSE(unknown);
  CHECK(unknown.error.find("line 1: rule 'gomoku'") == 0);
}

TEST_CASE("openings: a moves= with no stones is an error, not the empty board") {
  for (const char* line : {"moves=\n", "id=x;size=15;moves=;rule=freestyle\n", "moves=,\n"}) {
    CAPTURE(line);
    auto empty = parseOpenings(std::string("h8i8i11\n") + line, 15, Rule::Freestyle);
    CHECK_FALSE(empty);
    CHECK(empty.error == "line 2: moves= has no stones");
  }
}

TEST_CASE("openings: a finished game is no opening") {
  auto five = parseOpenings("h8a1i8a2j8a3k8a4l8\n", 15, Rule::Freestyle);
  CHECK_FALSE(five);
}

// The generated match sets (gomoku-tune openings, and select-openings' choice among them):
// every record loads for its board and rule,
// with 3 to 5 stones, and no two records play the same moves (a repeat would replay the same
// games in a -repeat match).
TEST_CASE("openings: the generated match sets load whole") {
  const struct {
    const char* file;
    int size;
    Rule rule;
    size_t count;
  } sets[] = {{"openings_freestyle15_gen.txt", 15, Rule::Freestyle, 1000},
              {"openings_freestyle20_gen.txt", 20, Rule::Freestyle, 600},
              {"openings_renju_gen.txt", 15, Rule::Renju, 1000},
              {"openings_freestyle15_sel.txt", 15, Rule::Freestyle, 518},
              {"openings_freestyle20_sel.txt", 20, Rule::Freestyle, 318},
              {"openings_renju_sel.txt", 15, Rule::Renju, 406}};
  for (const auto& set : sets) {
    CAPTURE(set.file);
    const std::string path = std::string(GOMOKU_REPO_TESTDATA_DIR) + "/" + set.file;
    auto loaded = loadOpenings(path, set.size, set.rule);
    REQUIRE(loaded);
    CHECK(loaded.value->size() == set.count);
    std::set<std::vector<Point>> seen;
    for (const Opening& o : *loaded.value) {
      CHECK(o.moves.size() >= 3);
      CHECK(o.moves.size() <= 5);
      CHECK(seen.insert(o.moves).second);
    }
  }
}
