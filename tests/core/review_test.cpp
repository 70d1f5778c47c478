// Game review: classes from win-chance loss, missed wins, cancellation.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "core/search/engine.h"
#include "core/search/movegen.h"
#include "core/game/record.h"
#include "core/game/review.h"

using namespace gomoku;

namespace {

Point at(const char* text) {
  return *parsePointText(text, 15);
}

int threadCount() {
  int n = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task"))
    ++n;
  return n;
}

bool canMakeFour(const Board& b, Color c) {
  for (int t = int(Threat::Block4); t <= int(Threat::Five); ++t)
    if (b.threatCount(c, Threat(t)) > 0) return true;
  return false;
}

constexpr uint64_t kNodes = 20000;

// The engine plays both sides at full strength (node-limited) from h8, except once: the first
// time a side faces an open three and has no four of its own, it plays in a far corner.
std::vector<Point> gameWithPlantedBlunder(int& blunderPly) {
  Engine engine;
  engine.setHashMb(16);
  Board b(15, Rule::Freestyle);
  Limits limits;
  limits.maxNodes = kNodes;
  std::vector<Point> moves;
  blunderPly = 0;
  b.place(at("h8"));
  moves.push_back(at("h8"));
  while (moves.size() < 80 && !b.lastMoveWon()) {
    Color us = b.sideToMove(), them = opponent(us);
    Point move;
    if (!blunderPly && b.threatCount(them, Threat::OpenFour) > 0 && !canMakeFour(b, us)) {
      move = b.isEmpty(at("a1")) ? at("a1") : at("o15");
      blunderPly = int(moves.size()) + 1;
    } else {
      engine.clear();
      move = engine.searchNow(b, limits).bestMove;
    }
    b.place(move);
    moves.push_back(move);
  }
  return moves;
}

ReviewLimits nodeLimits() {
  ReviewLimits limits;
  limits.timePerMoveMs = 0;
  limits.nodesPerMove = kNodes;
  return limits;
}

}  // namespace

TEST_CASE("review: classes from the loss of win chance and thresholds in order") {
  CHECK(classifyLoss(0.0) == MoveClass::Best);
  CHECK(classifyLoss(kBestMaxLoss) == MoveClass::Best);
  CHECK(classifyLoss(0.05) == MoveClass::Good);
  CHECK(classifyLoss(kInaccuracyLoss) == MoveClass::Inaccuracy);
  CHECK(classifyLoss(kMistakeLoss) == MoveClass::Mistake);
  CHECK(classifyLoss(kBlunderLoss) == MoveClass::Blunder);
  CHECK(classifyLoss(1.0) == MoveClass::Blunder);
  CHECK(moveAccuracy(0.0) == doctest::Approx(100.0).epsilon(0.001));
  CHECK(moveAccuracy(1.0) == 0.0);
  CHECK(moveAccuracy(0.10) < moveAccuracy(0.05));
}

TEST_CASE(
    "review: a side that ignores an open three blunders and no other move is worse than an "
    "inaccuracy") {
  int blunderPly = 0;
  std::vector<Point> moves = gameWithPlantedBlunder(blunderPly);
  INFO("game: ", toPositionCode(moves), " blunder at ply ", blunderPly);
  REQUIRE(blunderPly > 0);
  ReviewResult result;
  REQUIRE_FALSE(reviewGame(15, Rule::Freestyle, moves, nodeLimits(), result));
  REQUIRE(result.complete);
  REQUIRE(result.graded.size() == moves.size());
  for (const ReviewedMove& m : result.graded) {
    INFO("ply ", m.ply, " ", pointToText(m.move), " ", std::string(moveClassName(m.moveClass)),
         " before ", m.winChanceBefore, " after ", m.winChanceAfter, ": ", m.reason);
    if (m.ply == blunderPly) {
      CHECK(m.moveClass == MoveClass::Blunder);
      CHECK(m.reason.find("ignores") != std::string::npos);
      CHECK(m.best != m.move);
      // A blunder lost a blunder's worth of win chance, walked into a forced loss from a
      // position not lost by force, or missed a win. (The record keeps the score after the best
      // move, which stands in for both earlier searches.)
      const bool lostEnough = m.loss >= kBlunderLoss;
      const bool intoForcedLoss = walksIntoForcedLoss(m.scoreBefore, m.scoreBefore, m.scoreAfter);
      CHECK((lostEnough || intoForcedLoss || m.missedWin));
    } else {
      CHECK(m.moveClass <= MoveClass::Inaccuracy);
    }
  }
  Color blunderer = result.graded[blunderPly - 1].color;
  CHECK(result.summary.accuracy[index(blunderer)] <
        result.summary.accuracy[index(opponent(blunderer))]);
  CHECK(result.summary.counts[index(blunderer)][int(MoveClass::Blunder)] == 1);
}

