#include "app/pbrain/brain.h"

#include <algorithm>

#include "app/pbrain/quick_move.h"
#include "core/eval/eval.h"

namespace gomoku::pbrain {

using protocol::CommandKind;
using std::chrono::milliseconds;

namespace {

constexpr int kMaxPvShown = 24;
// How long the brain waits for the engine to come back after a stop before it answers with
// the best move it already has.
constexpr milliseconds kStopGrace{100};
// The engine gets a few milliseconds over its own limit before the brain stops it.
constexpr milliseconds kStopSlack{5};
// poll() runs at least this often while thinking, even without a wake-up from the engine.
constexpr milliseconds kPollInterval{25};
// Swap2: a score below this for white (to move) means white's side is not worth keeping.
constexpr int kSwap2Threshold = 150;

// Three opening stones (black centre, white beside it, black near) whose static evaluation
// is closest to even, white to move: in swap2 the opponent picks the color after them.
std::vector<Point> balancedOpening(int size, Rule rule) {
  int c = size / 2;
  std::vector<Point> best;
  int bestScore = 1 << 30;
  for (auto [wdx, wdy] : {std::pair{1, 0}, std::pair{1, 1}}) {
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        Point first = makePoint(c, c), second = makePoint(c + wdx, c + wdy);
        if (!onBoard(c + dx, c + dy, size)) continue;
        Point third = makePoint(c + dx, c + dy);
        if (third == first || third == second || !onBoard(c + wdx, c + wdy, size)) continue;
        Board b(size, rule);
        b.place(first);
        b.place(second);
        b.place(third);
        int score = std::abs(evaluate(b));
        if (score < bestScore) {
          bestScore = score;
          best = {first, second, third};
        }
      }
  }
  return best;
}

int64_t msBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration_cast<milliseconds>(b - a).count();
}

std::string pvText(const std::vector<Point>& pv) {
  std::string out;
  for (size_t i = 0; i < pv.size() && i < static_cast<size_t>(kMaxPvShown); ++i) {
    if (i) out += ' ';
    out += protocol::formatPoint(pv[i]);
  }
  return out;
}

}  // namespace

int hashMbForMemory(int64_t bytes) {
  if (bytes <= 0) return kDefaultHashMb;
  int64_t available = (bytes >> 20) - kReservedMemoryMb;
  int mb = 1;
  while (mb * 2 <= available && mb * 2 <= kDefaultHashMb) mb *= 2;
  return mb;
}

std::string scoreText(int score) {
  if (isMateScore(score)) {
    int moves = (mateDistance(score) + 1) / 2;
    return std::string(score > 0 ? "win in " : "loss in ") + std::to_string(moves);
  }
  std::string text = score > 0 ? "+" : "";  // built with += : GCC 12 warns on "..." + string
  text += std::to_string(score);
  return text;
}

Brain::Brain(BrainEngine& backend, Output output)
    : backend_(backend), output_(std::move(output)) {}

void Brain::setHash(int megabytes, const char* key) {
  // The size the engine already has (its default, before any INFO about memory) keeps its
  // table: a new one of the same size would only be zeroed and mapped again, inside the first
  // move's time when the INFO comes after START (Gomocup's order). The size is asked of the
  // engine, not remembered: clearing for a new game can leave a smaller table than was set.
  const int before = hashMb();
  if (before == megabytes) return;
  const int had = backend_.setHashMb(megabytes);
  engineFresh_ = true;
  if (had >= megabytes) return;
  // The system refused the memory (a ulimit, a hash_size beyond the machine): the engine plays
  // on with what it has. Said on the INFO's own line, as the other INFO complaints are (and
  // so managers that take "ERROR INFO ..." as a remark, not an answer, keep playing): ERROR
  // when nothing changed, the project's rule for a refused command; MESSAGE when a smaller
  // table than asked was taken, since the command then did take effect.
  const std::string asked = "INFO " + std::string(key) + ": no memory for a " +
                            std::to_string(megabytes) + " MB hash table; ";
  if (had == before)
    error(asked + "the " + std::to_string(before) + " MB one is kept");
  else
    message(asked + "using " + std::to_string(had) + " MB");
}

// Clearing a large table is not free (and slow under sanitizers): skip it when nothing was
// searched since the last time.
void Brain::clearEngine() {
  if (engineFresh_) return;
  backend_.newGame();
  engineFresh_ = true;
}

// ---- Input ---------------------------------------------------------------------------------

