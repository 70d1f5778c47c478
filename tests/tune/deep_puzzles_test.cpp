// gomoku-tune deep-puzzles: from two self-play games it mines a deep defence and deep wins in
// the test data's format; every listed save leaves the opponent without a win the solver
// finds and every listed loss leaves it one, and a position whose only saves are fours that
// merely delay is left out; a listed win is proved by the solver; a missing games file fails and
// writes nothing.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "app/tune/deep_puzzles.h"
#include "core/game/win_check.h"
#include "core/search/movegen.h"
#include "tests/support/testdata.h"

namespace gomoku::tune {
namespace {

// Two games of `gomoku-tune selfplay` (engine of 4b28288, 10,000 nodes a move, seed 5701).
constexpr const char* kGames =
    "rule=freestyle;size=15;opening=7;result=-1;moves=h8,g10,k7,i7,i10,h6,f4,g7,i5,g8,g6,h7,f7,"
    "g9,g11,f9,i6,e10,d11,e8,h11,c6,d7,e9,e11,f11,h9,d10,f8,f10,h10,c10;scores=1467,-1339,1339,"
    "-575,903,-1787,1787,-1575,29983,0,29991,-29992,29989,-29990,29989,-1106,29991,-29992,29993,"
    "-29994,29995,-29996,29997,-29998,29999\n"
    "rule=freestyle;size=15;opening=6;result=1;moves=h8,g11,e11,i9,i8,d9,h10,f10,h9,h11,h7,h6,"
    "g8,f8,f7,i10,k8,j8,e6,d5,g6,j9,e4,f5,g7,g12,f13,g5,i7,j7,e7;scores=2471,-3173,2924,-3112,"
    "3112,-3173,29983,-29990,29985,-29992,29987,-3357,29987,-29988,29991,-29992,29991,-1473,"
    "29993,-29994,29995,-29996,29997,-29998,29999\n";

std::vector<Point> listed(const testdata::Record& r, const char* key) {
  return testdata::points(r.get(key), '|', 15).value_or(std::vector<Point>{});
}

TEST_CASE("deep-puzzles: mined positions are what their labels say") {
  const auto dir = std::filesystem::temp_directory_path() / "gomoku_deep_puzzles_test";
  std::filesystem::create_directories(dir);
  const auto games = dir / "games.txt", out = dir / "puzzles.txt";
  std::ofstream(games) << kGames;
  DeepPuzzleOptions o;
  o.gameFiles = {games.string()};
  REQUIRE(mineDeepPuzzles(o, "test", out.string()));
  const auto records = testdata::loadFile(out.string());
  int wins = 0, defences = 0;
  for (const auto& r : records) {
    CAPTURE(r.get("id"));
    Board b;
    REQUIRE(testdata::setUp(r, b));
    if (r.get("type") == "deep_win") {
      ++wins;
      // No win by fours alone, and the listed first move wins against every reply.
      auto win = findWin(b, {.vctThreats = 12, .nodes = 300000, .wideThreats = 0});
      REQUIRE(win);
      CHECK_FALSE(win->vcf);
      CHECK(win->winIn >= o.minWinIn);
      for (Point p : listed(r, "best"))
        CHECK(moveWins(b, p, {.vctThreats = 12, .nodes = 300000, .wideThreats = 0}));
    } else {
      REQUIRE(r.get("type") == "deep_defend");
      ++defences;
      Board pass = b;
      pass.setSideToMove(opponent(b.sideToMove()));
      auto threat = findWin(pass, kListedSaveCheckBudget);
      REQUIRE(threat);  // the opponent threatens to win by threes and fours
      CHECK_FALSE(threat->vcf);
      const auto saves = listed(r, "best"), loses = listed(r, "loses");
      REQUIRE_FALSE(saves.empty());
      CHECK(double(saves.size()) <= o.maxSaveShare * double(saves.size() + loses.size()));
      auto opponentWinsAfter = [&](Point p) {
        Board after = b;
        after.place(p);
        return findWin(after, kListedSaveCheckBudget).has_value();
      };
      for (Point p : saves) {
        CHECK_FALSE(opponentWinsAfter(p));
        // A save that is a four holds after its forced block too: not a mere delay.
        Board after = b;
        after.place(p);
        Point block[2];
        if (fivePoints(after, b.sideToMove(), block, 2) == 1) {
          after.place(block[0]);
          after.setSideToMove(opponent(b.sideToMove()));
          CHECK_FALSE(findWin(after, kListedSaveCheckBudget));
        }
      }
      for (size_t i = 0; i < loses.size(); i += 7) CHECK(opponentWinsAfter(loses[i]));
    }
  }
  // Game 1 gives a defence and a win (then one of each kind a game at most), game 2 a win.
  CHECK(defences >= 1);
  CHECK(wins == 2);
  CHECK(records.size() <= 4);

  // A delay is no save: in this game, after i11 white's only moves that the solver clears are
  // m11 and n11, fours whose forced block leaves black's threat standing (the engine proves
  // every white move lost there). That position is left out; the game still gives its win.
  std::ofstream(games)
      << "rule=freestyle;size=15;opening=7;result=1;moves=h8,j11,i8,i9,j5,k11,h6,l11,i11,h9,g8,"
         "j8,f8,e8,i5,m11,n11,e9,j4,g7,l2,k3,h7,f9,g9,h10,h5,h4,k5,g5,l5;scores=0\n";
  o.gameFiles = {games.string()};
  REQUIRE(mineDeepPuzzles(o, "test", out.string()));
  const auto delayed = testdata::loadFile(out.string());
  REQUIRE(delayed.size() == 1);
  CHECK(delayed[0].get("type") == "deep_win");
  CHECK(delayed[0].get("moves") == "h8,j11,i8,i9,j5,k11,h6,l11,i11,h9");

  // A games file that is not there: false, and the output it would replace untouched.
  const auto before = std::filesystem::file_size(out);
  o.gameFiles = {(dir / "missing.txt").string()};
  CHECK_FALSE(mineDeepPuzzles(o, "test", out.string()));
  CHECK(std::filesystem::file_size(out) == before);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gomoku::tune
