#include "core/game/review.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include "core/board/rules.h"
#include "core/game/explain.h"
#include "core/game/game.h"
#include "core/game/win_check.h"
#include "core/search/engine.h"
#include "core/search/movegen.h"

namespace gomoku {

namespace {

// What the engine said about one position, its side to move's view.
struct PositionEval {
  bool terminal = false;  // the game was over here (a five was made, or the board is full)
  bool fiveMade = false;
  int score = 0;
  SearchInfo info;
};

// The last completed depth's score, averaged with the one before when neither is a mate:
// this engine's scores still swing between odd and even depths, and a position searched to an
// odd depth compared with its successor searched to an even one would show the swing as a loss.
int steadyScore(const SearchInfo& info) {
  const auto& its = info.iterations;
  if (isMateScore(info.score) || its.size() < 2) return info.score;
  int a = its[its.size() - 1].score, b = its[its.size() - 2].score;
  if (isMateScore(a) || isMateScore(b)) return info.score;
  return (a + b) / 2;
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = char(text[0] - 'a' + 'A');
  return text;
}

// explainMove's sentence without its "black h8 " opening, to follow another clause.
std::string explainTail(const Board& before, Point move, const SearchInfo* info) {
  std::string text = explainMove(before, move, info);
  std::string prefix = std::string(colorName(before.sideToMove())) + " " + pointToText(move) + " ";
  if (text.rfind(prefix, 0) == 0) text.erase(0, prefix.size());
  return text;
}

// The stones of `c`'s three that can become an open four at p, as "e5–g5" (first and last
// stone along the line), or "" when no single line makes p an open-four point.
std::string threeSpan(const Board& b, Point p, Color c) {
  for (int dir = 0; dir < kDirCount; ++dir) {
    if (b.pattern(p, c, dir) != LinePattern::Flex4) continue;
    Point first = kNullPoint, last = kNullPoint;
    for (int sign : {-1, 1})
      for (int k = 1; k <= 4; ++k) {
        int x = pointX(p) + sign * k * kDirDx[dir], y = pointY(p) + sign * k * kDirDy[dir];
        if (!onBoard(x, y, b.size())) break;
        Color at = b.at(makePoint(x, y));
        if (at == opponent(c)) break;
        if (at != c) continue;
        Point q = makePoint(x, y);
        if (first == kNullPoint) first = last = q;
        auto key = [&](Point s) { return pointX(s) * kDirDx[dir] * 64 + pointY(s) * kDirDy[dir]; };
        if (key(q) < key(first)) first = q;
        if (key(q) > key(last)) last = q;
      }
    if (first != kNullPoint) return pointToText(first) + "\xE2\x80\x93" + pointToText(last);
  }
  return "";
}

// After the mover played `move` in `before` (where it had a forced win): is the win still
// there? A five, the engine's proof, or every reply the opponent has still losing to a five
// or to the threat solver's win (win_check.h: a VCF, a VCT, or a wide VCT - so a quiet move
// that threatens a VCF may keep the win too).
bool keptWin(const Board& before, Point move, const PositionEval& after, uint64_t budget) {
  if (after.fiveMade) return true;
  if (after.terminal) return false;
  if (after.score < -kScoreMateBound) return true;
  WinCheckBudget check;
  check.vctThreats = 9;
  check.nodes = budget;
  check.wideNodes = 10 * budget;  // wide proofs are longer (fukumi's: 155k nodes)
  return moveWins(before, move, check);
}

int candidateCount(const Board& position) {
  Board b = position;
  MoveList list;
  generateMoves(b, list);
  return list.count;
}

std::string reasonFor(const Board& before, const Board& after, const ReviewedMove& r,
                      const PositionEval& eBefore, const PositionEval& eAfter) {
  Color us = before.sideToMove(), them = opponent(us);
  std::string who = capitalized(colorName(us)) + " " + pointToText(r.move);
  if (r.move == r.best) return capitalized(explainMove(before, r.move, &eBefore.info));

  std::string sentence;
  Point five[1];
  if (r.missedWin) {
    sentence = who + " lets a forced win slip; " + pointToText(r.best) + " " +
               explainTail(before, r.best, &eBefore.info);
  } else if (fivePoints(before, them, five, 1) && !after.lastMoveWon() &&
             before.threat(r.move, them) != Threat::Five) {
    // (Not when the move took one of their five points: against an open four that is a block
    // that came too late, not a four ignored. The board never recomputes an occupied cell, so
    // asking `after` whether the point is still a five point would say yes.)
    sentence =
        who + " ignores " + colorName(them) + "'s four; " + pointToText(five[0]) + " was needed";
  } else if (before.threatCount(them, Threat::OpenFour) > 0 &&
             after.threatCount(them, Threat::OpenFour) > 0 && !fivePoints(after, us, five, 1)) {
    std::string span;
    before.forEachCandidate([&](Point p) {  // (an open-four point is next to their stones)
      if (before.threat(p, them) == Threat::OpenFour) span = threeSpan(before, p, them);
      return span.empty();
    });
    sentence = who + " ignores " + colorName(them) + "'s open three" +
               (span.empty() ? "" : " at " + span) + "; " + pointToText(r.best) + " was needed";
  } else {
    // A move graded best lost next to nothing against the engine's: its choice was as good, not
    // better (a "best" move followed by "g8 was better" read as a contradiction).
    const char* compared = r.moveClass == MoveClass::Best   ? " was as good"
                           : r.moveClass == MoveClass::Good ? " was a little better"
                                                            : " was better";
    sentence = capitalized(explainMove(before, r.move)) + "; " + pointToText(r.best) + compared;
    std::string tail = explainTail(before, r.best, &eBefore.info);
    if (tail != "develops quietly") sentence += " (it " + tail + ")";
  }
  if (!eAfter.terminal && eAfter.score > kScoreMateBound && !r.missedWin) {
    sentence += "; now " + std::string(colorName(them)) + " wins";
    if (!eAfter.info.solver.empty() && !eAfter.info.pv.empty()) {
      sentence +=
          " by continuous " + std::string(eAfter.info.solver == "VCF" ? "fours" : "threats") + ": ";
      for (size_t i = 0; i < eAfter.info.pv.size(); i += 2)
        sentence += (i ? ", " : "") + pointToText(eAfter.info.pv[i]);
    } else {
      sentence += " in " + std::to_string((mateDistance(eAfter.score) + 1) / 2);
    }
  }
  return sentence;
}

// The mover's score and win chance once its move is on the board (`e` searched the position
// after it, with the opponent to move).
std::pair<int, double> moverAfter(const PositionEval& e, Rule rule) {
  if (e.fiveMade) return {kScoreMate, 1.0};
  if (e.terminal) return {0, 0.5};  // a full board: a draw
  return {-e.score, 1.0 - winProbability(e.score, rule)};
}

// `eBest` searched the position after the engine's best move (the same as `eAfter` when that
// move was played): before and after are both read with the opponent to move, so a bias of the
// evaluation towards the side to move does not show up as a loss.
ReviewedMove grade(int ply, const Board& before, Point move, const PositionEval& eBefore,
                   const PositionEval& eBest, const PositionEval& eAfter,
                   const ReviewLimits& limits) {
  Board after = before;
  after.place(move);
  ReviewedMove r;
  r.ply = ply;
  r.move = move;
  r.color = before.sideToMove();
  std::tie(r.scoreBefore, r.winChanceBefore) = moverAfter(eBest, before.rule());
  std::tie(r.scoreAfter, r.winChanceAfter) = moverAfter(eAfter, before.rule());
  if (isMateScore(eBefore.score) && !isMateScore(r.scoreBefore)) {
    // The search before proved more than the search after the best move saw: trust the proof.
    r.scoreBefore = eBefore.score;
    r.winChanceBefore = winProbability(eBefore.score, before.rule());
  }
  r.best = eBefore.info.bestMove;
  r.line = eBefore.info.pv;
  if (r.line.empty() && r.best != kNullPoint) r.line.push_back(r.best);

  Point five[1];
  r.hadForcedWin = fivePoints(before, r.color, five, 1) > 0 || eBefore.score > kScoreMateBound;
  // The engine's own move keeps the win it proved; keptWin, on a smaller budget than that
  // proof, is asked only about other moves (else a budget cut could call the best move a
  // missed win, and make a puzzle whose answer is the move played).
  r.missedWin = r.hadForcedWin && move != r.best &&
                !keptWin(before, move, eAfter, limits.keepWinNodes);
  bool playedBest = move == r.best || (r.hadForcedWin && !r.missedWin);
  r.loss = playedBest ? 0.0 : std::max(0.0, r.winChanceBefore - r.winChanceAfter);
  r.moveClass = playedBest ? MoveClass::Best : classifyLoss(r.loss);
  if (r.missedWin && r.moveClass < MoveClass::Mistake) r.moveClass = MoveClass::Mistake;
  if (!playedBest && (walksIntoForcedLoss(eBefore.score, r.scoreBefore, r.scoreAfter) ||
                      ignoresFour(before, move)))
    r.moveClass = MoveClass::Blunder;

  // Only move: among several candidates every other one lost by force (the engine drops root
  // moves that leave the opponent a VCF; a single survivor is the only move), and it was played.
  bool level = !isMateScore(eBefore.score);
  if (level && move == r.best && candidateCount(before) >= 2)
    r.onlyMove = eBefore.info.rootMoves.size() == 1;

  r.reason = reasonFor(before, after, r, eBefore, eAfter);
  return r;
}

}  // namespace

const char* moveClassName(MoveClass c) {
  switch (c) {
    case MoveClass::Best:
      return "best";
    case MoveClass::Good:
      return "good";
    case MoveClass::Inaccuracy:
      return "inaccuracy";
    case MoveClass::Mistake:
      return "mistake";
    default:
      return "blunder";
  }
}

MoveClass classifyLoss(double loss) {
  if (loss >= kBlunderLoss) return MoveClass::Blunder;
  if (loss >= kMistakeLoss) return MoveClass::Mistake;
  if (loss >= kInaccuracyLoss) return MoveClass::Inaccuracy;
  if (loss > kBestMaxLoss) return MoveClass::Good;
  return MoveClass::Best;
}

bool ignoresFour(const Board& before, Point move) {
  const Color us = before.sideToMove(), them = opponent(us);
  Point five[2];
  if (fivePoints(before, them, five, 2) != 1 || move == five[0]) return false;
  if (before.threat(move, us) == Threat::Five) return false;  // our own five comes first
  Board scratch = before;
  if (us == Color::Black && before.rule() == Rule::Renju && isForbidden(scratch, five[0]))
    return false;  // no block was there to play
  return true;
}

bool walksIntoForcedLoss(int searchedBefore, int afterBest, int afterMove) {
  bool lostAlready = searchedBefore < -kScoreMateBound || afterBest < -kScoreMateBound;
  return afterMove < -kScoreMateBound && !lostAlready;
}

double moveAccuracy(double loss) {
  double a = 103.1668 * std::exp(-0.04354 * std::max(0.0, loss) * 100.0) - 3.1669;
  return std::clamp(a, 0.0, 100.0);
}

ReviewSummary summarize(const std::vector<ReviewedMove>& graded) {
  ReviewSummary s;
  double sum[2] = {0, 0};
  int n[2] = {0, 0};
  for (const ReviewedMove& m : graded) {
    int c = index(m.color);
    sum[c] += moveAccuracy(m.loss);
    ++n[c];
    ++s.counts[c][int(m.moveClass)];
    s.missedWins[c] += m.missedWin;
    s.onlyMoves[c] += m.onlyMove;
  }
  for (int c = 0; c < 2; ++c) s.accuracy[c] = n[c] ? sum[c] / n[c] : 100.0;
  return s;
}

GameReview::GameReview() = default;

GameReview::~GameReview() {
  cancel();
}

std::optional<std::string> GameReview::start(int size, Rule rule, const std::vector<Point>& moves,
                                             const ReviewLimits& limits) {
  Game check;
  if (auto error = check.newGame(size, rule)) return error;
  for (size_t i = 0; i < moves.size(); ++i)
    if (auto why = check.play(moves[i]))
      return "move " + std::to_string(i + 1) + " (" + pointToText(moves[i]) + "): " + *why;
  cancel();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = ReviewResult{};
    result_.size = size;
    result_.rule = rule;
    result_.moves = moves;
    positionsDone_ = 0;
    positionsTotal_ = int(moves.size()) + 1;
  }
  cancel_ = false;
  running_ = true;
  worker_ = std::thread([this, size, rule, moves, limits] { run(size, rule, moves, limits); });
  return std::nullopt;
}

