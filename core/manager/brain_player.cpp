#include "core/manager/brain_player.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <thread>

#include "core/protocol/protocol.h"

namespace gomoku {

namespace {

// "the engine exited with status 3" / "the engine was killed by signal 15 (Terminated)".
std::string endedText(ChildProcess& process) {
  const std::string how = process.exitDescription();
  return "the engine " + (how.rfind("killed", 0) == 0 ? "was " + how : how);
}

using Clock = ChildProcess::Clock;
using Ms = std::chrono::milliseconds;

constexpr size_t kMaxLogLines = 4000;
constexpr const char* kCancelled = "cancelled (the player was aborted)";

std::string shorten(std::string_view text, size_t max = 80) {
  std::string s(text.substr(0, max));
  if (text.size() > max) s += "...";
  return s;
}

}  // namespace

const char* failureName(Failure f) {
  switch (f) {
    case Failure::None:
      return "none";
    case Failure::StartFailed:
      return "could not start";
    case Failure::Crashed:
      return "crashed";
    case Failure::TimedOut:
      return "loss on time";
    case Failure::ErrorReply:
      return "error";
    case Failure::Garbage:
      return "garbage";
    case Failure::Illegal:
      return "illegal move";
    case Failure::Aborted:
      return "aborted";
  }
  return "?";
}

BrainAbout parseAbout(std::string_view line) {
  BrainAbout about;
  size_t i = 0;
  while (i < line.size()) {
    size_t eq = line.find('=', i);
    if (eq == std::string_view::npos) break;
    std::string key(protocol::trim(line.substr(i, eq - i)));
    for (char& c : key) c = char(std::tolower(static_cast<unsigned char>(c)));
    size_t start = eq + 1;
    std::string value;
    if (start < line.size() && line[start] == '"') {
      size_t close = line.find('"', start + 1);
      if (close == std::string_view::npos) close = line.size();
      value = std::string(line.substr(start + 1, close - start - 1));
      i = close + 1;
    } else {
      size_t comma = line.find(',', start);
      if (comma == std::string_view::npos) comma = line.size();
      value = std::string(protocol::trim(line.substr(start, comma - start)));
      i = comma;
    }
    while (i < line.size() && (line[i] == ',' || line[i] == ' ')) ++i;
    if (key == "name")
      about.name = value;
    else if (key == "version")
      about.version = value;
    else if (key == "author")
      about.author = value;
    else if (key == "country")
      about.country = value;
  }
  return about;
}

BrainPlayer::BrainPlayer(BrainConfig config) : config_(std::move(config)) {}

BrainPlayer::~BrainPlayer() {
  shutdown();
}

std::string BrainPlayer::name() const {
  if (!config_.name.empty()) return config_.name;
  if (!about_.name.empty()) return about_.name;
  if (!config_.argv.empty()) return std::filesystem::path(config_.argv[0]).filename().string();
  return "engine";
}

void BrainPlayer::collectStderr() {
  for (std::string& line : process_.takeStderr()) log_.push_back("stderr: " + line);
  if (log_.size() > kMaxLogLines) log_.erase(log_.begin(), log_.end() - kMaxLogLines / 2);
}

std::vector<std::string> BrainPlayer::takeLog() {
  collectStderr();
  std::vector<std::string> lines;
  lines.swap(log_);
  return lines;
}

bool BrainPlayer::sendLine(const std::string& line) {
  return process_.send(line);
}

void BrainPlayer::kill() {
  collectStderr();
  process_.terminate(Ms(0));
  inGame_ = false;
  known_.clear();
}

void BrainPlayer::shutdown() {
  if (!process_.started()) return;
  process_.send("END");
  process_.terminate(Ms(config_.graceMs));
  collectStderr();
  inGame_ = false;
}

ChildProcess::Read BrainPlayer::readReply(std::string& line, Clock::time_point deadline) {
  while (true) {
    // Wake up now and then to notice abort().
    auto slice = std::min(deadline, Clock::now() + Ms(50));
    ChildProcess::Read r = process_.readLine(line, slice);
    if (r == ChildProcess::Read::Timeout) {
      if (abort_.load()) return r;
      if (Clock::now() >= deadline) return r;
      continue;
    }
    if (r == ChildProcess::Read::Closed) return r;
    protocol::Reply reply = protocol::parseReply(line);
    if (reply.kind == protocol::ReplyKind::Message || reply.kind == protocol::ReplyKind::Debug) {
      log_.push_back(line);
      continue;
    }
    if (reply.kind == protocol::ReplyKind::Empty) continue;
    return r;
  }
}

std::optional<std::string> BrainPlayer::launch() {
  if (config_.argv.empty()) return "no command given for the engine";
  std::string dir = config_.workingDir;
  if (dir.empty() && config_.argv[0].find('/') != std::string::npos)
    dir = std::filesystem::path(config_.argv[0]).parent_path().string();
  ++starts_;
  if (auto error = process_.start(config_.argv, dir)) return *error;
  known_.clear();
  inGame_ = false;
  needRestart_ = false;
  return std::nullopt;
}

std::optional<std::string> BrainPlayer::newGame(const GameSettings& settings) {
  // An abort sticks until clearAbort(): one that came just before this call is not lost to a
  // start-up that may wait startTimeoutMs for an engine that never answers.
  if (abort_.load()) return kCancelled;
  settings_ = settings;
  collectStderr();
  if (process_.started() && process_.exited()) kill();

  auto deadline = [&] { return Clock::now() + Ms(config_.startTimeoutMs); };
  std::string line;
  // Between games: RESTART, and if the engine does not answer OK, start it afresh.
  if (process_.started() && needRestart_) {
    bool restarted = false;
    if (sendLine("RESTART") && readReply(line, deadline()) == ChildProcess::Read::Line)
      restarted = protocol::parseReply(line).kind == protocol::ReplyKind::Ok;
    if (!restarted) {
      log_.push_back("manager: RESTART not answered with OK (" + shorten(line) +
                     "); starting the engine again");
      kill();
    } else {
      known_.clear();
      needRestart_ = false;
      inGame_ = true;
    }
  }
  if (!process_.started()) {
    if (abort_.load()) return kCancelled;
    if (auto error = launch()) return error;
    if (!sendLine("START " + std::to_string(settings.size)))
      return "the engine closed its input at once (" + process_.exitDescription() + ")";
    ChildProcess::Read r = readReply(line, deadline());
    if (r == ChildProcess::Read::Closed) {
      process_.terminate(Ms(100));
      collectStderr();
      return "the engine exited before answering START (" + process_.exitDescription() + ")";
    }
    if (r == ChildProcess::Read::Timeout) {
      kill();
      if (abort_.load()) return std::string(kCancelled) + " while the engine was starting";
      return "the engine did not answer START within " + std::to_string(config_.startTimeoutMs) +
             " ms";
    }
    if (protocol::parseReply(line).kind != protocol::ReplyKind::Ok) {
      kill();
      return "the engine refused START " + std::to_string(settings.size) + ": " + shorten(line);
    }
    if (sendLine("ABOUT") && readReply(line, deadline()) == ChildProcess::Read::Line) {
      protocol::Reply reply = protocol::parseReply(line);
      if (reply.kind == protocol::ReplyKind::Other)
        about_ = parseAbout(line);
      else
        log_.push_back("manager: ABOUT answered with '" + shorten(line) + "'");
    }
    inGame_ = true;
  }

  // The limits of this game. Gomocup's timeout_turn 0 means "as fast as possible", so a game
  // limited by the match clock alone tells the brain the match time as the turn limit.
  const TimeControl& tc = settings.time;
  int64_t turn = tc.turnMs > 0 ? tc.turnMs : (tc.matchMs > 0 ? tc.matchMs : kUnlimitedTimeLeft);
  std::vector<std::string> info = {
      "INFO timeout_turn " + std::to_string(turn),
      "INFO timeout_match " + std::to_string(tc.matchMs),
      "INFO time_left " + std::to_string(tc.matchMs > 0 ? tc.matchMs : kUnlimitedTimeLeft),
      "INFO max_memory " + std::to_string(config_.maxMemoryBytes),
      "INFO game_type 1",
      "INFO rule " + std::to_string(protocol::infoValueOfRule(settings.rule)),
  };
  if (config_.threads > 0) info.push_back("INFO thread_num " + std::to_string(config_.threads));
  if (config_.maxNodes > 0) info.push_back("INFO max_node " + std::to_string(config_.maxNodes));
  if (config_.maxDepth > 0) info.push_back("INFO max_depth " + std::to_string(config_.maxDepth));
  for (const auto& [key, value] : config_.info) info.push_back("INFO " + key + " " + value);
  for (const std::string& l : info)
    if (!sendLine(l)) {
      kill();
      return "the engine closed its input (" + process_.exitDescription() + ")";
    }
  known_.clear();
  needRestart_ = true;
  return std::nullopt;
}

MoveReply BrainPlayer::failure(Failure kind, std::string detail) {
  MoveReply reply;
  reply.failure = kind;
  reply.detail = std::move(detail);
  // Whatever the engine is doing now cannot be trusted for the next game.
  if (kind != Failure::ErrorReply && kind != Failure::Illegal) kill();
  return reply;
}

size_t BrainPlayer::sendPosition(const std::vector<Point>& moves) {
  size_t common = 0;
  while (common < known_.size() && common < moves.size() && known_[common] == moves[common])
    ++common;
  if (moves.empty() && known_.empty()) {
    sendLine("BEGIN");
    return 0;
  }
  if (moves.size() == common + 1 && known_.size() - common <= 8) {
    // The brain knows the game up to `common`: take back what differs, then one new move.
    for (size_t i = known_.size(); i > common; --i)
      sendLine("TAKEBACK " + protocol::formatPoint(known_[i - 1]));
    sendLine("TURN " + protocol::formatPoint(moves.back()));
    return known_.size() - common;
  }
  {
    sendLine("BOARD");
    // Field 1: the brain's own stones (the side to move), 2: the opponent's; in game order.
    size_t own = moves.size() % 2;  // the side to move played moves with this index parity
    for (size_t i = 0; i < moves.size(); ++i)
      sendLine(protocol::formatPoint(moves[i]) + "," + ((i % 2 == own) ? "1" : "2"));
    sendLine("DONE");
  }
  return 0;
}

MoveReply BrainPlayer::requestMove(const std::vector<Point>& moves, const MoveClock& clock) {
  // abort_ is cleared by clearAbort() only: an abort() that comes just before this call counts.
  if (abort_.load()) return failure(Failure::Aborted, "the move was cancelled");
  collectStderr();
  if (!process_.started() || !inGame_)
    return failure(Failure::Crashed, "the engine is not running");
  if (process_.exited()) return failure(Failure::Crashed, endedText(process_));

  sendLine("INFO time_left " + std::to_string(clock.timeLeftMs));
  auto sent = Clock::now();
  // Each TAKEBACK is answered with OK; those answers are read (and dropped) below.
  size_t takebacks = sendPosition(moves);

  auto deadline =
      clock.limitMs ? sent + Ms(*clock.limitMs + config_.toleranceMs) : Clock::time_point::max();
  std::string line;
  while (true) {
    ChildProcess::Read r = readReply(line, deadline);
    if (r == ChildProcess::Read::Timeout) {
      if (abort_.load()) return failure(Failure::Aborted, "the move was cancelled");
      // Silence from an engine that is gone is no loss on time: it exited, and a process it
      // started (still holding the output pipe) kept the pipe from reporting it closed.
      if (process_.exited())
        return failure(Failure::Crashed, endedText(process_) +
                                             " without a move; a process it started kept its "
                                             "output open");
      return failure(Failure::TimedOut,
                     "no move within " + std::to_string(clock.limitMs.value_or(0)) + " ms");
    }
    if (r == ChildProcess::Read::Closed) {
      // Give the exit status a moment to become known.
      for (int i = 0; i < 20 && !process_.exited(); ++i) std::this_thread::sleep_for(Ms(5));
      if (!process_.exited())
        return failure(
            Failure::Crashed,
            "the engine closed its output without a move (and had not exited 100 ms later)");
      return failure(Failure::Crashed, endedText(process_));
    }
    protocol::Reply reply = protocol::parseReply(line);
    switch (reply.kind) {
      case protocol::ReplyKind::Move: {
        MoveReply move;
        if (!onBoard(reply.x, reply.y, settings_.size)) {
          move.failure = Failure::Illegal;
          move.detail = "played " + shorten(line) + ", off the " + std::to_string(settings_.size) +
                        "x" + std::to_string(settings_.size) + " board";
          return move;
        }
        move.move = makePoint(reply.x, reply.y);
        known_ = moves;
        known_.push_back(move.move);
        return move;
      }
      case protocol::ReplyKind::Ok:
        if (takebacks > 0) {
          --takebacks;
          continue;
        }
        log_.push_back(line);
        continue;
      case protocol::ReplyKind::Unknown:
      case protocol::ReplyKind::Suggest:
        log_.push_back(line);
        continue;
      case protocol::ReplyKind::Error:
        log_.push_back(line);
        // Complaints about an INFO line are not an answer to the move.
        if (reply.text.rfind("INFO", 0) == 0) continue;
        return failure(Failure::ErrorReply, "answered " + shorten(line));
      default:
        return failure(Failure::Garbage, "answered '" + shorten(line) + "' instead of a move");
    }
  }
}

}  // namespace gomoku