TEST_CASE("review: a move graded best or good that is not the engine's is not called worse") {
  // A quiet opening where the players' moves are close to the engine's (a game of the Review
  // panel, found in a new-user review: "White i7 develops quietly; g8 was better", graded best).
  std::vector<Point> moves;
  for (const char* m : {"h8", "i7", "j8", "i8", "f6", "i6", "j10", "i9", "i10", "i5"})
    moves.push_back(at(m));
  ReviewResult result;
  REQUIRE_FALSE(reviewGame(15, Rule::Freestyle, moves, nodeLimits(), result));
  REQUIRE(result.complete);
  int closeCalls = 0;
  for (const ReviewedMove& m : result.graded) {
    INFO("ply ", m.ply, " ", pointToText(m.move), " ", std::string(moveClassName(m.moveClass)),
         ": ", m.reason);
    if (m.move == m.best || m.moveClass > MoveClass::Good || m.missedWin) continue;
    ++closeCalls;
    CHECK(m.reason.find(" was better") == std::string::npos);
    CHECK(m.reason.find(pointToText(m.best) + (m.moveClass == MoveClass::Best
                                                   ? " was as good"
                                                   : " was a little better")) != std::string::npos);
  }
  CHECK(closeCalls > 0);  // the check above is not empty
}

TEST_CASE("review: leaving a four unblocked is a blunder, also in a position lost already") {
  // White h7 a1 a3 against black h8 h9 h10 h11: black threatens h12. (In the game h8 h7 h9 a1 h10
  // a3 h11 a5, at 3M nodes a position, the search proves white lost even after h12, so a5 lost
  // no win chance and was graded best under "h12 was needed".)
  Board b(15, Rule::Freestyle);
  for (const char* m : {"h8", "h7", "h9", "a1", "h10", "a3", "h11"}) b.place(at(m));
  CHECK(ignoresFour(b, at("a5")));
  CHECK_FALSE(ignoresFour(b, at("h12")));  // the block
  // Our own five comes first; an open four (two points) cannot be blocked by any move.
  // (Black's four h8-k8 is closed at g8, so l8 is its one five point; white's own four a1-a4
  // gives white a5.)
  Board five(15, Rule::Freestyle);
  for (const char* m : {"h8", "g8", "i8", "a1", "j8", "a2", "k8", "a3", "m3", "a4", "n3"})
    five.place(at(m));
  CHECK(ignoresFour(five, at("b7")));        // a move elsewhere leaves l8 open
  CHECK_FALSE(ignoresFour(five, at("a5")));  // white makes five at a5
  Board open(15, Rule::Freestyle);
  for (const char* m : {"h8", "a1", "i8", "a3", "j8", "a5", "k8"}) open.place(at(m));
  CHECK_FALSE(ignoresFour(open, at("b2")));
  // Renju: a five point forbidden to black is no block black failed to play.
  Board renju(15, Rule::Renju);
  for (const char* m : {"h3", "f8", "g8", "i9", "j10"}) renju.place(at(m), Color::Black);
  for (const char* m : {"h4", "h5", "h6", "h7", "n2"}) renju.place(at(m), Color::White);
  renju.setSideToMove(Color::Black);
  CHECK_FALSE(ignoresFour(renju, at("a1")));
}