void Brain::handleLine(std::string_view line, Clock::time_point received) {
  if (quit_) return;
  // Cut by the reader: what the line said is lost, so it is refused whole rather than read
  // from its start (64 KiB of spaces and then a TURN would otherwise go unanswered). Inside a
  // block it spoils the block; during a search it waits its turn like any other line.
  if (line.size() > kMaxLineLength) {
    const std::string why = "line too long (over " + std::to_string(kMaxLineLength) +
                            " bytes), ignored: '" + protocol::printable(line) + "'";
    if (block_ != Block::None) {
      ++blockLines_;
      rejectBlockLine(why);
    } else if (search_.active) {
      held_.push_back({std::string(line), received});
    } else {
      error(why);
    }
    return;
  }
  if (block_ != Block::None) {
    handleBlockLine(line, received);
    return;
  }
  protocol::Command cmd = protocol::parseCommand(line);
  if (cmd.kind == CommandKind::Empty) return;
  if (search_.active) {
    if (cmd.kind == CommandKind::Stop) {
      stopSearchSoon(received);
    } else if (cmd.kind == CommandKind::End) {
      backend_.stop();
      search_.active = false;
      quit_ = true;
    } else {
      held_.push_back({std::string(line), received});
    }
    return;
  }
  handleCommand(cmd, received);
}

void Brain::endOfInput(Clock::time_point now) {
  eof_ = true;
  if (search_.active)
    stopSearchSoon(now);
  else
    runHeld();
}

bool Brain::requireStarted(const std::string& what) {
  if (started_) return true;
  error(what + ": no board yet, send START first");
  return false;
}

bool Brain::checkOnBoard(const char* what, int x, int y) {
  if (onBoard(x, y, board_.size())) return true;
  error(offBoardText(what, x, y));
  return false;
}

std::string Brain::offBoardText(const char* what, int x, int y) const {
  return std::string(what) + " " + protocol::formatPoint(x, y) + ": off the board (size " +
         std::to_string(board_.size()) + ", coordinates 0.." + std::to_string(board_.size() - 1) +
         ")";
}

// A bad line makes the whole block refused at DONE, with one ERROR naming the first bad line,
// the position left as it was and no move: the manager waits for one answer to the block, and
// a move for a position it did not send (the block without that line) would be taken as that
// answer. An ERROR per line, then a move, was two answers to one command.
void Brain::rejectBlockLine(const std::string& why) {
  if (blockError_.empty()) blockError_ = "line " + std::to_string(blockLines_) + ": " + why;
}

void Brain::handleBlockLine(std::string_view line, Clock::time_point received) {
  protocol::BoardLine bl = protocol::parseBoardLine(line);
  if (bl.kind != protocol::BoardLine::Kind::Empty) ++blockLines_;
  switch (bl.kind) {
    case protocol::BoardLine::Kind::Empty:
      return;
    case protocol::BoardLine::Kind::End:
      block_ = Block::None;
      quit_ = true;
      return;
    case protocol::BoardLine::Kind::Done:
      finishBlock(received);
      return;
    case protocol::BoardLine::Kind::Bad:
      rejectBlockLine(bl.error);
      return;
    case protocol::BoardLine::Kind::Stone:
      break;
  }
  if (block_ == Block::Swap2) {  // plain "x,y" lines, in the order they were played
    if (!started_) return;       // reported once, at DONE
    if (!onBoard(bl.x, bl.y, board_.size())) {
      rejectBlockLine(offBoardText("SWAP2BOARD stone", bl.x, bl.y));
      return;
    }
    Point p = makePoint(bl.x, bl.y);
    if (std::find(swap2Stones_.begin(), swap2Stones_.end(), p) != swap2Stones_.end()) {
      rejectBlockLine("SWAP2BOARD stone " + protocol::formatPoint(p) +
                      ": the point is already taken");
      return;
    }
    swap2Stones_.push_back(p);
    return;
  }
  if (bl.field == 0) {
    rejectBlockLine("expected x,y,field, got '" + protocol::formatPoint(bl.x, bl.y) + "'");
    return;
  }
  if (!started_) return;  // reported once, at DONE
  if (!onBoard(bl.x, bl.y, board_.size())) {
    rejectBlockLine(offBoardText("BOARD stone", bl.x, bl.y));
    return;
  }
  Point p = makePoint(bl.x, bl.y);
  if (std::any_of(blockStones_.begin(), blockStones_.end(),
                  [p](const BlockStone& s) { return s.point == p; })) {
    rejectBlockLine("BOARD stone " + protocol::formatPoint(p) + ": the point is already taken");
    return;
  }
  blockStones_.push_back({p, bl.field});
}

