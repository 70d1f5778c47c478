// gomoku-tune openings: the set it writes is read back by the match's opening loader, holds
// as many openings as asked, each legal and quiet, no two the same up to symmetry, each scored
// balanced by the engine; the same seed writes the same file; impossible options fail, and a
// failed run leaves the file it was to replace unchanged.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/tune/opening_gen.h"
#include "core/board/board.h"
#include "core/manager/openings.h"
#include "core/manager/referee.h"

namespace gomoku::tune {
namespace {

std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The stones seen through one of the 8 symmetries (t: bit 0 mirrors x, bit 1 y, bit 2 swaps).
std::set<std::tuple<int, int, int>> transformed(const std::vector<Point>& moves, int size, int t) {
  std::set<std::tuple<int, int, int>> out;
  const int c = size / 2;
  for (size_t i = 0; i < moves.size(); ++i) {
    int x = pointX(moves[i]) - c, y = pointY(moves[i]) - c;
    if (t & 1) x = -x;
    if (t & 2) y = -y;
    if (t & 4) std::swap(x, y);
    out.insert({int(i % 2), x, y});
  }
  return out;
}

TEST_CASE("tune openings: balanced, quiet, legal and distinct up to symmetry; repeatable") {
  const auto dir = std::filesystem::temp_directory_path() / "gomoku_opening_gen_test";
  std::filesystem::create_directories(dir);
  OpeningGenOptions o;
  o.count = 12;
  o.nodes = 3000;
  o.seed = 5;
  o.progress = false;
  REQUIRE(generateOpenings(o, "test", (dir / "a.txt").string()));
  REQUIRE(generateOpenings(o, "test", (dir / "b.txt").string()));
  CHECK(readAll(dir / "a.txt") == readAll(dir / "b.txt"));

  auto loaded = loadOpenings((dir / "a.txt").string(), o.size, o.rule);
  REQUIRE(loaded.value);
  const std::vector<Opening>& openings = *loaded.value;
  REQUIRE(openings.size() == 12);
  std::set<size_t> stoneCounts;
  for (size_t i = 0; i < openings.size(); ++i) {
    const std::vector<Point>& moves = openings[i].moves;
    CAPTURE(openings[i].id);
    CHECK(!checkOpening(moves, o.size, o.rule));
    stoneCounts.insert(moves.size());
    CHECK(moves.size() >= 3);
    CHECK(moves.size() <= 5);
    Board board(o.size, o.rule);
    for (Point p : moves) {
      CHECK(std::abs(pointX(p) - 7) <= 3);
      CHECK(std::abs(pointY(p) - 7) <= 3);
      board.place(p);
    }
    for (Color c : {Color::Black, Color::White}) {
      CHECK(board.threatCount(c, Threat::Five) == 0);
      CHECK(board.threatCount(c, Threat::OpenFour) == 0);
    }
    for (size_t j = 0; j < i; ++j)
      for (int t = 0; t < 8; ++t)
        CHECK(transformed(moves, o.size, t) != transformed(openings[j].moves, o.size, 0));
  }
  CHECK(stoneCounts.size() >= 2);  // not all of one count
  // Each record's score, as written, is within the bound.
  std::istringstream lines(readAll(dir / "a.txt"));
  int scored = 0;
  for (std::string line; std::getline(lines, line);) {
    const size_t at = line.find("score ");
    if (line.rfind("id=", 0) != 0 || at == std::string::npos) continue;
    CHECK(std::abs(std::atoi(line.c_str() + at + 6)) <= o.maxScore);
    ++scored;
  }
  CHECK(scored == 12);

  // A run that cannot finish leaves the file it would have replaced as it was.
  const std::string before = readAll(dir / "a.txt");
  OpeningGenOptions impossible = o;
  impossible.minStones = impossible.maxStones = 40;  // more than the 7x7 box near the centre
  CHECK_FALSE(generateOpenings(impossible, "test", (dir / "a.txt").string()));
  CHECK(readAll(dir / "a.txt") == before);
  CHECK_FALSE(std::filesystem::exists(dir / "a.txt.partial"));

  OpeningGenOptions bad = o;
  bad.minStones = 4;
  bad.maxStones = 3;
  CHECK_FALSE(generateOpenings(bad, "test", (dir / "c.txt").string()));
  bad = o;
  bad.radius = 8;  // 17 lines across: not on a 15x15 board
  CHECK_FALSE(generateOpenings(bad, "test", (dir / "c.txt").string()));
  CHECK_FALSE(generateOpenings(o, "test", (dir / "no_such_dir" / "d.txt").string()));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gomoku::tune