TEST_CASE("review: playing elsewhere with a five on the board is a missed win") {
  // Black: h8 i8 j8 k8 (g8 blocked by white); white answers elsewhere; black has l8 to win and
  // plays a1 instead.
  std::vector<Point> moves = {at("h8"), at("g8"), at("i8"),  at("h9"), at("j8"),
                              at("i9"), at("k8"), at("d12"), at("a1")};
  ReviewResult result;
  REQUIRE_FALSE(reviewGame(15, Rule::Freestyle, moves, nodeLimits(), result));
  REQUIRE(result.graded.size() == moves.size());
  const ReviewedMove& slip = result.graded.back();
  CHECK(slip.hadForcedWin);
  CHECK(slip.missedWin);
  CHECK(slip.best == at("l8"));
  CHECK(slip.moveClass >= MoveClass::Mistake);
  CHECK(slip.winChanceBefore == 1.0);
  CHECK(slip.reason.find("win") != std::string::npos);
  // White's d12 ignored a four: it lost the game on the spot.
  const ReviewedMove& ignore = result.graded[7];
  CHECK(ignore.moveClass == MoveClass::Blunder);
  CHECK(ignore.best == at("l8"));
  CHECK_FALSE(ignore.missedWin);
  // Black's k8 made the four: it kept whatever it had, no missed win anywhere else.
  for (size_t i = 0; i + 1 < result.graded.size(); ++i) CHECK_FALSE(result.graded[i].missedWin);
}

TEST_CASE("review: blocking one end of an open four is not called ignoring the four") {
  // Black's open four g8-l8 (h8 i8 j8 k8); white takes l8. The board never recomputes an
  // occupied cell, so the review read l8 as still a five point and wrote "White l8 ignores
  // black's four; l8 was needed".
  std::vector<Point> moves;
  for (const char* m : {"h8", "a1", "i8", "a3", "j8", "a5", "k8", "l8"}) moves.push_back(at(m));
  ReviewResult result;
  REQUIRE_FALSE(reviewGame(15, Rule::Freestyle, moves, nodeLimits(), result));
  REQUIRE(result.graded.size() == moves.size());
  const ReviewedMove& block = result.graded.back();
  CAPTURE(block.reason);
  CHECK(block.reason.find("ignores") == std::string::npos);
  CHECK(block.reason.find("l8 was needed") == std::string::npos);
  // A four really ignored still says so: white a7 instead, with g8 and l8 open.
  moves.back() = at("a7");
  REQUIRE_FALSE(reviewGame(15, Rule::Freestyle, moves, nodeLimits(), result));
  CHECK(result.graded.back().reason.find("ignores black's four") != std::string::npos);
}

TEST_CASE("review: walking into a forced loss is a blunder only from a position not lost yet") {
  const int lost = -kScoreMate + 21, won = kScoreMate - 21, level = -300, bad = -3400;
  // From a level or a bad (but not lost) position into a forced loss: a blunder.
  CHECK(walksIntoForcedLoss(level, level, lost));
  CHECK(walksIntoForcedLoss(bad, bad, lost));
  // Lost by force already, as the search before the move saw it or as the search after the
  // engine's best move did (that one may prove what the longer search before did not reach).
  CHECK_FALSE(walksIntoForcedLoss(lost, bad, lost));
  CHECK_FALSE(walksIntoForcedLoss(bad, lost, lost));
  // Not lost by force after the move, or a move that wins.
  CHECK_FALSE(walksIntoForcedLoss(level, level, bad));
  CHECK_FALSE(walksIntoForcedLoss(level, won, won));
  // The bound itself is not a mate.
  CHECK_FALSE(walksIntoForcedLoss(level, level, -kScoreMateBound));
  CHECK(walksIntoForcedLoss(-kScoreMateBound, -kScoreMateBound, -kScoreMateBound - 1));
}

TEST_CASE("review: a bad game is refused with the move named and nothing started") {
  GameReview review;
  auto error = review.start(15, Rule::Freestyle, {at("h8"), at("h8")}, nodeLimits());
  REQUIRE(error);
  CHECK(error->find("move 2") != std::string::npos);
  CHECK_FALSE(review.running());
  CHECK(review.result().graded.empty());
}

TEST_CASE("review: cancel stops at once and leaves no thread behind") {
  std::vector<Point> moves = *parsePositionCode("h8h9i8g8j8k8i9i7g9j9", 15).value;
  std::thread([] {}).join();  // a sanitizer's runtime starts its own thread with the first one
  int before = threadCount();
  {
    GameReview review;
    ReviewLimits slow;
    slow.timePerMoveMs = 5000;
    REQUIRE_FALSE(review.start(15, Rule::Freestyle, moves, slow));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    CHECK(review.running());
    CHECK(threadCount() > before);
    review.cancel();
    CHECK_FALSE(review.running());
    CHECK(threadCount() == before);
    ReviewResult result = review.result();
    CHECK(result.cancelled);
    CHECK_FALSE(result.complete);
    CHECK(result.graded.size() < moves.size());
    CHECK(review.progress() < 1.0);
  }
  CHECK(threadCount() == before);
}
