// Puzzles: the built-in set verified by the solver, the trainer, missed wins as puzzles,
// progress.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/game/puzzle.h"
#include "core/game/record.h"

using namespace gomoku;

namespace {

Point at(const char* text) {
  return *parsePointText(text, 15);
}

std::vector<Puzzle> builtinPuzzles() {
  std::ifstream in(std::string(GOMOKU_ASSETS_DIR) + "/puzzles/builtin.txt");
  std::ostringstream text;
  text << in.rdbuf();
  std::string error;
  std::vector<Puzzle> puzzles = readPuzzles(text.str(), &error);
  CHECK(error.empty());
  return puzzles;
}

// Black's open three h8-i8-j8 on a 15x15 board, white's stones out of the way.
Puzzle openThree() {
  Puzzle p;
  p.moves = {at("h8"), at("b2"), at("i8"), at("b14"), at("j8"), at("n2")};
  return p;
}

}  // namespace

TEST_CASE(
    "puzzles: every built-in puzzle is a proven win whose answers are exactly the winning first "
    "moves") {
  std::vector<Puzzle> puzzles = builtinPuzzles();
  REQUIRE(puzzles.size() >= 16);
  int renju = 0, lengths[6] = {};
  for (const Puzzle& p : puzzles) {
    INFO(puzzleToLine(p));
    auto win = analyseWin(p.position());
    REQUIRE(win);
    CHECK(win->winning == p.answers);
    CHECK(win->winIn == p.winIn);
    CHECK(win->vcf == p.vcf);
    renju += p.rule == Rule::Renju;
    ++lengths[std::min(p.winIn, 5)];
  }
  CHECK(renju > 0);
  CHECK(renju < int(puzzles.size()));
  for (int n = 2; n <= 5; ++n) CHECK(lengths[n] > 0);
}

TEST_CASE("puzzles: the file format reads back what it wrote and names a bad line") {
  Puzzle p = openThree();
  p.answers = {at("g8"), at("k8")};
  p.winIn = 3;
  auto back = puzzleFromLine(puzzleToLine(p));
  REQUIRE(back);
  CHECK(back->moves == p.moves);
  CHECK(back->answers == p.answers);
  CHECK(back->winIn == 3);
  std::string error;
  CHECK(readPuzzles("# comment\nfreestyle 15 h8h8 g8 3 vcf x\n", &error).empty());
  CHECK(error.find("line 2") != std::string::npos);
  // Positions that cannot be played: a finished game (black's h8 i9 j10 k11 l12, a five), an
  // answer on a stone, and under renju an answer black may not play (j10 makes two open threes
  // of j8 j9 and h10 i10).
  error.clear();
  CHECK_FALSE(puzzleFromLine("freestyle 15 h8a1i9b1j10c1k11d1l12 m13 2 vcf x", &error));
  CHECK(error.find("already over") != std::string::npos);
  error.clear();
  CHECK_FALSE(puzzleFromLine("freestyle 15 h8i8j8 h8 2 vcf x", &error));
  CHECK(error.find("answer h8") != std::string::npos);
  error.clear();
  CHECK_FALSE(puzzleFromLine("renju 15 j8a1j9a3h10a5i10a7 j10 2 vct x", &error));
  CHECK(error.find("answer j10") != std::string::npos);
  // A position that can be played still reads.
  CHECK(puzzleFromLine("freestyle 15 h8i8j8 g8 2 vct x", &error));
}

TEST_CASE(
    "trainer: every winning move is accepted and answered by the engine and a losing one is "
    "refused with the reason and the position unchanged") {
  auto win = analyseWin(openThree().position());
  REQUIRE(win);
  CHECK(std::find(win->winning.begin(), win->winning.end(), at("g8")) != win->winning.end());
  CHECK(std::find(win->winning.begin(), win->winning.end(), at("k8")) != win->winning.end());
  Puzzle puzzle = openThree();
  puzzle.answers = win->winning;
  puzzle.winIn = win->winIn;
  for (Point move : win->winning) {
    PuzzleTrainer trainer(puzzle, 2000);
    auto reply = trainer.play(move);
    INFO(pointToText(move), ": ", reply.message);
    REQUIRE(reply.verdict == PuzzleTrainer::Verdict::Continue);
    CHECK(trainer.board().stoneCount() == int(puzzle.moves.size()) + 2);
    CHECK(trainer.board().lastMove() == reply.defence);
  }
  {
    // From the open four to the five.
    PuzzleTrainer trainer(puzzle, 2000);
    REQUIRE(trainer.play(at("g8")).verdict == PuzzleTrainer::Verdict::Continue);
    Point end = trainer.board().lastMove() == at("k8") ? at("f8") : at("k8");
    CHECK(trainer.play(end).verdict == PuzzleTrainer::Verdict::Solved);
    CHECK(trainer.solved());
  }
  PuzzleTrainer trainer(puzzle, 2000);
  auto reply = trainer.play(at("f8"));  // a closed four: white blocks g8, nothing left
  CHECK(reply.verdict == PuzzleTrainer::Verdict::Wrong);
  CHECK(reply.message == "White blocks with g8 and you have no winning threats left");
  CHECK(trainer.board().stoneCount() == int(puzzle.moves.size()));
  reply = trainer.play(at("a15"));
  CHECK(reply.verdict == PuzzleTrainer::Verdict::Wrong);
  CHECK(reply.message.find("no winning threats left") != std::string::npos);
  CHECK(trainer.mistakes() == 2);
  CHECK(trainer.play(at("h8")).verdict == PuzzleTrainer::Verdict::Illegal);
  CHECK(trainer.play(win->winning[0]).verdict == PuzzleTrainer::Verdict::Continue);  // retry
}

