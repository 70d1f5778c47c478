// `gomoku --review`: the JSON report is well formed and complete; bad input exits 2.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "app/review/review_command.h"
#include "app/review/review_json.h"
#include "core/game/record.h"

using namespace gomoku;

namespace {

namespace fs = std::filesystem;

// A folder of this process's own, removed when the tests end.
struct ScratchDir {
  fs::path path = fs::temp_directory_path() / ("gomoku-review-test-" + std::to_string(::getpid()));
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};
ScratchDir scratchDir;

fs::path scratch(const std::string& name) {
  fs::create_directories(scratchDir.path);
  return scratchDir.path / name;
}

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int run(std::vector<std::string> args) {
  args.insert(args.begin(), "gomoku");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  auto status = runReviewCommandLine(int(argv.size()), argv.data());
  return status ? *status : -1;
}

// run() with its standard error caught: the message a user would read.
std::string runForMessage(std::vector<std::string> args, int& status) {
  const fs::path err = scratch("stderr.txt");
  std::fflush(stderr);
  const int saved = ::dup(2);
  FILE* file = std::fopen(err.string().c_str(), "w");
  ::dup2(::fileno(file), 2);
  status = run(std::move(args));
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::fclose(file);
  return readText(err);
}

// Black h8 i8 j8 k8 against g8; white plays d12; black ignores the five (a1); white blocks.
const std::vector<Point> kGame = *parsePositionCode("h8g8i8h9j8i9k8d12a1l8", 15).value;

}  // namespace

TEST_CASE("review json: every move with every field and the accuracy of both sides") {
  fs::path game = scratch("game.psq"), out = scratch("out.json");
  writeText(game, toPsq(15, kGame, {}, {}, {}));
  fs::remove(out);
  REQUIRE(run({"--review", game.string(), "--nodes-per-move", "5000", "--json", out.string()}) ==
          0);
  nlohmann::json report = nlohmann::json::parse(readText(out));  // throws if malformed
  REQUIRE(report["moves"].is_array());
  REQUIRE(report["moves"].size() == kGame.size());
  for (size_t i = 0; i < kGame.size(); ++i) {
    const auto& m = report["moves"][i];
    CAPTURE(i);
    CHECK(m["ply"] == int(i) + 1);
    CHECK(m["move"] == pointToText(kGame[i]));
    CHECK(m["color"] == (i % 2 ? "white" : "black"));
    std::string cls = m["class"];
    CHECK((cls == "best" || cls == "good" || cls == "inaccuracy" || cls == "mistake" ||
           cls == "blunder"));
    CHECK(m["missed_win"].is_boolean());
    CHECK(m["best"].is_string());
    CHECK(m["win_chance_before"].is_number());
    CHECK(m["win_chance_after"].is_number());
    CHECK(m["win_chance_before"] >= 0.0);
    CHECK(m["win_chance_before"] <= 1.0);
    CHECK(m["line"].is_array());
    CHECK(m["line"].size() >= 1);
    CHECK(m["line"][0] == m["best"]);
    CHECK(m["reason"].is_string());
  }
  CHECK(report["moves"][8]["missed_win"] == true);
  CHECK(report["moves"][8]["best"] == "l8");
  CHECK(report["accuracy"]["black"].is_number());
  CHECK(report["accuracy"]["white"].is_number());
  CHECK(report["accuracy"]["black"] >= 0.0);
  CHECK(report["accuracy"]["white"] <= 100.0);
  CHECK(report["complete"] == true);
  CHECK_FALSE(fs::exists(out.string() + ".tmp"));
}

TEST_CASE("review json: the text matches the result it was made from") {
  ReviewResult result;
  ReviewLimits limits;
  limits.timePerMoveMs = 0;
  limits.nodesPerMove = 3000;
  REQUIRE_FALSE(reviewGame(15, Rule::Freestyle, kGame, limits, result));
  auto report = nlohmann::json::parse(reviewToJson(result));
  for (size_t i = 0; i < result.graded.size(); ++i) {
    CHECK(report["moves"][i]["class"] == moveClassName(result.graded[i].moveClass));
    CHECK(report["moves"][i]["line"].size() == result.graded[i].line.size());
  }
  CHECK(double(report["accuracy"]["black"]) ==
        doctest::Approx(result.summary.accuracy[0]).epsilon(0.01));
}

TEST_CASE("review command: a bad or missing file and a bad option exit 2 and write nothing") {
  fs::path bad = scratch("bad.psq"), out = scratch("never.json");
  fs::remove(out);
  writeText(bad, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n");
  CHECK(run({"--review", bad.string(), "--json", out.string()}) == 2);
  CHECK(run({"--review", scratch("missing.psq").string(), "--json", out.string()}) == 2);
  writeText(bad, "this is not a game\n");
  CHECK(run({"--review", bad.string(), "--json", out.string()}) == 2);
  fs::path game = scratch("ok.psq");
  writeText(game, toPsq(15, kGame, {}, {}, {}));
  CHECK(run({"--review", game.string(), "--rule", "chess", "--json", out.string()}) == 2);
  CHECK(run({"--review", game.string(), "--time-per-move", "-5", "--json", out.string()}) == 2);
  CHECK(run({"--review", game.string()}) == 2);  // no --json
  CHECK(run({"--review", game.string(), "--bogus", "1", "--json", out.string()}) == 2);
  CHECK_FALSE(fs::exists(out));
  CHECK(run({"--size", "15"}) == -1);  // no --review: the program goes on as usual
}

TEST_CASE("review command: a position code's mistake and a folder are named as what they are") {
  fs::path code = scratch("repeated.txt"), out = scratch("never2.json");
  writeText(code, "h8i9j10h8\n");  // h8 twice
  int status = 0;
  std::string said = runForMessage({"--review", code.string(), "--json", out.string()}, status);
  CHECK(status == 2);
  CHECK(said.find("not a position code") != std::string::npos);
  CHECK(said.find("Piskvork") == std::string::npos);  // it is not a record that failed
  said = runForMessage({"--review", scratchDir.path.string(), "--json", out.string()}, status);
  CHECK(status == 2);
  CHECK(said.find("a folder, not a game file") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("review command: a game illegal under the rule is refused (renju double four)") {
  // Black's overline is a forbidden move under renju: the review says which move.
  fs::path game = scratch("overline.psq"), out = scratch("renju.json");
  fs::remove(out);
  writeText(game,
            toPsq(15, *parsePositionCode("a1a15b1b15c1c15e1e15f1f15d1", 15).value, {}, {}, {}));
  CHECK(run({"--review", game.string(), "--rule", "renju", "--json", out.string()}) == 2);
  CHECK_FALSE(fs::exists(out));
}
