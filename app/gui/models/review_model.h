// What the Review panel shows, without SDL or ImGui: a GameReview of the game's whole record
// run in the background (progress, Cancel, results as they arrive), kept only while the game
// is the one reviewed (a new game, a move played or taken back makes it stale), the move graded
// at the ply on the board, next / previous mistake, the win-chance chart with the graded moves,
// and the missed wins handed on to the puzzle collection.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/game/review.h"

namespace gomoku::gui {

// How a class is marked: "?!" inaccuracy, "?" mistake, "??" blunder, "" for best and good.
const char* moveClassSymbol(MoveClass c);
// A move's full mark: the class symbol, then "#" for a missed win, "!" for an only move.
std::string reviewMark(const ReviewedMove& m);
// A move is worth stopping at (next / previous mistake): an inaccuracy or worse, or a missed win.
bool isReviewMistake(const ReviewedMove& m);

// One point of the review chart: black's chance after `ply` moves (ply 0: the start).
struct ReviewChartPoint {
  int ply = 0;
  double blackChance = 0.5;
  const ReviewedMove* move = nullptr;  // the move that led here (null at ply 0)
};

class ReviewModel {
 public:
  enum class State {
    None,       // no review yet
    Running,    // results arriving
    Done,       // every move graded
    Cancelled,  // stopped by the player: the moves graded so far stay
    Stale,      // the game changed since: shown greyed, nothing drawn on the board
  };

  // Limits per position searched: the panel's "thoroughness".
  static ReviewLimits limitsFor(int thoroughness);             // 0 quick, 1 normal, 2 deep
  static const char* thoroughnessName(int thoroughness);       // "Quick (0.2 s a position)"
  static const char* thoroughnessShortName(int thoroughness);  // "Quick"

  ReviewModel() = default;
  ~ReviewModel();  // cancels: the analysis thread is gone when this returns
  ReviewModel(const ReviewModel&) = delete;
  ReviewModel& operator=(const ReviewModel&) = delete;

  // Reviews the game's whole record (every move of its line, wherever the board is shown).
  // An error (nothing started) when the game has no move or cannot be replayed.
  std::optional<std::string> start(const Game& game, const ReviewLimits& limits);
  void cancel();  // returns once the analysis thread has ended
  // Once per frame: takes the results that arrived, and notices a changed game.
  void update(const Game& game);

  State state() const { return state_; }
  bool running() const { return state_ == State::Running; }
  bool analysisThreadRunning() const { return review_.running(); }
  double progress() const { return progress_; }
  // Why the review became stale ("a new game", "a move was played"...); empty otherwise.
  const std::string& staleReason() const { return staleReason_; }
  // The results so far (complete once state() is Done).
  const ReviewResult& result() const { return result_; }
  bool showable() const { return state_ != State::None && state_ != State::Stale; }
  // True when this game's record is under review or reviewed in full with these limits (the
  // threads aside): a second start() would only throw the grades away and do the same work.
  bool holds(const Game& game, const ReviewLimits& limits) const;

  // The graded move of ply (1-based), or null when not graded (yet).
  const ReviewedMove* moveAt(int ply) const;
  // The ply of the next (previous) mistake after (before) `ply`; nullopt when there is none.
  std::optional<int> nextMistake(int ply) const;
  std::optional<int> previousMistake(int ply) const;
  // Black's win chance at the start and after every graded move.
  std::vector<ReviewChartPoint> chart() const;

  // The missed wins graded since the last call (each handed out once per review).
  std::vector<ReviewedMove> takeNewMissedWins();

 private:
  GameReview review_;
  State state_ = State::None;
  double progress_ = 0;
  std::string staleReason_;
  ReviewResult result_;
  int size_ = 0;
  Rule rule_ = Rule::Freestyle;
  std::vector<Point> moves_;  // the record reviewed
  ReviewLimits limits_;       // and how
  size_t missedHandedOut_ = 0;
};

}  // namespace gomoku::gui