void Brain::finishBlock(Clock::time_point received) {
  Block kind = block_;
  block_ = Block::None;
  const std::string bad = std::move(blockError_);
  blockError_.clear();
  const char* name = kind == Block::Board     ? "BOARD"
                     : kind == Block::YxBoard ? "YXBOARD"
                                              : "SWAP2BOARD";
  const bool refused = !requireStarted(name) || !bad.empty();
  if (started_ && !bad.empty())
    error(std::string(name) + " refused, the position is unchanged: " + bad);
  if (refused) {
    blockStones_.clear();
    swap2Stones_.clear();
    return;
  }
  if (kind == Block::Swap2) {
    finishSwap2(received);
    return;
  }

  // Own color: equal counts mean we move first (black); one stone fewer means white.
  // Otherwise (a set-up position) the first stone listed is black, as other brains take it.
  int own = 0, theirs = 0, firstField = 0;
  for (const BlockStone& s : blockStones_) {
    if (s.field == 1) ++own;
    if (s.field == 2) ++theirs;
    if (!firstField && s.field != 3) firstField = s.field;
  }
  Color ownColor;
  if (own == theirs)
    ownColor = Color::Black;
  else if (own + 1 == theirs)
    ownColor = Color::White;
  else
    ownColor = firstField == 2 ? Color::White : Color::Black;

  std::vector<std::pair<Point, Color>> list;
  blocked_.clear();
  for (const BlockStone& s : blockStones_) {
    if (s.field == 3)
      blocked_.push_back(s.point);
    else
      list.push_back({s.point, s.field == 1 ? ownColor : opponent(ownColor)});
  }
  setPosition(list, ownColor);
  blockStones_.clear();
  if (kind == Block::Board) startSearch(blockReceived_, 0);
}

// ---- Position ------------------------------------------------------------------------------

void Brain::newGame(int size) {
  started_ = true;
  board_.reset(size, rule_);
  blocked_.clear();
  matchUsedMs_ = 0;
  // time_left is kept: a manager may send it before START, and until the next one an old
  // value errs on the safe side.
  clearEngine();
}

std::vector<std::pair<Point, Color>> Brain::stones() const {
  std::vector<std::pair<Point, Color>> list;
  for (Point p : board_.moves()) list.push_back({p, board_.at(p)});
  return list;
}

void Brain::setPosition(const std::vector<std::pair<Point, Color>>& list, Color toMove) {
  board_.reset(board_.size(), rule_);
  for (const auto& [p, c] : list) board_.place(p, c);
  board_.setSideToMove(toMove);
}

// ---- Searching -----------------------------------------------------------------------------

void Brain::startSearch(Clock::time_point received, int nbest) {
  Board scratch = board_;
  if (!quickMove(scratch, blocked_)) {
    error("no legal move left (the board is full, or every empty point is forbidden)");
    return;
  }
  Clock::time_point now = Clock::now();
  MoveTime t = allotMoveTime(time_, matchUsedMs_, board_.stoneCount());
  Limits limits = limits_;
  applyMoveTime(t, msBetween(received, now), limits);
  limits.multiPv = std::max(1, nbest);
  if (strength_ < 10) {
    Limits level = limitsForStrength(strength_, limits.timeMs);
    limits.maxDepth = std::min(limits.maxDepth, level.maxDepth);
    limits.noise = level.noise;
    limits.multiPv = std::max(limits.multiPv, level.multiPv);
    limits.vcfThreats = level.vcfThreats;
    limits.vctThreats = level.vctThreats;
    limits.leafVcfThreats = level.leafVcfThreats;
    limits.lapsePermille = level.lapsePermille;
    limits.seed = ++levelSeed_;
  }

  search_ = Search{};
  search_.active = true;
  search_.nbest = nbest;
  search_.received = received;
  search_.stopAt = received + milliseconds(t.searchMs) + kStopSlack;
  search_.answerAt = received + milliseconds(t.answerMs);
  engineFresh_ = false;
  backend_.start(board_, limits);
  if (eof_) stopSearchSoon(now);
}

void Brain::stopSearchSoon(Clock::time_point now) {
  backend_.stop();
  search_.stopSent = true;
  search_.answerAt = std::min(search_.answerAt, now + kStopGrace);
}

Clock::time_point Brain::wakeTime(Clock::time_point now) const {
  Clock::time_point t = std::min(now + kPollInterval, search_.answerAt);
  if (!search_.stopSent) t = std::min(t, search_.stopAt);
  return t;
}