void GameReview::cancel() {
  cancel_ = true;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (engine_) engine_->stop();
  }
  if (worker_.joinable()) worker_.join();
}

void GameReview::wait() {
  if (worker_.joinable()) worker_.join();
}

bool GameReview::running() const {
  return running_;
}

double GameReview::progress() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return positionsTotal_ ? double(positionsDone_) / positionsTotal_ : 0.0;
}

ReviewResult GameReview::result() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return result_;
}

void GameReview::run(int size, Rule rule, std::vector<Point> moves, ReviewLimits limits) {
  // The engine lives on this thread's stack: when run() returns, its thread is joined too.
  auto engine = std::make_unique<Engine>();
  engine->setHashMb(limits.hashMb);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    engine_ = engine.get();
  }
  Limits search;
  search.maxDepth = limits.maxDepth;
  search.maxNodes = limits.nodesPerMove;
  search.timeMs = limits.timePerMoveMs;
  search.threads = limits.nodesPerMove > 0 ? 1 : limits.threads;
  search.wideVctNodes = limits.wideVctNodes;

  auto analyse = [&](const Board& b) {
    PositionEval e;
    if (b.lastMoveWon() || b.full()) {
      e.terminal = true;
      e.fiveMade = b.lastMoveWon();
      return e;
    }
    // Each position from a clear table: the grades do not depend on the order of analysis.
    engine->clear();
    e.info = engine->searchNow(b, search, &cancel_);  // a cancel() just before go() still counts
    e.score = steadyScore(e.info);
    return e;
  };
  auto done = [&] {
    std::lock_guard<std::mutex> lock(mutex_);
    ++positionsDone_;
  };

  Board board(size, rule);
  PositionEval current = analyse(board);
  done();
  for (size_t i = 0; i < moves.size() && !cancel_; ++i) {
    Board before = board;
    board.place(moves[i]);
    PositionEval next = analyse(board);
    PositionEval alternative;
    Point best = current.info.bestMove;
    bool playedBest = best == moves[i] || best == kNullPoint;
    if (!playedBest && !cancel_) {
      Board other = before;
      other.place(best);
      alternative = analyse(other);
    }
    if (cancel_) break;
    ReviewedMove graded =
        grade(int(i) + 1, before, moves[i], current, playedBest ? next : alternative, next, limits);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      result_.graded.push_back(std::move(graded));
      result_.summary = summarize(result_.graded);
      ++positionsDone_;
    }
    current = std::move(next);
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    engine_ = nullptr;
    result_.complete = result_.graded.size() == moves.size();
    result_.cancelled = !result_.complete;
  }
  engine.reset();
  running_ = false;
}

std::optional<std::string> reviewGame(int size, Rule rule, const std::vector<Point>& moves,
                                      const ReviewLimits& limits, ReviewResult& out) {
  GameReview review;
  if (auto error = review.start(size, rule, moves, limits)) return error;
  review.wait();
  out = review.result();
  return std::nullopt;
}

}  // namespace gomoku
