// The gomoku command line (CLI11): every option still means what it did, a bad value is a
// clear error with exit status 2, --help and --version exit 0.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/gui/command_line.h"
#include "app/gui/models/engine_resources.h"

using namespace gomoku;
using namespace gomoku::gui;

namespace {

std::optional<int> parse(std::vector<const char*> args, CommandLine& out) {
  args.insert(args.begin(), "gomoku");
  return parseCommandLine(static_cast<int>(args.size()), args.data(), out);
}

}  // namespace

TEST_CASE("command line: bad values are refused with exit status 2") {
  for (std::vector<const char*> bad : {std::vector<const char*>{"--window", "12x"},
                                       {"--window", "x600"},
                                       {"--window", "800x600x"},
                                       {"--frames", "-3"},
                                       {"--frames", "0"},
                                       {"--size", "3"},
                                       {"--rule", "gomoku"},
                                       {"--black", "robot"},
                                       {"--strength", "11"},
                                       {"--set", "novalue"},
                                       // A value settings.txt would refuse is refused here,
                                       // before anything starts (it used to stop init, exit 1).
                                       {"--set", "volume=300"},
                                       {"--set", "no_such_key=1"},
                                       // A picture's name says its format: png or bmp only.
                                       {"--screenshot", ""},
                                       {"--screenshot", "shot.jpg"},
                                       {"--screenshot", ".png"},
                                       {"--panels", "Game,Bogus"},
                                       {"--hover", "zz"},
                                       {"--no-such-option"},
                                       {"--frame-stats", "lots"},
                                       {"--size"}}) {
    CommandLine out;
    CAPTURE(bad.front());
    CHECK(parse(bad, out) == 2);
  }
}

TEST_CASE("command line: every option keeps its meaning") {
  CommandLine out;
  REQUIRE_FALSE(
      parse({"--size",     "19",          "--rule",     "renju",      "--position",
             "h8i9",       "--black",     "engine",     "--white",    "computer",
             "--strength", "3",           "--time",     "1500",       "--window",
             "1280x800",   "--scale",     "1.5",        "--set",      "black_engine=/bin/x",
             "--set",      "theme=light", "--panels",   "Game,Moves", "--analyse",
             "--hover",    "h8",          "--pref-dir", "/tmp/p",     "--assets",
             "/tmp/a",     "--no-sound",  "--no-vsync", "--headless"},
            out));
  const AppOptions& o = out.options;
  CHECK(o.size == 19);
  CHECK(o.rule == Rule::Renju);
  CHECK(o.position == "h8i9");
  CHECK(o.black == PlayerKind::Engine);
  CHECK(o.white == PlayerKind::Computer);
  CHECK(o.strength == 3);
  CHECK(o.timeMs == 1500);
  CHECK(o.windowWidth == 1280);
  CHECK(o.windowHeight == 800);
  CHECK(o.uiScale == doctest::Approx(1.5));
  REQUIRE(o.settings.size() == 2);
  CHECK(o.settings[0] == std::pair<std::string, std::string>("black_engine", "/bin/x"));
  CHECK(o.settings[1] == std::pair<std::string, std::string>("theme", "light"));
  CHECK(o.openPanels == std::vector<std::string>{"Game", "Moves"});
  CHECK(o.analyse);
  CHECK(o.hoverPoint == "h8");
  CHECK(o.prefDir == "/tmp/p");
  CHECK(o.assetsDir == "/tmp/a");
  CHECK_FALSE(o.audio);
  CHECK_FALSE(o.vsync);
  CHECK(o.headless);
  CHECK(o.gameFile == AppOptions::GameFile::ReadWrite);
}

TEST_CASE("command line: --panels names panels without regard to case, --screenshot any case") {
  CommandLine out;
  REQUIRE_FALSE(parse({"--panels", "evaluation,GAME CHART", "--screenshot", "Shot.PNG"}, out));
  CHECK(out.options.openPanels == std::vector<std::string>{"Evaluation", "Game chart"});
  CHECK(out.screenshot == "Shot.PNG");
}

TEST_CASE("command line: measuring modes never touch the saved game - a screenshot only reads it") {
  CommandLine stats;
  REQUIRE_FALSE(parse({"--frame-stats", "100", "--pref-dir", "/tmp/p"}, stats));
  CHECK(stats.frameStats == 100);
  CHECK(stats.options.demo);
  CHECK(stats.options.gameFile == AppOptions::GameFile::None);
  CommandLine demo;
  REQUIRE_FALSE(parse({"--demo"}, demo));
  CHECK(demo.options.gameFile == AppOptions::GameFile::None);
  CommandLine shot;
  REQUIRE_FALSE(parse({"--screenshot", "x.png", "--frames", "5"}, shot));
  CHECK(shot.screenshot == "x.png");
  CHECK(shot.frames == 5);
  CHECK(shot.options.headless);
  CHECK_FALSE(shot.options.persist);  // no --pref-dir: nothing read
  CHECK(shot.options.gameFile == AppOptions::GameFile::ReadOnly);
}

TEST_CASE("command line: --help and --version exit 0") {
  CommandLine out;
  CHECK(parse({"--help"}, out) == 0);
  CHECK(parse({"--version"}, out) == 0);
}

TEST_CASE("command line: --threads and --hash set the engine for this run") {
  CommandLine none;
  REQUIRE_FALSE(parse({"--headless"}, none));
  CHECK_FALSE(none.options.engineThreads);  // the settings decide
  CHECK_FALSE(none.options.hashMb);

  const std::string most = std::to_string(hardwareThreads());
  CommandLine out;
  REQUIRE_FALSE(parse({"--threads", most.c_str(), "--hash", "256"}, out));
  CHECK(out.options.engineThreads == hardwareThreads());
  CHECK(out.options.hashMb == 256);
  CommandLine one;
  REQUIRE_FALSE(parse({"--threads", "1", "--hash", "16"}, one));
  CHECK(one.options.engineThreads == 1);
  CHECK(one.options.hashMb == 16);
}

TEST_CASE("command line: bad --threads and --hash values are refused with exit status 2") {
  const std::string tooMany = std::to_string(hardwareThreads() + 1);
  for (std::vector<const char*> bad : {std::vector<const char*>{"--threads", "0"},
                                       {"--threads", "-2"},
                                       {"--threads", tooMany.c_str()},
                                       {"--threads", "many"},
                                       {"--threads", "2.5"},
                                       {"--threads"},
                                       {"--hash", "100"},
                                       {"--hash", "0"},
                                       {"--hash", "2048"},
                                       {"--hash", "64MB"},
                                       {"--hash"}}) {
    CommandLine out;
    CAPTURE(bad.back());
    CHECK(parse(bad, out) == 2);
    CHECK_FALSE(out.options.engineThreads);
    CHECK_FALSE(out.options.hashMb);
  }
}