void Brain::poll(Clock::time_point now) {
  if (!search_.active) return;
  SearchInfo info = backend_.progress();
  if (showDetail_) reportProgress(info);
  if (info.finished || now >= search_.answerAt) {
    if (!info.finished) backend_.stop();  // late engine: its result will be ignored
    answer(info, now);
    runHeld();
  } else if (!search_.stopSent && now >= search_.stopAt) {
    backend_.stop();
    search_.stopSent = true;
  }
}

void Brain::reportProgress(const SearchInfo& info) {
  if (info.iterations.empty() || info.completedDepth <= search_.reportedDepth) return;
  const IterationInfo& it = info.iterations.back();
  search_.reportedDepth = info.completedDepth;
  std::string text = "depth " + std::to_string(it.depth) + "-" +
                     std::to_string(std::max(info.selDepth, it.depth)) + " | score " +
                     scoreText(it.score) + " | nodes " + std::to_string(info.nodes) + " | speed " +
                     std::to_string(info.nps) + " nps | time " + std::to_string(info.elapsedMs) +
                     " ms";
  if (!info.solver.empty()) text += " | " + info.solver;
  if (!it.pv.empty()) text += " | pv " + pvText(it.pv);
  message(text);
}

void Brain::answer(const SearchInfo& info, Clock::time_point now) {
  search_.active = false;
  // The engine's choice if the position allows it; else its PV or first root move; else a
  // move found without search (a stop before the first iteration ended).
  Point move = kNullPoint;
  std::vector<Point> choices = {info.bestMove};
  if (!info.pv.empty()) choices.push_back(info.pv.front());
  if (!info.rootMoves.empty()) choices.push_back(info.rootMoves.front().move);
  for (Point p : choices)
    if (board_.contains(p) && isPlayable(board_, p, blocked_)) {
      move = p;
      break;
    }
  if (move == kNullPoint) {
    if (auto q = quickMove(board_, blocked_)) move = *q;
  }
  if (move == kNullPoint) {  // cannot happen: startSearch checked there is a move
    error("no legal move left (the board is full, or every empty point is forbidden)");
    return;
  }

  if (search_.swap2 && info.score < -kSwap2Threshold) {
    matchUsedMs_ += std::max<int64_t>(0, msBetween(search_.received, now));
    reply("SWAP");  // white's side looks lost: take black, the opponent plays on as white
    return;
  }

  if (search_.nbest > 0) {
    int shown = 0;
    for (const RootMoveInfo& rm : info.rootMoves) {
      if (shown >= search_.nbest) break;
      ++shown;
      message("nbest " + std::to_string(shown) + " " + protocol::formatPoint(rm.move) +
              " | score " + scoreText(rm.score) + " | depth " + std::to_string(rm.depth) +
              (rm.pv.empty() ? std::string() : " | pv " + pvText(rm.pv)));
    }
  }
  board_.place(move);
  matchUsedMs_ += std::max<int64_t>(0, msBetween(search_.received, now));
  reply(protocol::formatPoint(move));
}

// Swap2 (Gomocup's experimental tournament): with no stones we open with three (black,
// white, black) chosen to look balanced, since the opponent then picks the color; with three
// or five we are asked to choose: play the next (white) move if white's side is acceptable,
// else SWAP and take black.
void Brain::finishSwap2(Clock::time_point received) {
  std::vector<Point> stones = std::move(swap2Stones_);
  swap2Stones_.clear();
  if (stones.empty()) {
    std::vector<Point> opening = balancedOpening(board_.size(), rule_);
    std::string line;
    for (Point p : opening) {
      if (!line.empty()) line += ' ';
      line += protocol::formatPoint(p);
    }
    reply(line);
    return;
  }
  if (stones.size() != 3 && stones.size() != 5) {
    error("SWAP2BOARD expects 0, 3 or 5 stones, got " + std::to_string(stones.size()));
    return;
  }
  std::vector<std::pair<Point, Color>> list;
  for (size_t i = 0; i < stones.size(); ++i)
    list.emplace_back(stones[i], i % 2 ? Color::White : Color::Black);
  blocked_.clear();
  setPosition(list, Color::White);
  startSearch(received, 0);
  search_.swap2 = search_.active;
}

void Brain::runHeld() {
  while (!search_.active && !quit_ && !held_.empty()) {
    Held h = std::move(held_.front());
    held_.pop_front();
    handleLine(h.text, h.received);
  }
  if (eof_ && !search_.active) quit_ = true;
}

}  // namespace gomoku::pbrain
