// gomoku-tune select-openings: games are tallied by their opening's id, draws half a point to
// each colour; an opening whose games one colour won (nearly) all of is dropped, one with too
// few games is not judged, the kept records are copied as they were; a results line without an
// opening, an unknown result or an id the set has not fail, and leave the file to be replaced
// as it was.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/tune/opening_select.h"

namespace gomoku::tune {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeAll(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A -results line of gomoku-match for a game from `opening` that ended `result`.
std::string game(int number, const std::string& result, const std::string& opening) {
  return std::to_string(number) + "\tnew\told\t" + result + "\tfive\tblack wins by five\th8h9" +
         "\t" + opening + "\n";
}

TEST_CASE("tune select-openings: tallies games by opening, draws half to each colour") {
  std::map<std::string, OpeningOutcomes> tally;
  std::string error;
  std::vector<std::string> lines = {game(1, "1-0", "a"), game(2, "1/2-1/2", "a"),
                                    game(3, "0-1", "b"), ""};
  for (std::string& line : lines)
    if (!line.empty()) line.pop_back();
  REQUIRE(tallyResults(lines, "r.txt", tally, error));
  CHECK(tally["a"].games == 2);
  CHECK(tally["a"].black == 1.5);
  CHECK(tally["a"].white == 0.5);
  CHECK(tally["a"].colourShare() == 0.75);
  CHECK(tally["b"].colourShare() == 1.0);

  // A line from a gomoku-match without the opening column, and a result that is none.
  CHECK_FALSE(tallyResults({"1\tnew\told\t1-0\tfive\ttext\th8h9"}, "old.txt", tally, error));
  CHECK(error.find("old.txt line 1") != std::string::npos);
  CHECK_FALSE(tallyResults({"1\tnew\told\t2-0\tfive\ttext\th8h9\ta"}, "r.txt", tally, error));
  CHECK(error.find("'2-0' is not a result") != std::string::npos);
}

TEST_CASE("tune select-openings: keeps the openings no colour won all of, as they were") {
  const fs::path dir = fs::temp_directory_path() / "gomoku_opening_select_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string recordA = "id=a;rule=freestyle;size=15;to_move=white;moves=h8,h9,j6";
  const std::string recordB = "id=b;rule=freestyle;size=15;to_move=black;moves=h8,h9,e11,i10";
  const std::string recordC = "id=c;rule=freestyle;size=15;to_move=white;moves=h8,f9,k6";
  writeAll(dir / "openings.txt",
           "# a set\n" + recordA + "\n" + recordB + "\r\n \t\n" + recordC + "\n");
  // a: black won both games (the colour decided); b: each colour once, and again in the
  // second match; c: one game, not judged.
  writeAll(dir / "r1.txt", game(1, "1-0", "a") + game(2, "1-0", "a") + game(3, "1-0", "b") +
                               game(4, "0-1", "b") + game(5, "0-1", "c"));
  writeAll(dir / "r2.txt", game(1, "0-1", "b") + game(2, "1-0", "b"));
  OpeningSelectOptions o;
  o.openingsFile = (dir / "openings.txt").string();
  o.resultsFiles = {(dir / "r1.txt").string(), (dir / "r2.txt").string()};
  o.out = (dir / "out.txt").string();
  o.about = "two matches\nof the test";
  o.progress = false;
  REQUIRE(selectOpenings(o, "gomoku-tune select-openings test"));
  const std::string out = readAll(dir / "out.txt");
  std::vector<std::string> records, comments;
  std::stringstream lines(out);
  for (std::string line; std::getline(lines, line);)
    (line.rfind('#', 0) == 0 ? comments : records).push_back(line);
  CHECK(records == std::vector<std::string>{recordB});
  REQUIRE(comments.size() == 5);
  CHECK(comments[0].find("1 kept of 2 judged; 1 with fewer games not judged") != std::string::npos);
  CHECK(comments[1] == "# Selected by: gomoku-tune select-openings test");
  CHECK(comments[2] == "# The results: two matches of the test");
  CHECK(comments[4] == "#    a set");

  // A 3-1 opening is kept at a share of 0.75 and dropped below it.
  writeAll(dir / "r3.txt", game(1, "1-0", "a") + game(2, "0-1", "a"));
  o.resultsFiles.push_back((dir / "r3.txt").string());
  o.maxColourShare = 0.75;
  REQUIRE(selectOpenings(o, "test"));
  CHECK(readAll(dir / "out.txt").find(recordA) != std::string::npos);
  o.maxColourShare = 0.7;
  REQUIRE(selectOpenings(o, "test"));
  CHECK(readAll(dir / "out.txt").find(recordA) == std::string::npos);

  // An opening the set has not: an error, the file as it was.
  const std::string before = readAll(dir / "out.txt");
  writeAll(dir / "r4.txt", game(1, "1-0", "zz"));
  o.resultsFiles.push_back((dir / "r4.txt").string());
  CHECK_FALSE(selectOpenings(o, "test"));
  CHECK(readAll(dir / "out.txt") == before);
  CHECK_FALSE(fs::exists(dir / "out.txt.partial"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace gomoku::tune
