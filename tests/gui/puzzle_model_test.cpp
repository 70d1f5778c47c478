// The Puzzles panel's model without a screen: the built-in set read and filtered, a puzzle
// played (a winning move answered by the engine, a losing one refused, explained and retried),
// hints in three steps, progress and the collection saved and read back, damaged files kept
// as .bak with what could be read, and a review's missed win added to the collection.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "app/gui/models/puzzle_model.h"
#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/puzzle_files.h"
#include "core/game/record.h"
#include "tests/gui/temp_dir.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::TempDir;
namespace fs = std::filesystem;

using gomoku::testsupport::pt;
namespace {

constexpr uint64_t kDefenceNodes = 2000;

// The first built-in freestyle puzzle of that length.
const Puzzle& builtIn(const PuzzleModel& model, int winIn) {
  PuzzleFilter filter;
  filter.source = PuzzleSource::BuiltIn;
  filter.winIn = winIn;
  filter.rule = static_cast<int>(Rule::Freestyle);
  const std::vector<const Puzzle*> list = model.matching(filter);
  REQUIRE_FALSE(list.empty());
  return *list.front();
}

// Plays the puzzle on the board to the five, each move one the solver proves winning.
void solve(PuzzleModel& model) {
  for (int moves = 0; moves < 12 && !model.solved(); ++moves) {
    auto win = analyseWin(model.board());
    REQUIRE(win);
    REQUIRE(model.play(win->line.front()));  // the solver's own line: each move a threat
    model.waitIdle();
    REQUIRE(model.message().find("does not win") == std::string::npos);
  }
  CHECK(model.solved());
}

bool said(const std::vector<std::string>& messages, const std::string& part) {
  return std::any_of(messages.begin(), messages.end(),
                     [&](const std::string& m) { return m.find(part) != std::string::npos; });
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

}  // namespace

TEST_CASE("puzzle model: the built-in set is read and chosen by source and length and rule") {
  PuzzleModel model(kDefenceNodes);
  model.open(GOMOKU_ASSETS_DIR, "");
  CHECK(model.takeMessages().empty());
  REQUIRE(model.builtIn().size() >= 16);
  CHECK(model.collection().empty());
  PuzzleFilter filter;
  CHECK(model.matching(filter).size() == model.builtIn().size());
  filter.source = PuzzleSource::Own;
  CHECK(model.matching(filter).empty());
  filter = {};
  filter.winIn = 5;
  for (const Puzzle* p : model.matching(filter)) CHECK(p->winIn >= 5);
  CHECK_FALSE(model.matching(filter).empty());
  filter.winIn = 3;
  filter.rule = static_cast<int>(Rule::Renju);
  for (const Puzzle* p : model.matching(filter)) {
    CHECK(p->winIn == 3);
    CHECK(p->rule == Rule::Renju);
  }
}

TEST_CASE("puzzle model: a losing move is refused and explained and a winning one is answered") {
  PuzzleModel model(kDefenceNodes);
  model.open(GOMOKU_ASSETS_DIR, "");
  const Puzzle puzzle = builtIn(model, 3);
  model.begin(puzzle);
  REQUIRE(model.active());
  CHECK(model.busy());  // the trainer is being made on its thread
  CHECK_FALSE(model.play(puzzle.answers.front()));
  model.waitIdle();
  CHECK_FALSE(model.busy());
  const int stones = model.board().stoneCount();

  // A far corner wins nothing: refused, with the reason, the position as it was.
  REQUIRE(model.play(pt("a1")));
  CHECK(model.busy());
  CHECK(model.pendingMove() == pt("a1"));
  CHECK_FALSE(model.play(pt("a2")));  // one move at a time
  model.waitIdle();
  CHECK(model.mistakes() == 1);
  CHECK(model.lastWrong() == pt("a1"));
  CHECK(model.message().find("a1 does not win") == 0);
  CHECK(model.message().find("Try another move") != std::string::npos);
  CHECK(model.board().stoneCount() == stones);
  CHECK(model.board().isEmpty(pt("a1")));
  CHECK_FALSE(model.solved());

  // The answer: accepted, and the engine's defence is on the board.
  REQUIRE(model.play(puzzle.answers.front()));
  model.waitIdle();
  CHECK(model.lastWrong() == kNullPoint);
  CHECK(model.board().stoneCount() == stones + 2);
  REQUIRE(model.played().size() == 2);
  CHECK(model.played()[0] == puzzle.answers.front());
  CHECK(model.board().lastMove() == model.played()[1]);
  solve(model);
  // Solved after a wrong try: tried, not counted as solved, the streak starts again.
  CHECK(model.progress().attempted == 1);
  CHECK(model.progress().solved == 0);
  CHECK(model.progress().streak == 0);
  CHECK_FALSE(model.isSolved(puzzle));
  CHECK_FALSE(model.play(pt("a1")));  // over

  // The next one at the first try counts.
  const Puzzle second = builtIn(model, 2);
  model.begin(second);
  model.waitIdle();
  solve(model);
  CHECK(model.message().find("first try") != std::string::npos);
  CHECK(model.progress().attempted == 2);
  CHECK(model.progress().solved == 1);
  CHECK(model.progress().streak == 1);
  CHECK(model.isSolved(second));
  model.close();
  CHECK_FALSE(model.active());
}

TEST_CASE("puzzle model: hints go from the area to the kind to the move") {
  PuzzleModel model(kDefenceNodes);
  model.open(GOMOKU_ASSETS_DIR, "");
  const Puzzle puzzle = builtIn(model, 2);
  model.begin(puzzle);
  model.waitIdle();
  REQUIRE(model.canHint());
  model.requestHint();
  CHECK(model.busy());
  model.waitIdle();
  REQUIRE(model.hints().size() == 1);
  CHECK(model.hints()[0].find("Look between") == 0);
  model.requestHint();
  model.waitIdle();
  REQUIRE(model.hints().size() == 2);
  CHECK(model.hints()[1].find("Start with") == 0);
  model.requestHint();
  model.waitIdle();
  REQUIRE(model.hints().size() == 3);
  CHECK(model.hints()[2] == "Play " + pointToText(puzzle.answers.front()) + ".");
  CHECK_FALSE(model.canHint());
  // The move shown and played: the next position has hints of its own (the last position's
  // area and move no longer stand on the board, and Hint is there again).
  REQUIRE(model.play(puzzle.answers.front()));
  model.waitIdle();
  REQUIRE_FALSE(model.solved());  // a win in 2: the defence, then the winning move
  CHECK(model.hints().empty());
  CHECK(model.hintAreaLow() == kNullPoint);
  CHECK(model.canHint());
  model.requestHint();
  model.waitIdle();
  REQUIRE(model.hints().size() == 1);
  CHECK(model.hints()[0].find("Look between") == 0);
  // Finished now, it still does not count: a move was shown on the way.
  solve(model);
  REQUIRE(model.solved());
  CHECK(model.message().find("not counted as solved (the move shown)") != std::string::npos);
  CHECK(model.progress().attempted == 1);
  CHECK(model.progress().solved == 0);
  // Leaving after the move was shown counts as not solved.
  model.begin(puzzle);
  model.waitIdle();
  for (int i = 0; i < 3; ++i) {
    model.requestHint();
    model.waitIdle();
  }
  model.close();
  CHECK(model.progress().attempted == 2);
  CHECK(model.progress().solved == 0);
}

TEST_CASE("puzzle model: progress and the collection are saved and read back") {
  TempDir dir("gomoku-puzzles");
  const std::string pref = dir.path.string();
  std::string solvedId;
  {
    PuzzleModel model(kDefenceNodes);
    model.open(GOMOKU_ASSETS_DIR, pref);
    CHECK(model.takeMessages().empty());
    const Puzzle puzzle = builtIn(model, 2);
    solvedId = puzzle.id();
    model.begin(puzzle);
    model.waitIdle();
    solve(model);
    CHECK(model.progress().solved == 1);

    // A review's missed win (black leaves the five at l8) joins the collection, once.
    ReviewResult review;
    review.moves = *parsePositionCode("h8g8i8h9j8i9k8d12a1", 15).value;
    ReviewedMove slip;
    slip.ply = 9;
    slip.missedWin = true;
    slip.best = pt("l8");
    model.addMissedWins(review, {slip});
    CHECK(model.collecting());
    model.waitIdle();
    REQUIRE(model.collection().size() == 1);
    CHECK(model.collection()[0].answers == std::vector<Point>{pt("l8")});
    CHECK(said(model.takeMessages(), "move 9"));
    model.addMissedWins(review, {slip});
    model.waitIdle();
    CHECK(model.collection().size() == 1);
  }
  CHECK(fs::exists(dir.file("puzzle_progress.txt")));
  CHECK(fs::exists(dir.file("puzzles.txt")));
  PuzzleModel again(kDefenceNodes);
  again.open(GOMOKU_ASSETS_DIR, pref);
  CHECK(again.takeMessages().empty());
  CHECK(again.progress().attempted == 1);
  CHECK(again.progress().solved == 1);
  CHECK(again.progress().streak == 1);
  CHECK(again.progress().rating > 1200);
  CHECK(again.progress().solvedIds.count(solvedId) == 1);
  REQUIRE(again.collection().size() == 1);
  CHECK(again.collection()[0].source == "game");
  PuzzleFilter own;
  own.source = PuzzleSource::Own;
  CHECK(again.matching(own).size() == 1);
}

TEST_CASE("puzzle model: a damaged progress file is kept as .bak and what could be read is used") {
  TempDir dir("gomoku-puzzles-bad");
  const std::string progress = dir.file("puzzle_progress.txt");
  const std::string damaged =
      "gomoku-studio-puzzle-progress 1\nattempted 7\nsolved 3\nrating banana\n\x01\x02\xff junk";
  writeText(progress, damaged);
  PuzzleModel model(kDefenceNodes);
  model.open(GOMOKU_ASSETS_DIR, dir.path.string());
  const std::vector<std::string> messages = model.takeMessages();
  CHECK(said(messages, "could not be read"));
  CHECK(said(messages, "puzzle_progress.bak"));
  CHECK(model.progress().attempted == 7);
  CHECK(model.progress().solved == 3);
  CHECK(model.progress().rating == 1200);
  // The player's file is kept byte for byte; the new one reads cleanly.
  CHECK(readFile(dir.file("puzzle_progress.bak")) == damaged);
  model.waitIdle();
  auto rewritten = readFile(progress);
  REQUIRE(rewritten);
  CHECK(parseProgressFile(*rewritten).problems.empty());
  CHECK(parseProgressFile(*rewritten).progress.solved == 3);
}

TEST_CASE("puzzle files: progress numbers that contradict each other are made to agree, and said") {
  const ProgressLoad load = parseProgressFile(
      "gomoku-studio-puzzle-progress 1\nattempted 5\nsolved 900\nstreak 7\nbest_streak 2\nend\n");
  CHECK(load.progress.attempted == 5);
  CHECK(load.progress.solved == 5);  // not "Solved 900 of 5 tried"
  CHECK(load.progress.streak == 5);
  CHECK(load.progress.bestStreak == 5);
  REQUIRE(load.problems.size() == 3);
  CHECK(load.problems[0] == "solved 900 is more than attempted 5: solved counted as 5");
  // A file that agrees with itself says nothing.
  CHECK(parseProgressFile("gomoku-studio-puzzle-progress 1\nattempted 5\nsolved 3\nstreak 1\n"
                          "best_streak 2\nend\n")
            .problems.empty());
}

TEST_CASE("puzzle model: a damaged collection and an unreadable progress file do not crash") {
  TempDir dir("gomoku-puzzles-junk");
  std::string junk(3000, '\0');
  for (size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 131 + 7) % 256);
  writeText(dir.file("puzzle_progress.txt"), junk);
  const std::string good = "freestyle 15 h8b2i8b14j8n2 g8,k8 3 vcf game\n";
  writeText(dir.file("puzzles.txt"), good + "renju 15 h8h8 a1 2 vcf game\nnot a puzzle\n");
  PuzzleModel model(kDefenceNodes);
  model.open(GOMOKU_ASSETS_DIR, dir.path.string());
  const std::vector<std::string> messages = model.takeMessages();
  CHECK(messages.size() == 2);
  CHECK(said(messages, "puzzles.bak"));
  CHECK(model.progress().attempted == 0);
  REQUIRE(model.collection().size() == 1);
  CHECK(model.collection()[0].answers == std::vector<Point>{pt("g8"), pt("k8")});
  CHECK(readFile(dir.file("puzzle_progress.bak")) == junk);
  model.waitIdle();
  auto rewritten = readFile(dir.file("puzzles.txt"));
  REQUIRE(rewritten);
  CHECK(parseCollectionFile(*rewritten).problems.empty());
  CHECK(parseCollectionFile(*rewritten).puzzles.size() == 1);
}
