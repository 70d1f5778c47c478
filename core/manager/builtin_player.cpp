#include "core/manager/builtin_player.h"

#include <algorithm>
#include <chrono>

#include "core/search/timeman.h"
#include "core/board/rules.h"

namespace gomoku {

namespace {

MoveReply cancelled() {
  MoveReply reply;
  reply.failure = Failure::Aborted;
  reply.detail = "the move was cancelled";
  return reply;
}

}  // namespace

BuiltinPlayer::BuiltinPlayer(BuiltinConfig config)
    : config_(std::move(config)), engine_(std::make_unique<Engine>()) {
  config_.strength = std::clamp(config_.strength, 1, 10);
  config_.threads = std::clamp(config_.threads, 1, 64);
  config_.hashMb = std::clamp(config_.hashMb, 1, 1 << 16);
  engine_->setHashMb(config_.hashMb);
  engine_->setListener([this](const SearchInfo& info) {
    if (!info.finished) return;
    std::lock_guard<std::mutex> lock(mutex_);
    finishedId_ = std::max(finishedId_, info.searchId);
    finishedCv_.notify_all();
  });
}

BuiltinPlayer::~BuiltinPlayer() {
  engine_->stop();
  engine_->wait();
}

std::optional<std::string> BuiltinPlayer::newGame(const GameSettings& settings) {
  if (settings.size < kMinSize || settings.size > kMaxSize)
    return "board size " + std::to_string(settings.size) + " is not supported (5..22)";
  settings_ = settings;
  engine_->clear();
  ++games_;
  return std::nullopt;
}

void BuiltinPlayer::abort() {
  abort_.store(true);
  engine_->stop();
  std::lock_guard<std::mutex> lock(mutex_);
  finishedCv_.notify_all();
}

MoveReply BuiltinPlayer::requestMove(const std::vector<Point>& moves, const MoveClock& clock) {
  // An abort sticks until clearAbort(): one that came just before this call counts.
  if (abort_.load()) return cancelled();
  auto received = std::chrono::steady_clock::now();
  Board board(settings_.size, settings_.rule);
  for (Point p : moves) {
    if (!board.isEmpty(p)) {
      MoveReply bad;
      bad.failure = Failure::Garbage;
      bad.detail = "was given an impossible position (point " + pointToText(p) + " twice)";
      return bad;
    }
    board.place(p);
  }

  // The clock as the brain would read it from INFO lines.
  ProtocolTime time;
  time.turnMs = clock.limitMs ? *clock.limitMs : 0;
  time.matchMs = 0;
  time.timeLeftMs = clock.timeLeftMs;
  MoveTime allotted{int64_t{1} << 40, int64_t{1} << 40, int64_t{1} << 40};
  if (clock.limitMs) allotted = allotMoveTime(time, 0, board.stoneCount());

  Limits limits =
      config_.strength < 10 ? limitsForStrength(config_.strength, allotted.searchMs) : Limits{};
  if (clock.limitMs)
    applyMoveTime(allotted, 0, limits);
  else
    limits.timeMs = 0;
  limits.threads = config_.threads;
  limits.seed = games_ * 7919 + moves.size();
  if (config_.maxNodes) limits.maxNodes = config_.maxNodes;
  if (config_.maxDepth) limits.maxDepth = std::min(limits.maxDepth, config_.maxDepth);

  uint64_t id;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    id = engine_->go(board, limits);
  }
  // Wait for the search, but answer by the allotted moment whatever it is doing (as the brain
  // does): with the best move published so far if the search is slow to stop.
  auto answerBy = received + std::chrono::milliseconds(allotted.answerMs);
  auto finished = [&] { return finishedId_ >= id || abort_.load(); };
  bool done;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    if (clock.limitMs)
      done = finishedCv_.wait_until(lock, answerBy, finished);
    else
      done = (finishedCv_.wait(lock, finished), true);
  }
  if (!done) {
    engine_->stop();
    std::unique_lock<std::mutex> lock(mutex_);
    done = finishedCv_.wait_for(lock, std::chrono::milliseconds(5), finished);
  }
  if (!done) lastInfo_ = engine_->info();  // the best move published so far
  if (done || lastInfo_.bestMove == kNullPoint) {
    engine_->stop();  // done may mean aborted: the search must end before it is read
    engine_->wait();
    lastInfo_ = engine_->info();
  }

  if (abort_.load()) return cancelled();
  MoveReply reply;
  reply.move = lastInfo_.bestMove;
  if (reply.move == kNullPoint) {
    reply.failure = Failure::Garbage;
    reply.detail = "found no move";
    return reply;
  }
  reply.score = lastInfo_.score;
  reply.depth = lastInfo_.completedDepth;
  reply.nodes = lastInfo_.nodes;
  return reply;
}

}  // namespace gomoku