TEST_CASE("trainer: hints go from the area to the kind of threat to the move") {
  Puzzle puzzle = openThree();
  PuzzleTrainer trainer(puzzle, 2000);
  CHECK(trainer.hint(1).find("look between") == 0);
  CHECK(trainer.hint(2).find("start with a four") == 0);
  CHECK(trainer.hint(3) == "play g8");
  // The area as corners for the board: what the sentence names, holding the move.
  const PuzzleTrainer::Hint area = trainer.giveHint(1);
  REQUIRE(area.areaLow != kNullPoint);
  REQUIRE(area.areaHigh != kNullPoint);
  CHECK(area.text ==
        "look between " + pointToText(area.areaLow) + " and " + pointToText(area.areaHigh));
  const Point move = at("g8");
  CHECK(pointX(area.areaLow) <= pointX(move));
  CHECK(pointX(move) <= pointX(area.areaHigh));
  CHECK(pointY(area.areaLow) <= pointY(move));
  CHECK(pointY(move) <= pointY(area.areaHigh));
  CHECK(trainer.giveHint(2).areaLow == kNullPoint);  // only the first hint is an area
}

TEST_CASE("trainer: the first hint's area is never the move alone") {
  // A five to make (black h8 i8 j8 k8, white blocks g8), also at the board's edge (a1..a4): the
  // line is one move, and the area used to be that point ("look between l8 and l8").
  Puzzle middle;
  middle.moves = {at("h8"), at("g8"), at("i8"), at("b14"), at("j8"), at("n2"), at("k8"), at("b2")};
  Puzzle edge;
  edge.moves = {at("a1"), at("b5"), at("a2"), at("c5"), at("a3"), at("d5"), at("a4"), at("e5")};
  for (const Puzzle& p : {middle, edge}) {
    PuzzleTrainer trainer(p, 2000);
    const PuzzleTrainer::Hint area = trainer.giveHint(1);
    INFO(area.text);
    REQUIRE(area.areaLow != kNullPoint);
    CHECK(pointX(area.areaHigh) - pointX(area.areaLow) >= 2);
    CHECK(pointY(area.areaHigh) - pointY(area.areaLow) >= 2);
    const Point move = trainer.giveHint(3).text == "play l8" ? at("l8") : at("a5");
    CHECK(pointX(area.areaLow) <= pointX(move));
    CHECK(pointX(move) <= pointX(area.areaHigh));
    CHECK(pointY(area.areaLow) <= pointY(move));
    CHECK(pointY(move) <= pointY(area.areaHigh));
  }
}

TEST_CASE("puzzles: a missed win of a review becomes a puzzle") {
  ReviewResult review;
  review.moves = *parsePositionCode("h8g8i8h9j8i9k8d12a1", 15).value;
  ReviewedMove slip;
  slip.ply = 9;
  slip.missedWin = true;
  auto puzzle = puzzleFromMissedWin(review, slip);
  REQUIRE(puzzle);
  CHECK(puzzle->moves.size() == 8);
  CHECK(puzzle->answers == std::vector<Point>{at("l8")});
  CHECK(puzzle->source == "game");
  slip.missedWin = false;
  CHECK_FALSE(puzzleFromMissedWin(review, slip));
}

TEST_CASE("puzzle progress: the rating follows results and is saved and read back") {
  Puzzle p = openThree();
  p.winIn = 3;
  PuzzleProgress progress;
  progress.record(p, true);
  CHECK(progress.rating > 1200);
  CHECK(progress.streak == 1);
  double high = progress.rating;
  progress.record(p, false);
  CHECK(progress.rating < high);
  CHECK(progress.streak == 0);
  CHECK(progress.bestStreak == 1);
  PuzzleProgress back = PuzzleProgress::load(progress.save());
  CHECK(back.attempted == 2);
  CHECK(back.solved == 1);
  CHECK(back.bestStreak == 1);
  CHECK(back.rating == doctest::Approx(progress.rating).epsilon(0.01));
  CHECK(back.solvedIds.count(p.id()) == 1);
  PuzzleProgress junk = PuzzleProgress::load("rating banana\n\x01\x02\nsolved 3\n");
  CHECK(junk.solved == 3);
  CHECK(junk.rating == 1200);
}
