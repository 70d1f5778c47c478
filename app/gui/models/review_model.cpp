#include "app/gui/models/review_model.h"

#include <algorithm>

namespace gomoku::gui {

const char* moveClassSymbol(MoveClass c) {
  switch (c) {
    case MoveClass::Inaccuracy:
      return "?!";
    case MoveClass::Mistake:
      return "?";
    case MoveClass::Blunder:
      return "??";
    default:
      return "";
  }
}

std::string reviewMark(const ReviewedMove& m) {
  std::string mark = moveClassSymbol(m.moveClass);
  if (m.missedWin) mark += "#";
  if (m.onlyMove) mark += "!";
  return mark;
}

bool isReviewMistake(const ReviewedMove& m) {
  return m.missedWin || m.moveClass >= MoveClass::Inaccuracy;
}

ReviewLimits ReviewModel::limitsFor(int thoroughness) {
  ReviewLimits limits;
  limits.timePerMoveMs = thoroughness <= 0 ? 200 : thoroughness == 1 ? 500 : 1500;
  return limits;
}

const char* ReviewModel::thoroughnessName(int thoroughness) {
  return thoroughness <= 0   ? "Quick (0.2 s a position)"
         : thoroughness == 1 ? "Normal (0.5 s a position)"
                             : "Deep (1.5 s a position)";
}

const char* ReviewModel::thoroughnessShortName(int thoroughness) {
  return thoroughness <= 0 ? "Quick" : thoroughness == 1 ? "Normal" : "Deep";
}

ReviewModel::~ReviewModel() {
  review_.cancel();
}

std::optional<std::string> ReviewModel::start(const Game& game, const ReviewLimits& limits) {
  if (game.line().empty()) return std::string("there is no move to review yet");
  if (auto error = review_.start(game.size(), game.rule(), game.line(), limits)) return error;
  state_ = State::Running;
  progress_ = 0;
  staleReason_.clear();
  size_ = game.size();
  rule_ = game.rule();
  moves_ = game.line();
  limits_ = limits;
  result_ = review_.result();
  missedHandedOut_ = 0;
  return std::nullopt;
}

bool ReviewModel::holds(const Game& game, const ReviewLimits& limits) const {
  // The thoroughness is what matters, not the threads it ran on (a thread count changed in the
  // Settings since must not throw a finished review away).
  ReviewLimits asked = limits;
  asked.threads = limits_.threads;
  return (state_ == State::Running || state_ == State::Done) && game.size() == size_ &&
         game.rule() == rule_ && game.line() == moves_ && asked == limits_;
}

void ReviewModel::cancel() {
  if (state_ != State::Running) return;
  review_.cancel();
  result_ = review_.result();
  progress_ = review_.progress();
  state_ = result_.complete ? State::Done : State::Cancelled;
}

void ReviewModel::update(const Game& game) {
  if (state_ == State::None || state_ == State::Stale) return;
  if (game.size() != size_ || game.rule() != rule_ || game.line() != moves_) {
    const std::vector<Point>& line = game.line();
    const bool extends =
        line.size() > moves_.size() && std::equal(moves_.begin(), moves_.end(), line.begin());
    const bool shortens =
        line.size() < moves_.size() && std::equal(line.begin(), line.end(), moves_.begin());
    if (game.size() != size_ || game.rule() != rule_ || line.empty()) {
      staleReason_ = "a new game was started";
    } else if (extends) {
      staleReason_ = "moves were played after it";
    } else if (shortens) {
      staleReason_ = "moves were taken back";
    } else {
      const auto differ = std::mismatch(line.begin(), line.end(), moves_.begin(), moves_.end());
      staleReason_ =
          "the game changed from move " + std::to_string(differ.first - line.begin() + 1);
    }
    review_.cancel();  // nothing left to wait for: the thread is gone when this returns
    result_ = review_.result();
    state_ = State::Stale;
    return;
  }
  if (state_ != State::Running) return;
  const double progress = review_.progress();
  const bool ended = !review_.running();
  if (progress != progress_ || ended) {
    progress_ = progress;
    result_ = review_.result();
  }
  if (ended) {
    review_.wait();  // joins the finished thread
    result_ = review_.result();
    state_ = result_.complete ? State::Done : State::Cancelled;
  }
}

const ReviewedMove* ReviewModel::moveAt(int ply) const {
  if (ply < 1 || ply > static_cast<int>(result_.graded.size())) return nullptr;
  const ReviewedMove& m = result_.graded[static_cast<size_t>(ply - 1)];
  return m.ply == ply ? &m : nullptr;
}

std::optional<int> ReviewModel::nextMistake(int ply) const {
  for (const ReviewedMove& m : result_.graded)
    if (m.ply > ply && isReviewMistake(m)) return m.ply;
  return std::nullopt;
}

std::optional<int> ReviewModel::previousMistake(int ply) const {
  for (auto it = result_.graded.rbegin(); it != result_.graded.rend(); ++it)
    if (it->ply < ply && isReviewMistake(*it)) return it->ply;
  return std::nullopt;
}

std::vector<ReviewChartPoint> ReviewModel::chart() const {
  std::vector<ReviewChartPoint> points;
  if (result_.graded.empty()) return points;
  // The start: black to move, its chance with the best move.
  points.push_back({0, result_.graded.front().winChanceBefore, nullptr});
  for (const ReviewedMove& m : result_.graded) {
    const double mover = m.winChanceAfter;
    points.push_back({m.ply, m.color == Color::Black ? mover : 1.0 - mover, &m});
  }
  return points;
}

std::vector<ReviewedMove> ReviewModel::takeNewMissedWins() {
  std::vector<ReviewedMove> out;
  if (state_ == State::Stale) return out;
  for (; missedHandedOut_ < result_.graded.size(); ++missedHandedOut_) {
    const ReviewedMove& m = result_.graded[missedHandedOut_];
    if (m.missedWin) out.push_back(m);
  }
  return out;
}

}  // namespace gomoku::gui
