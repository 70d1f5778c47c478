// Forced-win checks of the review and the puzzles (win_check.h) with a quiet first move: a
// move short of an open three that threatens a VCF keeps a win only if every reply loses.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/game/puzzle.h"
#include "core/game/review.h"
#include "core/game/win_check.h"
#include "core/protocol/text.h"
#include "tests/support/testdata.h"

using namespace gomoku;

namespace {

Board positionOf(const std::string& file, const std::string& id) {
  Board b;
  for (const auto& record : testdata::load(file))
    if (record.get("id") == id) {
      REQUIRE(testdata::setUp(record, b));
      return b;
    }
  FAIL("no record ", id, " in ", file);
  return b;
}

Point at(const char* text) { return *parsePointText(text, 15); }

// quintet's test_vct_fukumi_move (renju): black's g12 makes only an open two but threatens a
// VCF; whatever white answers, black wins on by threats.
Board fukumi() { return positionOf("tactics_renju.txt", "quintet_test_vct_fukumi_move"); }

}  // namespace

TEST_CASE("win check: a quiet move that threatens a VCF wins when every reply loses") {
  Board b = fukumi();
  const uint64_t key = b.key();
  REQUIRE(b.threat(at("g12"), Color::Black) < Threat::Flex3);  // quiet: no four, no open three
  CHECK(moveWins(b, at("g12"), WinCheckBudget{}));
  // Without wide wins a quiet move never wins.
  CHECK_FALSE(moveWins(b, at("g12"), WinCheckBudget{.wideThreats = 0}));
  // A quiet move far from the fight threatens nothing: refused, with no reply to name.
  Point refutation = at("h8");
  CHECK_FALSE(moveWins(b, at("a1"), WinCheckBudget{}, &refutation));
  CHECK(refutation == kNullPoint);
  CHECK(b.key() == key);
}

TEST_CASE("win check: the analysis of a wide win lists its quiet first move") {
  Board b = fukumi();
  CHECK_FALSE(analyseWin(b, WinCheckBudget{.wideThreats = 0}).has_value());
  auto win = analyseWin(b);
  REQUIRE(win.has_value());
  CHECK_FALSE(win->vcf);
  CHECK(std::binary_search(win->winning.begin(), win->winning.end(), at("g12")));
  // Every move it lists wins, and the main line starts with one of them.
  for (Point p : win->winning) CHECK(moveWins(b, p, WinCheckBudget{}));
  CHECK(std::binary_search(win->winning.begin(), win->winning.end(), win->line[0]));
}

TEST_CASE("trainer: a wide puzzle takes its quiet first move and hints at it") {
  Puzzle p;
  p.rule = Rule::Renju;
  // The position as a game: black's and white's stones alternately, black first.
  const Board b = fukumi();
  std::vector<Point> stones[2];
  for (Point q : b.moves()) stones[index(b.at(q))].push_back(q);
  REQUIRE(stones[0].size() == stones[1].size());
  for (size_t i = 0; i < stones[0].size(); ++i) {
    p.moves.push_back(stones[0][i]);
    p.moves.push_back(stones[1][i]);
  }
  REQUIRE(p.position().key() == b.key());
  p.answers = {at("g12")};
  p.vcf = false;
  PuzzleTrainer trainer(p);
  CHECK(trainer.hint(2) == "start with a quiet move that threatens a win by fours; you will need "
                           "threes as well as fours");
  // A quiet move that threatens nothing is refused, the position unchanged.
  const uint64_t key = trainer.board().key();
  PuzzleTrainer::Reply wrong = trainer.play(at("a1"));
  CHECK(wrong.verdict == PuzzleTrainer::Verdict::Wrong);
  CHECK(wrong.message.find("threatens no win by fours") != std::string::npos);
  CHECK(trainer.board().key() == key);
  // f11 threatens a win by fours too, but white's h13 stops it for good: named as an answer.
  REQUIRE(trainer.board().threat(at("f11"), Color::Black) < Threat::Flex3);
  PuzzleTrainer::Reply answered = trainer.play(at("f11"));
  CHECK(answered.verdict == PuzzleTrainer::Verdict::Wrong);
  CHECK(answered.message == "White answers h13 and you have no winning threats left");
  CHECK(trainer.board().key() == key);
  PuzzleTrainer::Reply right = trainer.play(at("g12"));
  CHECK(right.verdict == PuzzleTrainer::Verdict::Continue);
  CHECK(trainer.board().at(at("g12")) == Color::Black);
  CHECK(trainer.board().isEmpty(right.defence) == false);
}

TEST_CASE("review: a missed win that begins with a quiet move is flagged and becomes a puzzle") {
  // The fukumi position as a game, then black plays k12 instead of g12. The review's searches
  // run the wide VCT at the root (ReviewLimits::wideVctNodes), so the win before k12 is proven.
  const Board b = fukumi();
  std::vector<Point> stones[2], moves;
  for (Point q : b.moves()) stones[index(b.at(q))].push_back(q);
  for (size_t i = 0; i < stones[0].size(); ++i) {
    moves.push_back(stones[0][i]);
    moves.push_back(stones[1][i]);
  }
  moves.push_back(at("k12"));
  ReviewLimits limits;
  limits.timePerMoveMs = 0;
  limits.nodesPerMove = 600000;  // the root's solvers get a third: enough for the wide VCT
  ReviewResult review;
  REQUIRE_FALSE(reviewGame(15, Rule::Renju, moves, limits, review).has_value());
  REQUIRE(review.graded.size() == moves.size());
  const ReviewedMove& last = review.graded.back();
  CHECK(last.move == at("k12"));
  CHECK(last.hadForcedWin);
  CHECK(last.missedWin);
  CHECK(last.best == at("g12"));
  auto puzzle = puzzleFromMissedWin(review, last);
  REQUIRE(puzzle.has_value());
  CHECK_FALSE(puzzle->vcf);
  CHECK(std::binary_search(puzzle->answers.begin(), puzzle->answers.end(), at("g12")));
  CHECK(puzzle->position().key() == b.key());
}
