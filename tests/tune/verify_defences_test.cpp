// gomoku-tune verify-defences: the engine's search checks each deep defence's listed saves; a
// save it proves lost moves to loses=, a record left without saves is dropped, and everything
// else (comments, other records, the saves that hold) is copied as it was.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/tune/verify_defences.h"
#include "tests/support/testdata.h"

namespace gomoku::tune {
namespace {

// From tests/data/deep_selfplay_standard.txt: sp_def_0 with h3 (one of its losses, far from the
// fight) listed as a save as well; sp_def_57, whose three listed saves all lose (the labeller's
// solver missed white's wins; session 61); and a deep win, which is not checked.
constexpr const char* kDefence0 =
    "id=sp_def_0;rule=standard;size=15;to_move=black;moves=h8,g7,j10,k9,j5,k10,l6,l9;type=deep_de"
    "fend;best=k8|h3|k11;loses=i3|j3|k3|l3|h4|i4|j4|k4|l4|m4|n4|e5|f5|g5|h5|i5|k5|l5|m5|n5|e6|f6|"
    "g6|h6|i6|j6|k6|m6|n6|e7|f7|h7|i7|j7|k7|l7|m7|n7|e8|f8|g8|i8|j8|l8|m8|n8|e9|f9|g9|h9|i9|j9|m9"
    "|n9|f10|g10|h10|i10|l10|m10|n10|h11|i11|j11|l11|m11|n11|h12|i12|j12|k12|l12|m12;threat=+M21;"
    "source=gomoku-tune selfplay game 0 ply 8, labelled by the threat solver (the opponent's VCT "
    "after each candidate, 12 threats, 100k nodes: 2 of 76 save)";
// What the check writes for it: h3 back among the losses, at the end of the list.
constexpr const char* kDefence0Checked =
    "id=sp_def_0;rule=standard;size=15;to_move=black;moves=h8,g7,j10,k9,j5,k10,l6,l9;type=deep_de"
    "fend;best=k8|k11;loses=i3|j3|k3|l3|h4|i4|j4|k4|l4|m4|n4|e5|f5|g5|h5|i5|k5|l5|m5|n5|e6|f6|g6|"
    "h6|i6|j6|k6|m6|n6|e7|f7|h7|i7|j7|k7|l7|m7|n7|e8|f8|g8|i8|j8|l8|m8|n8|e9|f9|g9|h9|i9|j9|m9|n9"
    "|f10|g10|h10|i10|l10|m10|n10|h11|i11|j11|l11|m11|n11|h12|i12|j12|k12|l12|m12|h3;threat=+M21;"
    "source=gomoku-tune selfplay game 0 ply 8, labelled by the threat solver (the opponent's VCT "
    "after each candidate, 12 threats, 100k nodes: 2 of 76 save)";
constexpr const char* kDefence57 =
    "id=sp_def_57;rule=standard;size=15;to_move=black;moves=h8,i6,i10,e9,e5,e8,d11,f9;type=deep_d"
    "efend;best=f6|g7|g9;loses=c3|d3|e3|f3|g3|c4|d4|e4|f4|g4|h4|i4|j4|k4|c5|d5|f5|g5|h5|i5|j5|k5|"
    "c6|d6|e6|g6|h6|j6|k6|c7|d7|e7|f7|h7|i7|j7|k7|c8|d8|f8|g8|i8|j8|k8|b9|c9|d9|h9|i9|j9|k9|b10|c"
    "10|d10|e10|f10|g10|h10|j10|k10|b11|c11|e11|f11|g11|h11|i11|j11|k11|b12|c12|d12|e12|f12|g12|h"
    "12|i12|j12|k12|b13|c13|d13|e13|f13;threat=+M19;source=gomoku-tune selfplay game 57 ply 8, la"
    "belled by the threat solver (the opponent's VCT after each candidate, 12 threats, 100k nodes"
    ": 3 of 87 save)";
constexpr const char* kWin0 =
    "id=sp_win_0;rule=standard;size=15;to_move=black;moves=h8,g7,j10,k9,j5,k10,l6,l9,k8,j8,j9,j11"
    ",i12,i7,h6,m11,l10,k11,l11,k12,k13,h7,f7,i10,h9,g6,k6,i8,i9,j6,m8,k7,j7,l7,i5,g8,g5,f5,e4,f9"
    ",k5,h5,e10,m7,i3,i4;type=deep_win;best=j4;win_in=9;source=gomoku-tune selfplay game 0 ply 46"
    ", labelled by the threat solver (VCT, 12 threats, 300k nodes)";

std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_CASE("verify-defences: lost saves move to loses=, a record with none left is dropped") {
  const auto dir = std::filesystem::temp_directory_path() / "gomoku_verify_defences_test";
  std::filesystem::create_directories(dir);
  const auto data = dir / "data.txt", out = dir / "checked.txt";
  std::ofstream(data) << "# a header line\n"
                      << kDefence0 << "\n"
                      << kDefence57 << "\n"
                      << kWin0 << "\n";
  VerifyDefencesOptions o;
  o.dataFile = data.string();
  o.out = out.string();
  o.searchNodes = 300000;
  REQUIRE(verifyDefences(o, "the command"));
  const std::string text = readAll(out);
  std::istringstream lines(text);
  std::string line;
  REQUIRE(std::getline(lines, line));
  CHECK(line == "# a header line");
  REQUIRE(std::getline(lines, line));
  CHECK(line.find("# Saves checked by the engine's search") == 0);
  CHECK(line.find("the command") != std::string::npos);
  REQUIRE(std::getline(lines, line));
  CHECK(line == kDefence0Checked);
  REQUIRE(std::getline(lines, line));  // sp_def_57 is gone
  CHECK(line == kWin0);
  CHECK_FALSE(std::getline(lines, line));
  // The output reads as test data: the saves left are k8 and k11.
  const auto records = testdata::loadFile(out.string());
  REQUIRE(records.size() == 2);
  CHECK(records[0].get("best") == "k8|k11");
}

TEST_CASE(
    "verify-defences: a missing file, or a record that does not set up, fails and writes "
    "nothing") {
  const auto dir = std::filesystem::temp_directory_path() / "gomoku_verify_defences_test";
  std::filesystem::create_directories(dir);
  const auto out = dir / "never.txt";
  std::filesystem::remove(out);
  VerifyDefencesOptions o;
  o.dataFile = (dir / "no such file.txt").string();
  o.out = out.string();
  CHECK_FALSE(verifyDefences(o, "the command"));
  CHECK_FALSE(std::filesystem::exists(out));
  // A stone played twice: the good record before it is not written either.
  const auto data = dir / "bad.txt";
  std::ofstream(data) << kWin0 << "\n"
                      << "id=bad;rule=standard;size=15;to_move=black;moves=h8,h8;"
                         "type=deep_defend;best=a1\n";
  o.dataFile = data.string();
  CHECK_FALSE(verifyDefences(o, "the command"));
  CHECK_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace gomoku::tune
