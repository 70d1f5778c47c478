// The brain's commands, dispatched by a table: each protocol command (and each numeric INFO
// key) is one row naming its handler, so adding a command is one row and one function.
#include <algorithm>
#include <cstdint>

#include "app/pbrain/brain.h"
#include "app/pbrain/quick_move.h"
#include "core/board/rules.h"
#include "gomoku/version.h"

namespace gomoku::pbrain {

using protocol::CommandKind;

namespace {

constexpr int kMaxThreads = 64;
constexpr int kMaxDepth = 255;
constexpr int kMaxNBest = 64;
constexpr int64_t kAnyValue = INT64_MIN;  // an INFO key whose value may be negative
// The largest INFO value read (parseInteger's 18 digits).
constexpr int64_t kLargestInfoValue = 999'999'999'999'999'999;

// A decimal integer parseInteger refused only for its length.
bool isLongInteger(std::string_view text) {
  text = trim(text);
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

// ---- The command table --------------------------------------------------------------------

const Brain::CommandEntry* Brain::findCommand(CommandKind kind) {
  // needsBoard: the command is refused with an ERROR until a START (or RECTSTART) has come.
  static constexpr CommandEntry kTable[] = {
      {CommandKind::Unknown, "", false, &Brain::onUnknown},
      {CommandKind::Start, "START", false, &Brain::onStart},
      {CommandKind::RectStart, "RECTSTART", false, &Brain::onRectStart},
      {CommandKind::Restart, "RESTART", true, &Brain::onRestart},
      {CommandKind::Begin, "BEGIN", true, &Brain::onBegin},
      {CommandKind::Turn, "TURN", true, &Brain::onTurn},
      {CommandKind::Play, "PLAY", true, &Brain::onPlay},
      {CommandKind::Takeback, "TAKEBACK", true, &Brain::onTakeback},
      {CommandKind::Board, "BOARD", false, &Brain::onBoardBlock},
      {CommandKind::YxBoard, "YXBOARD", false, &Brain::onBoardBlock},
      {CommandKind::Swap2Board, "SWAP2BOARD", false, &Brain::onBoardBlock},
      {CommandKind::Done, "DONE", false, &Brain::onDone},
      {CommandKind::Info, "INFO", false, &Brain::onInfo},
      {CommandKind::End, "END", false, &Brain::onEnd},
      {CommandKind::About, "ABOUT", false, &Brain::onAbout},
      {CommandKind::Stop, "STOP", false, &Brain::onStop},
      {CommandKind::YxNBest, "YXNBEST", true, &Brain::onNBest},
      {CommandKind::YxShowForbid, "YXSHOWFORBID", true, &Brain::onShowForbid},
  };
  for (const CommandEntry& entry : kTable)
    if (entry.kind == kind) return &entry;
  return nullptr;  // Empty: nothing to do
}

void Brain::handleCommand(const protocol::Command& cmd, Clock::time_point received) {
  if (!cmd.error.empty()) {
    error(cmd.error);
    return;
  }
  const CommandEntry* entry = findCommand(cmd.kind);
  if (!entry) return;
  if (entry->needsBoard && !requireStarted(entry->name)) return;
  (this->*entry->run)(cmd, received);
}

// ---- Commands -----------------------------------------------------------------------------

void Brain::onUnknown(const protocol::Command& cmd, Clock::time_point) {
  reply("UNKNOWN command '" + cmd.name + "'");
}

bool Brain::checkBoardSize(int size, const std::string& given) {
  if (size >= kMinSize && size <= kMaxSize) return true;
  error("unsupported board size " + given + " (this brain plays " + std::to_string(kMinSize) +
        ".." + std::to_string(kMaxSize) + ")");
  return false;
}

void Brain::onStart(const protocol::Command& cmd, Clock::time_point) {
  if (!checkBoardSize(cmd.x, std::to_string(cmd.x))) return;
  newGame(cmd.x);
  backend_.waitReady();
  reply("OK");
}

void Brain::onRectStart(const protocol::Command& cmd, Clock::time_point) {
  if (cmd.x != cmd.y) {
    error("rectangular boards are not supported, only square ones (START n)");
    return;
  }
  if (!checkBoardSize(cmd.x, std::to_string(cmd.x) + "," + std::to_string(cmd.y))) return;
  newGame(cmd.x);
  backend_.waitReady();
  reply("OK");
}

void Brain::onRestart(const protocol::Command&, Clock::time_point) {
  newGame(board_.size());
  backend_.waitReady();
  reply("OK");
}

void Brain::onBegin(const protocol::Command&, Clock::time_point received) {
  if (board_.stoneCount() > 0 || !blocked_.empty()) {
    error("BEGIN: the board is not empty (use BOARD to continue a game)");
    return;
  }
  startSearch(received, 0);
}

void Brain::onTurn(const protocol::Command& cmd, Clock::time_point received) {
  if (!checkOnBoard("TURN", cmd.x, cmd.y)) return;
  Point p = makePoint(cmd.x, cmd.y);
  if (!board_.isEmpty(p) || std::find(blocked_.begin(), blocked_.end(), p) != blocked_.end()) {
    error("TURN " + protocol::formatPoint(p) + ": the point is occupied");
    return;
  }
  // TURN's stone is the side to move's, and we answer for the other side: after our own move
  // (BEGIN, TURN, BOARD) that is the opponent's stone, as Piskvork and GomocupJudge mean it;
  // after YXBOARD, whose field 1 stones are the side to move's, it is that side's move - so
  // Yixin-Board sends the human's move and asks for the engine's (a review of session 70: a
  // TURN refused there as "our move" left Yixin-Board without an answer).
  board_.place(p);
  startSearch(received, 0);
}

void Brain::onPlay(const protocol::Command& cmd, Clock::time_point) {
  if (!checkOnBoard("PLAY", cmd.x, cmd.y)) return;
  Point p = makePoint(cmd.x, cmd.y);
  if (!isPlayable(board_, p, blocked_)) {
    error("PLAY " + protocol::formatPoint(p) + ": " +
          (board_.isEmpty(p) ? "the move is forbidden" : "the point is occupied"));
    return;
  }
  board_.place(p);
  reply(protocol::formatPoint(p));
}

void Brain::onTakeback(const protocol::Command& cmd, Clock::time_point) {
  if (!checkOnBoard("TAKEBACK", cmd.x, cmd.y)) return;
  Point p = makePoint(cmd.x, cmd.y);
  // Who plays which color is said again by the next command: a manager may take back our move
  // and hand us the other side (this project's BrainPlayer does so when the player takes over
  // our color: TAKEBACK of our move, then the new move as TURN).
  auto blockedAt = std::find(blocked_.begin(), blocked_.end(), p);
  if (blockedAt != blocked_.end()) {
    blocked_.erase(blockedAt);
    reply("OK");
    return;
  }
  if (board_.isEmpty(p)) {
    error("TAKEBACK " + protocol::formatPoint(p) + ": there is no stone there");
    return;
  }
  if (board_.lastMove() == p) {
    board_.undo();
  } else {
    // Not the last move: rebuild the position without it; its owner moves next.
    Color owner = board_.at(p);
    auto list = stones();
    list.erase(std::find_if(list.begin(), list.end(), [p](const auto& s) { return s.first == p; }));
    setPosition(list, owner);
  }
  reply("OK");
}

// BOARD, YXBOARD and SWAP2BOARD open a block of stone lines that DONE closes (finishBlock).
void Brain::onBoardBlock(const protocol::Command& cmd, Clock::time_point received) {
  block_ = cmd.kind == CommandKind::Board     ? Block::Board
           : cmd.kind == CommandKind::YxBoard ? Block::YxBoard
                                              : Block::Swap2;
  blockStones_.clear();
  swap2Stones_.clear();
  blockLines_ = 0;
  blockError_.clear();
  blockReceived_ = received;
}

void Brain::onDone(const protocol::Command&, Clock::time_point) {
  error("DONE without BOARD or YXBOARD");
}

void Brain::onEnd(const protocol::Command&, Clock::time_point) {
  quit_ = true;
}

void Brain::onAbout(const protocol::Command&, Clock::time_point) {
  reply(protocol::formatAbout(
      {"GomokuStudio", kVersion, "Gomoku Studio developers", "International"}));
}

void Brain::onStop(const protocol::Command&, Clock::time_point) {}  // nothing runs: no answer

void Brain::onNBest(const protocol::Command& cmd, Clock::time_point received) {
  if (cmd.x < 1) {
    error("YXNBEST needs a count of at least 1");
    return;
  }
  startSearch(received, std::min(cmd.x, kMaxNBest));
}

void Brain::onShowForbid(const protocol::Command&, Clock::time_point) {
  std::vector<Point> points;
  // Like other brains: the points black may not play, listed when black is to move.
  if (rule_ == Rule::Renju && board_.sideToMove() == Color::Black) {
    for (Point p : forbiddenPoints(board_))
      if (std::find(blocked_.begin(), blocked_.end(), p) == blocked_.end()) points.push_back(p);
  }
  reply(protocol::formatForbid(points));
}

// ---- INFO ---------------------------------------------------------------------------------

const Brain::InfoEntry* Brain::findInfoKey(const std::string& key) {
  // minimum: values below it are refused with an ERROR (time_left may be negative: a brain
  // out of time). limit: a time or a memory size, where a number too large to read is taken
  // as the largest read. A null setter: a known key nothing depends on.
  static constexpr InfoEntry kTable[] = {
      {"timeout_turn", 0, true, &Brain::setTurnTimeout},
      {"timeout_match", 0, true, &Brain::setMatchTimeout},
      {"time_left", kAnyValue, true, &Brain::setTimeLeft},
      {"max_memory", 0, true, &Brain::setMaxMemory},
      {"hash_size", 0, true, &Brain::setHashKb},
      {"rule", kAnyValue, false, &Brain::setRuleValue},
      {"thread_num", kAnyValue, false, &Brain::setThreads},
      {"max_depth", kAnyValue, false, &Brain::setMaxDepth},
      {"max_node", kAnyValue, false, &Brain::setMaxNodes},
      {"show_detail", kAnyValue, false, &Brain::setShowDetail},
      {"game_type", kAnyValue, false, nullptr},
  };
  for (const InfoEntry& entry : kTable)
    if (key == entry.key) return &entry;
  return nullptr;
}

void Brain::onInfo(const protocol::Command& cmd, Clock::time_point) {
  const std::string& key = cmd.key;
  const InfoEntry* entry = findInfoKey(key);
  if (!entry) {
    if (key == "folder") folder_ = cmd.value;
    return;  // evaluate, folder and keys we do not know: nothing to do
  }
  auto parsed = protocol::parseInteger(cmd.value);
  if (!parsed && isLongInteger(cmd.value)) {
    // A number, only past the 18 digits read. A limit that large is no limit, which is what
    // the manager means by it (the protocol's own "unlimited" for time_left is a large number,
    // and max_memory has no upper bound): the largest value read, which each setter already
    // clamps. For a code or a count, no value that large means anything: refused.
    if (entry->limit && trim(cmd.value)[0] != '-') {
      parsed = kLargestInfoValue;
    } else {
      error("INFO " + key + ": '" + protocol::printable(cmd.value) + "' is out of range");
      return;
    }
  }
  if (!parsed) {
    error("INFO " + key + ": '" + protocol::printable(cmd.value) + "' is not a number");
    return;
  }
  if (*parsed < entry->minimum) {
    error("INFO " + key + ": " + std::to_string(*parsed) + " is negative");
    return;
  }
  if (entry->set) (this->*entry->set)(*parsed);
}

// A time limit is read up to some 31 years: a move's deadline is the time it came plus the
// limit on a nanosecond clock, which a larger one would overflow (UBSan found 10^18 ms doing
// so). Any limit that long is no limit to a game.
constexpr int64_t kLongestTimeMs = int64_t(1'000'000'000'000);

void Brain::setTurnTimeout(int64_t ms) {
  time_.turnMs = std::min(ms, kLongestTimeMs);
}
void Brain::setMatchTimeout(int64_t ms) {
  time_.matchMs = std::min(ms, kLongestTimeMs);
}
void Brain::setTimeLeft(int64_t ms) {
  time_.timeLeftMs = std::min(ms, kLongestTimeMs);
}

void Brain::setMaxMemory(int64_t bytes) {
  int mb = hashMbForMemory(bytes);
  if (bytes > 0 && (bytes >> 20) < kReservedMemoryMb + 1)
    message("max_memory " + std::to_string(bytes) + " bytes is very small; using a " +
            std::to_string(mb) + " MB hash table");
  setHash(mb, "max_memory");
}

// Yixin-Board's hash_size is in kilobytes; 0 means the default. Beyond the largest table the
// engine makes, that one (not a shortage of memory to report).
void Brain::setHashKb(int64_t kb) {
  setHash(
      kb == 0 ? kDefaultHashMb : static_cast<int>(std::clamp<int64_t>(kb / 1024, 1, kMaxTableMb)),
      "hash_size");
}

void Brain::setRuleValue(int64_t value) {
  auto rule = protocol::ruleFromInfo(value);
  if (!rule) {
    error("INFO rule: unsupported value " + std::to_string(value) +
          " (0 freestyle, 1 exactly five, 2 or 4 renju)");
    return;
  }
  if (*rule == rule_) return;
  rule_ = *rule;
  if (started_) setPosition(stones(), board_.sideToMove());
  clearEngine();
}

void Brain::setThreads(int64_t n) {
  limits_.threads = static_cast<int>(std::clamp<int64_t>(n, 1, kMaxThreads));
}

void Brain::setMaxDepth(int64_t depth) {
  limits_.maxDepth =
      depth <= 0 ? Limits{}.maxDepth : static_cast<int>(std::min<int64_t>(depth, kMaxDepth));
}

void Brain::setMaxNodes(int64_t nodes) {
  limits_.maxNodes = nodes <= 0 ? 0 : static_cast<uint64_t>(nodes);
}

void Brain::setShowDetail(int64_t level) {
  showDetail_ = static_cast<int>(std::clamp<int64_t>(level, 0, 3));
}

}  // namespace gomoku::pbrain
