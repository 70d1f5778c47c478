#include "app/gui/models/external_engine.h"

#include <cctype>
#include <chrono>
#include <filesystem>

namespace gomoku::gui {

namespace {

constexpr size_t kMaxLogLines = 2000;

BrainConfig configFor(const std::string& path) {
  BrainConfig config;
  config.argv = {path};
  config.toleranceMs = 200;  // a desktop is busier than a match machine
  config.startTimeoutMs = 15000;
  return config;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '|' || line[i] == ',' || line[i] == '\t'))
      ++i;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '|' && line[i] != ',' && line[i] != '\t')
      ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// The leading (signed) integer of a word ("12-20" -> 12, "+35" -> 35); nullopt if none.
std::optional<int64_t> leadingInteger(std::string_view word) {
  size_t i = 0;
  bool negative = false;
  if (i < word.size() && (word[i] == '+' || word[i] == '-')) negative = word[i++] == '-';
  int64_t value = 0;
  size_t digits = 0;
  while (i < word.size() && word[i] >= '0' && word[i] <= '9' && digits < 15)
    value = value * 10 + (word[i++] - '0'), ++digits;
  if (digits == 0) return std::nullopt;
  return negative ? -value : value;
}

}  // namespace

ThinkingReport parseThinking(std::string_view line) {
  ThinkingReport report;
  std::vector<std::string_view> w = words(line);
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    std::string key(w[i]);
    for (char& ch : key) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    auto value = leadingInteger(w[i + 1]);
    if (!value) continue;
    if (key == "depth" && *value >= 0 && *value < 1000) report.depth = int(*value);
    if ((key == "score" || key == "eval" || key == "ev") && *value > -100000 && *value < 100000)
      report.score = int(*value);
    if (key == "nodes" && *value >= 0) report.nodes = uint64_t(*value);
  }
  return report;
}

ExternalEngine::ExternalEngine(std::string path)
    : path_(std::move(path)),
      player_(std::make_unique<BrainPlayer>(configFor(path_))),
      name_(std::filesystem::path(path_).filename().string()),
      thread_([this] { run(); }) {}

ExternalEngine::~ExternalEngine() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    pending_.reset();
  }
  player_->abort();
  wake_.notify_all();
  thread_.join();
  player_->shutdown();
}

uint64_t ExternalEngine::go(const Board& position, const Limits& limits) {
  std::lock_guard<std::mutex> lock(mutex_);
  Request request;
  request.id = nextId_++;
  request.moves = position.moves();
  request.size = position.size();
  request.rule = position.rule();
  request.timeMs = limits.timeMs > 0 ? limits.timeMs : 5000;
  pending_ = std::move(request);
  if (working_) player_->abort();  // the running request gives way (the engine restarts)
  info_ = SearchInfo{};
  info_.searchId = pending_->id;
  info_.rule = position.rule();
  info_.running = true;
  info_.allottedMs = pending_->timeMs;
  started_ = std::chrono::steady_clock::now();
  wake_.notify_all();
  return pending_->id;
}

void ExternalEngine::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  pending_.reset();
  if (working_) player_->abort();
}

bool ExternalEngine::busy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return working_ || pending_.has_value();
}

SearchInfo ExternalEngine::info() const {
  std::lock_guard<std::mutex> lock(mutex_);
  SearchInfo info = info_;
  if (info.running)
    info.elapsedMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - started_)
                         .count();
  return info;
}

void ExternalEngine::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  needNewGame_ = true;
}

std::string ExternalEngine::name() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return name_;
}

std::string ExternalEngine::lastError() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lastError_;
}

std::vector<std::string> ExternalEngine::takeLog() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> lines;
  lines.swap(log_);
  return lines;
}

void ExternalEngine::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return quit_ || pending_.has_value(); });
    if (quit_) return;
    Request request = std::move(*pending_);
    pending_.reset();
    working_ = true;
    // A deliberate restart: an abort sticks in the player until this (go() and stop() abort
    // the request being worked on), so one from the destructor can never be lost - quit_ is
    // checked under the same lock.
    player_->clearAbort();
    bool newGame = needNewGame_ || request.size != gameSize_ || request.rule != gameRule_ ||
                   request.timeMs != gameTimeMs_;
    needNewGame_ = false;
    lock.unlock();

    MoveReply reply;
    std::optional<std::string> startError;
    if (newGame) {
      GameSettings settings;
      settings.size = request.size;
      settings.rule = request.rule;
      settings.time.matchMs = 0;
      settings.time.turnMs = request.timeMs;
      startError = player_->newGame(settings);
    }
    if (!startError)
      reply = player_->requestMove(request.moves, MoveClock{request.timeMs, kUnlimitedTimeLeft});
    std::vector<std::string> said = player_->takeLog();
    ThinkingReport thinking;  // the last report of this move wins
    for (const std::string& line : said) {
      if (line.rfind("MESSAGE", 0) != 0) continue;
      ThinkingReport r = parseThinking(line);
      if (r.depth) thinking.depth = r.depth;
      if (r.score) thinking.score = r.score;
      if (r.nodes) thinking.nodes = r.nodes;
    }
    std::string name = player_->name();

    lock.lock();
    working_ = false;
    name_ = name;
    for (std::string& line : said) log_.push_back(std::move(line));
    if (log_.size() > kMaxLogLines) log_.erase(log_.begin(), log_.end() - kMaxLogLines / 2);
    if (startError) {
      gameSize_ = 0;  // try again next time
      reply.failure = Failure::StartFailed;
      reply.detail = *startError;
    } else {
      gameSize_ = request.size;
      gameRule_ = request.rule;
      gameTimeMs_ = request.timeMs;
    }
    // A brain that failed was killed: the next request starts it and sends the whole board.
    if (!reply.ok()) needNewGame_ = true;
    if (pending_ || info_.searchId != request.id) continue;  // superseded or stopped
    info_.running = false;
    info_.finished = true;
    info_.elapsedMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - started_)
                          .count();
    info_.bestMove = reply.ok() ? reply.move : kNullPoint;
    if (reply.ok()) info_.pv = {reply.move};
    if (reply.ok() && thinking.depth) info_.completedDepth = info_.depth = *thinking.depth;
    if (reply.ok() && thinking.score) info_.score = *thinking.score;
    if (reply.ok() && thinking.nodes) info_.nodes = *thinking.nodes;
    lastError_ = reply.ok() ? std::string() : std::string(failureName(reply.failure)) + ": " + reply.detail;
  }
}

}  // namespace gomoku::gui
