// gomoku-match: its command line, and short matches that run to the end.
#include <doctest/doctest.h>
#include <algorithm>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "app/match/match_command.h"
#include "app/match/match_options.h"
#include "app/match/match_runner.h"
#include "core/game/record.h"
#include "tests/manager/manager_support.h"

using namespace gomoku;
using namespace gomoku::match;

namespace {

ParsedOptions parse(std::vector<std::string> args) { return parseMatchOptions(args); }

// The built-in engine on a node budget with a small hash: quick and the same on any machine.
EngineSpec quickBuiltin(const char* name, uint64_t nodes) {
  EngineSpec e;
  e.builtin = true;
  e.name = name;
  e.nodes = nodes;
  e.hashMb = 4;
  return e;
}

// Runs the match to its end, its output into `out`.
MatchSummary runMatch(const MatchOptions& o, const std::vector<Opening>& openings,
                      std::ostringstream& out) {
  std::atomic<bool> interrupt{false};
  return MatchRunner(o, openings, out).run(interrupt);
}

// gomoku-match as a user runs it: the exit status, and what it printed (stdout + stderr).
struct CommandRun {
  int status = -1;
  std::string out, err;
};
CommandRun runCommand(std::vector<std::string> args) {
  std::atomic<bool> interrupt{false};
  std::ostringstream out, err;
  CommandRun run;
  run.status = runMatchCommand(args, out, err, interrupt);
  run.out = out.str();
  run.err = err.str();
  return run;
}

// Two quick games: the built-in engine on a small node budget against the greedy player.
std::vector<std::string> quickMatch(std::vector<std::string> more = {}) {
  std::vector<std::string> args = {"-engine", "builtin", "nodes=500", "hash=4", "-engine",
                                   "greedy",  "-games",  "2",         "-quiet"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A scratch folder for one test, removed when it ends.
struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("gomoku-match-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

TEST_CASE("match options: a game clock of a few seconds and no turn limit is pointed out, once") {
  // tc=0.05 is 50 ms for the whole game (c-gomoku-cli's reading); 0.05 s a move is tc=0/0.05.
  auto slip = parse({"-engine", "builtin", "-engine", "greedy", "-each", "tc=0.05"});
  REQUIRE(slip.options);  // valid, so the match still runs
  CHECK(slip.options->engines[0].tc->matchMs == 50);
  CHECK(slip.options->engines[0].tc->turnMs == 0);
  REQUIRE(slip.warnings.size() == 1);
  CHECK(slip.warnings[0] ==
        "tc=0.05 gives 0.05 s for the whole game, with no turn limit; for that much a move "
        "write tc=0/0.05");
  // Per move, a real game clock, or a short clock with an increment: nothing to say.
  for (const char* tc : {"tc=0/0.05", "tc=60", "tc=1+0.1", "tc=5"})
    CHECK(parse({"-engine", "builtin", "-engine", "builtin", "-each", tc}).warnings.empty());
  // Two different slips, one for each engine.
  auto two = parse({"-engine", "builtin", "tc=0.1", "-engine", "builtin", "tc=2"});
  REQUIRE(two.options);
  CHECK(two.warnings.size() == 2);
}

TEST_CASE("match options: engines, -each, and the match settings") {
  auto parsed = parse({"-engine", "name=new", "cmd=./pbrain-gomoku -x", "-engine", "builtin",
                       "strength=3", "tc=0/1", "-each", "tc=0/0.5", "nodes=5000", "-rule", "4",
                       "-boardsize", "15", "-games", "10", "-repeat", "-concurrency", "2",
                       "-openings", "file=o.txt", "order=random", "-sprt", "elo0=0", "elo1=5",
                       "-draw", "200", "-psq", "games"});
  REQUIRE(parsed.options);
  const MatchOptions& o = *parsed.options;
  CHECK(o.engines[0].name == "new");
  CHECK(o.engines[0].cmd == "./pbrain-gomoku -x");
  CHECK(o.engines[0].tc->turnMs == 500);  // from -each
  CHECK(o.engines[0].nodes == 5000);
  CHECK(o.engines[1].builtin);
  CHECK(o.engines[1].strength == 3);
  CHECK(o.engines[1].tc->turnMs == 1000);  // its own tc wins over -each
  CHECK(o.engines[1].name == "builtin-L3");
  CHECK(o.rule == Rule::Renju);
  CHECK(o.games == 10);
  CHECK(o.repeat);
  CHECK(o.concurrency == 2);
  CHECK(o.randomOrder);
  CHECK(o.openingsFile == "o.txt");
  CHECK(o.sprt->elo1 == 5);
  CHECK(o.drawAfter == 200);
  CHECK(o.psqDir == "games");
}

TEST_CASE("match options: mistakes are named") {
  auto error = [](std::vector<std::string> args) { return parse(std::move(args)).error; };
  CHECK(error({"-engine", "builtin", "tc=0/1"}).find("exactly two") != std::string::npos);
  CHECK(error({"-engine", "builtin", "-engine", "builtin"}).find("no limit") != std::string::npos);
  CHECK(error({"-engine", "builtin", "tc=fast"}).find("tc='fast'") != std::string::npos);
  CHECK(error({"-engine", "cmd=x", "builtin", "tc=1", "-engine", "builtin", "tc=1"})
            .find("one of cmd") != std::string::npos);
  CHECK(error({"-engine", "builtin", "tc=1", "-engine", "builtin", "tc=1", "-rule", "2"})
            .find("-rule") != std::string::npos);
  CHECK(error({"-frobnicate"}).find("unknown option") != std::string::npos);
  CHECK(error({"-engine", "builtin", "tc=1", "-engine", "builtin", "tc=1", "-games"})
            .find("value is missing") != std::string::npos);
  CHECK(error({"-engine", "builtin", "speed=9"}).find("unknown engine option") != std::string::npos);
  // A negative number is a value out of range, not a missing value.
  const std::vector<std::string> two = {"-engine", "builtin", "tc=1", "-engine", "builtin", "tc=1"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = two;
    args.insert(args.end(), more.begin(), more.end());
    return error(args);
  };
  CHECK(with({"-games", "-5"}) ==
        "-games: -5 is out of range (expected a number of games, 1 or more)");
  CHECK(with({"-draw", "-1"}) ==
        "-draw: -1 is out of range (expected a number of stones on the board, 1 or more)");
  CHECK(with({"-tolerance", "-5"}) ==
        "-tolerance: -5 is out of range (expected milliseconds from 0 to 60000)");
  CHECK(with({"-concurrency", "0"}).find("0 is out of range") != std::string::npos);
  CHECK(with({"-games", "many"}).find("'many' is not a whole number") != std::string::npos);
  CHECK(with({"-games", "-repeat"}) == "-games: a value is missing");
  CHECK(error({"-engine", "builtin", "tc=1", "-engine", "builtin", "tc=1", "-sprt", "elo0=5",
               "elo1=1"})
            .find("elo1") != std::string::npos);
  CHECK(parse({"-help"}).help);
}

TEST_CASE("match options: option.KEY=VALUE cannot send the engine a line of its own") {
  auto error = [](const std::string& option) {
    return parse({"-engine", "cmd=brain", option, "tc=0/1", "-engine", "greedy"}).error;
  };
  // A line break in the value would reach the brain as a move the referee never made.
  CHECK(error("option.foo=1\nTURN 3,3") ==
        "-engine: option.foo='1\\nTURN 3,3': the value holds a line break or another control "
        "character (it must stay one line)");
  CHECK(error("option.foo=1\r") != "");
  CHECK(error("option.bar baz=2").find("the key holds a space") != std::string::npos);
  CHECK(error("option.bar\tbaz=2").find("the key holds a space") != std::string::npos);
  CHECK(error("option.=2").find("the key after option. is empty") != std::string::npos);
  CHECK(error("option.foo=").find("the value is empty") != std::string::npos);
  // -each is checked the same way.
  CHECK(parse({"-engine", "cmd=brain", "-engine", "greedy", "-each", "tc=0/1", "option.a\n=1"})
            .error.find("the key holds") != std::string::npos);
  // A good one, spaces in its value and all, goes through as it was given.
  auto good =
      parse({"-engine", "cmd=brain", "option.folder=/tmp/my brain", "tc=0/1", "-engine", "greedy"});
  REQUIRE(good.options);
  REQUIRE(good.options->engines[0].info.size() == 1);
  CHECK(good.options->engines[0].info[0].first == "folder");
  CHECK(good.options->engines[0].info[0].second == "/tmp/my brain");
}

TEST_CASE("match options: a cmd= that cannot be split into a command is refused at once") {
  auto error = [](const std::string& cmd) {
    return parse({"-engine", cmd, "tc=0/1", "-engine", "greedy"}).error;
  };
  CHECK(error("cmd=\"/tmp/a b") ==
        "-engine: cmd='\"/tmp/a b': unterminated \" quote in '\"/tmp/a b' (close the quote, or "
        "escape it with \\)");
  CHECK(error("cmd='it''s").find("unterminated ' quote") != std::string::npos);
  CHECK(error("cmd=").find("empty command") != std::string::npos);
  CHECK(error("cmd=   ").find("empty command") != std::string::npos);
  CHECK(error("cmd=\"\"").find("the program's name is empty") != std::string::npos);
  CHECK(parse({"-engine", "cmd=\"/tmp/a b\" -x", "tc=0/1", "-engine", "greedy"}).options);
  // Through the program: exit status 2, and no game played.
  CommandRun run = runCommand({"-engine", "cmd=\"/tmp/a b", "tc=0/1", "-engine", "greedy"});
  CHECK(run.status == 2);
  CHECK(run.err.find("unterminated \" quote") != std::string::npos);
  CHECK(run.out.empty());
}

TEST_CASE("match: a second match into the same -psq folder keeps the first one's records") {
  namespace fs = std::filesystem;
  ScratchDir dir("psq-again");
  const fs::path games = dir.path / "games";
  REQUIRE(runCommand(quickMatch({"-psq", games.string()})).status == 0);
  const std::string first = readFile(games / "game-0001.psq"),
                    second = readFile(games / "game-0002.psq");
  REQUIRE(!first.empty());
  fs::remove(games / "game-0001.psq");  // a gap: numbering goes on after the highest
  const fs::path results = dir.path / "results.txt";
  CommandRun again = runCommand(quickMatch({"-psq", games.string(), "-results", results.string()}));
  CHECK(again.status == 0);
  // Each -results line names its game's record, which is not game-000N for game N here: the
  // record it names holds that line's moves.
  std::ifstream lines(results);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    std::vector<std::string> fields;
    std::stringstream split(line);
    for (std::string field; std::getline(split, field, '\t');) fields.push_back(field);
    REQUIRE(fields.size() == 9);
    CHECK((fields[8] == "game-0003.psq" || fields[8] == "game-0004.psq"));
    auto record = parsePsq(readFile(games / fields[8]));
    REQUIRE(record);
    CHECK(toPositionCode(record.value->moves) == fields[6]);
  }
  CHECK(count == 2);
  CHECK(again.out.find("already holds records up to game-0002.psq; this match's records follow, "
                       "game 1 as game-0003.psq") != std::string::npos);
  CHECK(readFile(games / "game-0002.psq") == second);  // untouched
  CHECK(fs::exists(games / "game-0003.psq"));
  CHECK(fs::exists(games / "game-0004.psq"));
  CHECK_FALSE(fs::exists(games / "game-0001.psq"));
  CHECK(highestRecordNumber(games.string()) == 4);
  CHECK(highestRecordNumber((dir.path / "none").string()) == 0);
}

TEST_CASE("match: records that cannot be written stop the match before its first game") {
  namespace fs = std::filesystem;
  ScratchDir dir("unwritable");
  const fs::path file = dir.path / "a-file";
  std::ofstream(file) << "not a folder\n";

  CommandRun intoFile = runCommand(quickMatch({"-psq", file.string()}));
  CHECK(intoFile.status == 2);
  CHECK(intoFile.err.find("-psq " + file.string() + ": this is a file, not a folder") !=
        std::string::npos);
  CHECK(intoFile.out.empty());  // no game was played
  CHECK(readFile(file) == "not a folder\n");

  CommandRun belowFile = runCommand(quickMatch({"-psq", (file / "games").string()}));
  CHECK(belowFile.status == 2);
  CHECK(belowFile.err.find("cannot create the folder") != std::string::npos);
  CHECK(belowFile.out.empty());

  const fs::path missing = dir.path / "no" / "such" / "r.txt";
  CommandRun results = runCommand(quickMatch({"-results", missing.string()}));
  CHECK(results.status == 2);
  CHECK(results.err.find("-results " + missing.string() + ": cannot write") != std::string::npos);
  CHECK(results.out.empty());
  CHECK_FALSE(fs::exists(dir.path / "no"));

  CommandRun folder = runCommand(quickMatch({"-results", dir.path.string()}));
  CHECK(folder.status == 2);
  CHECK(folder.err.find("this is a folder") != std::string::npos);

  // A good -results with a bad -psq: the results file it created is not left behind.
  const fs::path good = dir.path / "r.txt";
  CommandRun both = runCommand(quickMatch({"-results", good.string(), "-psq", file.string()}));
  CHECK(both.status == 2);
  CHECK_FALSE(fs::exists(good));
  // One that is there already keeps what it holds, and the match appends to it.
  std::ofstream(good) << "earlier\n";
  CommandRun appended = runCommand(quickMatch({"-results", good.string()}));
  CHECK(appended.status == 0);
  CHECK(readFile(good).rfind("earlier\n1\t", 0) == 0);
}

TEST_CASE("match: openings for another rule, and a -draw the openings already reach, are refused") {
  const std::string data = GOMOKU_REPO_TESTDATA_DIR;
  CommandRun renju = runCommand(
      quickMatch({"-rule", "0", "-openings", "file=" + data + "/openings_renju_sel.txt"}));
  CHECK(renju.status == 2);
  CHECK(renju.err.find("openings_renju_sel.txt: line ") != std::string::npos);
  CHECK(renju.err.find("the opening is for renju, the games are freestyle") != std::string::npos);
  CHECK(renju.out.empty());
  // Freestyle openings serve standard games (the project has no standard set).
  const std::string freestyle = "file=" + data + "/openings_freestyle15_sel.txt";
  CHECK(runCommand(quickMatch({"-rule", "1", "-openings", freestyle})).status == 0);

  // The openings hold 3 to 5 stones: -draw 5 would draw games before a move.
  CommandRun draw = runCommand(quickMatch({"-draw", "5", "-openings", freestyle}));
  CHECK(draw.status == 2);
  CHECK(draw.err.find("-draw 5: the openings of ") != std::string::npos);
  CHECK(draw.err.find("give -draw above 5") != std::string::npos);
  CHECK(draw.out.empty());
  CHECK(runCommand(quickMatch({"-draw", "6", "-openings", freestyle})).status == 0);
  CHECK(runCommand(quickMatch({"-draw", "1"})).status == 0);  // the empty board: one move
}

TEST_CASE("match: built-in levels play a short match to the end and report a score") {
  MatchOptions o;
  o.engines[0] = quickBuiltin("low", 2000);
  o.engines[0].strength = 2;
  o.engines[1] = quickBuiltin("high", 2000);
  o.games = 4;
  o.repeat = true;
  o.concurrency = 2;
  o.quiet = true;
  auto openings = parseOpenings("h8i8i11\nh8i9h11\n", 15, Rule::Freestyle);
  REQUIRE(openings);
  std::ostringstream out;
  MatchSummary summary = runMatch(o, *openings.value, out);
  CHECK(summary.score.games() == 4);
  CHECK(summary.forfeits[0] + summary.forfeits[1] == 0);
  CHECK(out.str().find("Score of low vs high: ") != std::string::npos);
  CHECK(out.str().find("Elo difference: ") != std::string::npos);
  // -repeat: the 4 games are 2 pairs, and the pairs' points add up to the games' score.
  const PairScore& pairs = summary.pairs;
  REQUIRE(pairs.pairs() == 2);
  CHECK(pairs.ratio() * 4 == doctest::Approx(summary.score.wins + 0.5 * summary.score.draws));
  CHECK(out.str().find("Pairs (engine 1's points 0, 1/2, 1, 3/2, 2): ") != std::string::npos);
}

TEST_CASE("match: a crashing brain is restarted, its forfeits counted, every game recorded") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("gomoku-match-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  MatchOptions o;
  o.engines[0].cmd = std::string(FAKE_BRAIN_EXE) + " --name Crashy --crash-at 2";
  o.engines[0].tc = TimeControl{0, 1000, 0};
  o.engines[1] = quickBuiltin("engine", 2000);
  o.games = 3;
  o.psqDir = dir.string();
  o.resultsFile = (dir / "results.txt").string();
  std::ostringstream out;
  MatchSummary summary = runMatch(o, {}, out);
  CHECK(summary.score.games() == 3);
  CHECK(summary.score.losses == 3);
  CHECK(summary.forfeits[0] == 3);
  CHECK(out.str().find("forfeits: crashed") != std::string::npos);
  for (int g = 1; g <= 3; ++g) {
    fs::path psq = dir / ("game-000" + std::to_string(g) + ".psq");
    std::ifstream in(psq);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    auto record = parsePsq(text.str());
    REQUIRE(record);
    CHECK(!record.value->moves.empty());
    CHECK(text.str().find("Reason: ") != std::string::npos);
  }
  // A line a game: number, black, white, result, reason, its text, the moves, the opening's id
  // (no opening file: the empty board), and with -psq the game's record.
  std::ifstream results(o.resultsFile);
  int lines = 0;
  for (std::string line; std::getline(results, line);) {
    ++lines;
    std::vector<std::string> fields;
    std::stringstream split(line);
    for (std::string field; std::getline(split, field, '\t');) fields.push_back(field);
    REQUIRE(fields.size() == 9);
    CHECK(fields[3] == (fields[1] == "Crashy" ? "0-1" : "1-0"));
    CHECK(fields[8] == "game-000" + fields[0] + ".psq");
    CHECK(fields[4] == "forfeit");
    CHECK(fields[7] == "empty board");
  }
  CHECK(lines == 3);
  fs::remove_all(dir);
}

TEST_CASE("match: -quiet still names each forfeit and why") {
  MatchOptions o;
  o.engines[0].cmd = std::string(FAKE_BRAIN_EXE) + " --name Crashy --crash-at 2";
  o.engines[0].tc = TimeControl{0, 1000, 0};
  o.engines[1] = quickBuiltin("engine", 2000);
  o.games = 1;
  o.quiet = true;
  std::ostringstream out;
  MatchSummary summary = runMatch(o, {}, out);
  CHECK(summary.forfeits[0] == 1);
  CHECK(out.str().find("Forfeit in game 1 (") != std::string::npos);
  CHECK(out.str().find("forfeits: crashed") != std::string::npos);
  CHECK(out.str().find("Finished game") == std::string::npos);  // still no line per game
}

TEST_CASE("match: the project's brain plays a game through the protocol") {
  MatchOptions o;
  o.engines[0].cmd = PBRAIN_EXE;
  o.engines[0].name = "pbrain";
  o.engines[0].nodes = 3000;
  o.engines[0].tc = TimeControl{0, 2000, 0};
  o.engines[1] = quickBuiltin("engine", 3000);
  o.games = 2;
  o.quiet = true;
  auto openings = parseOpenings("h8i8i11\n", 15, Rule::Freestyle);
  std::ostringstream out;
  MatchSummary summary = runMatch(o, *openings.value, out);
  CHECK(summary.score.games() == 2);
  CHECK(summary.forfeits[0] == 0);
  CHECK(summary.forfeits[1] == 0);
}

namespace {

// A deterministic match (no clocks: depth-limited levels and the greedy player, one game at a
// time) between two players from `pairs` openings, both colours each.
MatchSummary levelMatch(EngineSpec a, EngineSpec b, int pairs) {
  MatchOptions o;
  o.engines[0] = std::move(a);
  o.engines[1] = std::move(b);
  for (auto& e : o.engines) e.hashMb = 4;
  o.games = 2 * pairs;
  o.repeat = true;
  o.quiet = true;
  auto openings = loadOpenings(std::string(GOMOKU_REPO_TESTDATA_DIR) + "/openings_freestyle15.txt",
                               15, Rule::Freestyle);
  REQUIRE(openings);
  std::ostringstream out;
  return runMatch(o, *openings.value, out);
}

EngineSpec level(int strength) {
  EngineSpec e;
  e.builtin = true;
  e.strength = strength;
  e.name = std::to_string(strength);
  e.name.insert(0, 1, 'L');
  return e;
}

}  // namespace

TEST_CASE("levels: a higher level beats a lower one; level 1 loses to the greedy player") {
  MatchSummary up = levelMatch(level(5), level(1), 5);
  CHECK(up.score.games() == 10);
  CHECK(up.score.wins > up.score.losses);
  EngineSpec greedy;
  greedy.greedy = true;
  greedy.name = "greedy";
  MatchSummary beginner = levelMatch(level(1), greedy, 10);
  CHECK(beginner.score.games() == 20);
  CHECK(beginner.score.losses > beginner.score.wins);
}
