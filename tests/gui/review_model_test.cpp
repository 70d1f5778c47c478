// The Review panel's model and actions without a screen: a review of the game fills in, the
// next / previous mistake land on the graded plies, a jump shows that move, Cancel and a changed
// game leave no thread behind, and the review's missed wins reach the puzzle collection.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "app/gui/commands/game_actions.h"
#include "core/game/record.h"
#include "fake_backend.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::ControllerFixture;

using gomoku::testsupport::pt;
namespace {

int threadCount() {
  int n = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task"))
    ++n;
  return n;
}

// Black makes four (h8..k8, g8 blocked); white's d12 ignores it (a blunder); black's a1 leaves
// the five at l8 (a missed win). The record as core/review's own test has it.
constexpr const char* kMissedWinGame = "h8g8i8h9j8i9k8d12a1";

ReviewLimits quickLimits() {
  ReviewLimits limits;
  limits.timePerMoveMs = 0;
  limits.nodesPerMove = 20000;  // node-limited: the same grades on a busy machine
  return limits;
}

struct Fixture : ControllerFixture {
  Settings settings;
  Notices notices{[] { return 0.0; }};
  GameActions actions{c, settings, notices, [] {}};

  Fixture() : ControllerFixture(PlayerKind::Human, PlayerKind::Human) {}
  void load(const char* code) {
    MoveRecord record;
    record.size = 15;
    record.moves = *parsePositionCode(code, 15).value;
    REQUIRE_FALSE(c.load(record, Rule::Freestyle));
  }
  // Runs the model's frames until the review ends (its own thread does the work).
  void finish() {
    ReviewModel& review = actions.review();
    for (int i = 0; i < 6000 && review.running(); ++i) {
      review.update(c.game());
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    review.update(c.game());
  }
};

}  // namespace

TEST_CASE("review model: marks and symbols") {
  ReviewedMove m;
  CHECK(reviewMark(m).empty());
  m.moveClass = MoveClass::Inaccuracy;
  CHECK(reviewMark(m) == "?!");
  m.moveClass = MoveClass::Mistake;
  m.missedWin = true;
  CHECK(reviewMark(m) == "?#");
  m.moveClass = MoveClass::Blunder;
  m.missedWin = false;
  CHECK(reviewMark(m) == "??");
  CHECK(isReviewMistake(m));
  m.moveClass = MoveClass::Good;
  CHECK_FALSE(isReviewMistake(m));
  m.onlyMove = true;
  CHECK(reviewMark(m) == "!");
}

TEST_CASE(
    "review model: the review fills in and next and previous mistake land on the graded plies") {
  Fixture f;
  f.load(kMissedWinGame);
  ReviewModel& review = f.actions.review();
  CHECK(review.state() == ReviewModel::State::None);
  CHECK_FALSE(f.actions.mistakeFrom(1));
  REQUIRE_FALSE(review.start(f.c.game(), quickLimits()));
  CHECK(review.state() == ReviewModel::State::Running);
  f.finish();
  REQUIRE(review.state() == ReviewModel::State::Done);
  const ReviewResult& r = review.result();
  REQUIRE(r.graded.size() == 9);
  CHECK_FALSE(review.analysisThreadRunning());
  CHECK(review.progress() == doctest::Approx(1.0));

  // White's d12 and black's a1 are graded as core's test expects.
  REQUIRE(review.moveAt(8));
  CHECK(review.moveAt(8)->moveClass == MoveClass::Blunder);
  REQUIRE(review.moveAt(9));
  CHECK(review.moveAt(9)->missedWin);
  CHECK(review.moveAt(9)->best == pt("l8"));
  CHECK_FALSE(review.moveAt(0));
  CHECK_FALSE(review.moveAt(10));

  std::vector<int> mistakes;
  for (const ReviewedMove& m : r.graded)
    if (isReviewMistake(m)) mistakes.push_back(m.ply);
  REQUIRE(mistakes.size() >= 2);
  CHECK(mistakes[mistakes.size() - 2] == 8);
  CHECK(mistakes.back() == 9);

  // Forward from the start through every mistake, then nothing further; and back again.
  f.actions.view(0);
  for (int ply : mistakes) {
    REQUIRE(f.actions.mistakeFrom(1));
    f.actions.viewMistake(1);
    CHECK(f.c.game().ply() == ply);
  }
  CHECK_FALSE(f.actions.mistakeFrom(1));
  f.actions.viewMistake(1);
  CHECK(f.c.game().ply() == 9);
  for (size_t i = mistakes.size() - 1; i-- > 0;) {
    f.actions.viewMistake(-1);
    CHECK(f.c.game().ply() == mistakes[i]);
  }
  CHECK_FALSE(f.actions.mistakeFrom(-1));
  // Viewing is not changing: the review still belongs to the game.
  review.update(f.c.game());
  CHECK(review.state() == ReviewModel::State::Done);

  // The chart: the start and one point per move, black's chance.
  const std::vector<ReviewChartPoint> chart = review.chart();
  REQUIRE(chart.size() == 10);
  CHECK(chart[0].ply == 0);
  CHECK(chart[9].move == review.moveAt(9));
  for (const ReviewChartPoint& p : chart) {
    CHECK(p.blackChance >= 0.0);
    CHECK(p.blackChance <= 1.0);
  }

  // The missed win is handed on once.
  const std::vector<ReviewedMove> missed = review.takeNewMissedWins();
  REQUIRE(missed.size() == 1);
  CHECK(missed[0].ply == 9);
  CHECK(review.takeNewMissedWins().empty());
}

TEST_CASE("review model: a changed game makes the review stale and stops it") {
  std::thread([] {}).join();  // a sanitizer's runtime starts its own thread with the first one
  const int before = threadCount();
  Fixture f;
  f.load(kMissedWinGame);
  ReviewModel& review = f.actions.review();
  ReviewLimits slow;
  slow.timePerMoveMs = 5000;
  REQUIRE_FALSE(review.start(f.c.game(), slow));
  review.update(f.c.game());
  CHECK(review.running());
  CHECK(threadCount() > before);
  // Undo alone keeps the record (Redo brings the move back): the review still holds.
  REQUIRE(f.c.undo());
  review.update(f.c.game());
  CHECK(review.running());
  // Another move in its place changes the record: the review stops and says why.
  REQUIRE_FALSE(f.c.clickPoint(pt("l8")));
  review.update(f.c.game());
  CHECK(review.state() == ReviewModel::State::Stale);
  CHECK(review.staleReason() == "the game changed from move 9");
  CHECK_FALSE(review.showable());
  CHECK_FALSE(review.analysisThreadRunning());
  CHECK(threadCount() == before);
  CHECK_FALSE(f.actions.mistakeFrom(1));
  // A new game says so too.
  f.load(kMissedWinGame);
  REQUIRE_FALSE(review.start(f.c.game(), quickLimits()));
  REQUIRE_FALSE(f.c.newGame(15, Rule::Freestyle));
  review.update(f.c.game());
  CHECK(review.state() == ReviewModel::State::Stale);
  CHECK(review.staleReason() == "a new game was started");
  CHECK(threadCount() == before);
}

TEST_CASE("review model: Cancel stops at once and leaves no thread and the graded moves stay") {
  std::thread([] {}).join();
  const int before = threadCount();
  {
    Fixture f;
    f.load(kMissedWinGame);
    ReviewModel& review = f.actions.review();
    ReviewLimits slow;
    slow.timePerMoveMs = 5000;
    REQUIRE_FALSE(review.start(f.c.game(), slow));
    CHECK(threadCount() > before);
    f.actions.cancelReview();
    CHECK(review.state() == ReviewModel::State::Cancelled);
    CHECK_FALSE(review.analysisThreadRunning());
    CHECK(threadCount() == before);
    CHECK(review.result().graded.size() < 9);
    // A review still running when everything closes (the app quitting) ends its thread too.
    REQUIRE_FALSE(review.start(f.c.game(), slow));
    CHECK(threadCount() > before);
  }
  CHECK(threadCount() == before);
}

TEST_CASE("review model: an empty game is not reviewed and says so") {
  Fixture f;
  CHECK_FALSE(f.actions.canReview());
  f.actions.reviewGame();
  CHECK(f.actions.review().state() == ReviewModel::State::None);
  bool told = false;
  for (const Notice& n : f.notices.list()) told |= n.text == "There is no move to review yet.";
  CHECK(told);
}

TEST_CASE("review model: Review this game again for the same game keeps the review there") {
  Fixture f;
  f.load(kMissedWinGame);
  ReviewModel& review = f.actions.review();
  // The model: a finished review of this record with these limits is held; other limits or
  // another record are not.
  REQUIRE_FALSE(review.start(f.c.game(), quickLimits()));
  f.finish();
  REQUIRE(review.state() == ReviewModel::State::Done);
  const size_t graded = review.result().graded.size();
  REQUIRE(graded == 9);
  CHECK(review.holds(f.c.game(), quickLimits()));
  ReviewLimits deeper = quickLimits();
  deeper.nodesPerMove *= 2;
  CHECK_FALSE(review.holds(f.c.game(), deeper));
  ReviewLimits moreThreads = quickLimits();
  moreThreads.threads = 4;  // the Settings' threads changed since: the same review still
  CHECK(review.holds(f.c.game(), moreThreads));
  // The action: asked twice for the game's review (a double click), the second request keeps
  // the first review running and says so, instead of starting over with nothing graded.
  f.actions.reviewGame();
  REQUIRE(review.running());
  f.actions.reviewGame();
  CHECK(review.running());
  bool told = false;
  for (const Notice& n : f.notices.list())
    told |= n.text == "This game is being reviewed (Review panel).";
  CHECK(told);
  f.actions.cancelReview();
  // Once the game changes the review is stale, and held no more.
  f.load("h8g8i8h9");
  review.update(f.c.game());
  CHECK_FALSE(review.holds(f.c.game(), quickLimits()));
}
