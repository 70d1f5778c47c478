#include "app/match/match_runner.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "core/manager/brain_player.h"
#include "core/manager/builtin_player.h"
#include "core/manager/greedy_player.h"
#include "core/manager/process.h"
#include "core/protocol/text.h"

namespace gomoku::match {

namespace {

constexpr int64_t kSafetyTurnMs = 60000;  // node/depth-limited engines without a tc
constexpr int kStartFailuresToGiveUp = 3;
// Records numbered higher are not counted (numbering after them would overflow); they are
// still never overwritten.
constexpr int kMaxRecordNumber = 999999999;

std::string resultText(GameResult r) {
  switch (r) {
    case GameResult::BlackWins:
      return "1-0";
    case GameResult::WhiteWins:
      return "0-1";
    case GameResult::Draw:
      return "1/2-1/2";
    case GameResult::Ongoing:
      return "*";
  }
  return "*";
}

// A field of the -results file: one line, and no tab of its own (a brain's name or its reason
// for a forfeit may hold one), so the columns stay where a reader expects them.
std::string resultsField(std::string text) {
  text = oneLine(std::move(text));
  for (char& c : text)
    if (c == '\t') c = ' ';
  return text;
}

std::string recordName(int number) {
  char file[32];
  std::snprintf(file, sizeof file, "game-%04d.psq", number);
  return file;
}

// Can a file be created in `dir`? Tried for real (a scratch file, removed at once): a folder's
// permission bits do not tell, for a read-only disk or a user the bits do not apply to.
std::optional<std::string> checkFolderWritable(const std::filesystem::path& dir) {
  std::filesystem::path probe =
      dir / (".gomoku-match-write-check-" +
             std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::FILE* file = std::fopen(probe.string().c_str(), "wbx");
  if (!file) return std::string(std::strerror(errno));
  std::fclose(file);
  std::error_code ec;
  std::filesystem::remove(probe, ec);
  return std::nullopt;
}

std::optional<std::string> preparePsqFolder(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    return "-psq " + dir + ": this is a file, not a folder (give a folder for the game records)";
  fs::create_directories(dir, ec);
  if (ec) return "-psq " + dir + ": cannot create the folder (" + ec.message() + ")";
  if (auto why = checkFolderWritable(dir))
    return "-psq " + dir + ": cannot write in the folder (" + *why + ")";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> prepareRecordOutputs(const MatchOptions& options) {
  namespace fs = std::filesystem;
  bool createdResults = false;
  if (!options.resultsFile.empty()) {
    std::error_code ec;
    const std::string& path = options.resultsFile;
    if (fs::is_directory(path, ec))
      return "-results " + path + ": this is a folder (give a file for the results)";
    createdResults = !fs::exists(path, ec);
    // Appending, as the match will: the lines already there stay.
    std::FILE* file = std::fopen(path.c_str(), "ab");
    if (!file)
      return "-results " + path + ": cannot write (" + std::strerror(errno) +
             "; does its folder exist?)";
    std::fclose(file);
  }
  if (!options.psqDir.empty()) {
    if (auto error = preparePsqFolder(options.psqDir)) {
      std::error_code ec;
      if (createdResults) fs::remove(options.resultsFile, ec);  // the match is not played
      return error;
    }
  }
  return std::nullopt;
}

int highestRecordNumber(const std::string& dir) {
  int highest = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() <= 9 || name.rfind("game-", 0) != 0 ||
        name.compare(name.size() - 4, 4, ".psq") != 0)
      continue;
    if (auto n =
            parseIntegerIn(std::string_view(name).substr(5, name.size() - 9), 1, kMaxRecordNumber))
      highest = std::max(highest, int(*n));
  }
  return highest;
}

std::unique_ptr<Player> makePlayer(const EngineSpec& spec, int64_t toleranceMs) {
  if (spec.greedy) return std::make_unique<GreedyPlayer>(spec.name.empty() ? "greedy" : spec.name);
  if (spec.builtin) {
    BuiltinConfig config;
    config.name = spec.name.empty() ? "builtin" : spec.name;
    config.strength = spec.strength;
    config.threads = spec.threads > 0 ? spec.threads : 1;
    if (spec.hashMb > 0) config.hashMb = spec.hashMb;
    config.maxNodes = spec.nodes;
    config.maxDepth = spec.depth;
    return std::make_unique<BuiltinPlayer>(config);
  }
  BrainConfig config;
  config.name = spec.name;
  std::string error;
  if (auto argv = splitCommandLine(spec.cmd, &error)) config.argv = std::move(*argv);
  config.workingDir = spec.dir;
  if (spec.maxMemory >= 0) config.maxMemoryBytes = spec.maxMemory;
  config.threads = spec.threads;
  config.maxNodes = spec.nodes;
  config.maxDepth = spec.depth;
  config.info = spec.info;
  config.toleranceMs = toleranceMs;
  return std::make_unique<BrainPlayer>(config);
}

TimeControl effectiveTimeControl(const EngineSpec& spec) {
  if (spec.tc) return *spec.tc;
  TimeControl tc;
  tc.matchMs = 0;
  tc.turnMs = kSafetyTurnMs;
  return tc;
}

struct MatchRunner::Worker {
  std::unique_ptr<Player> players[2];  // engine 1, engine 2
};

MatchRunner::MatchRunner(MatchOptions options, std::vector<Opening> openings, std::ostream& out)
    : options_(std::move(options)), openings_(std::move(openings)), out_(out) {
  if (openings_.empty()) openings_.push_back({"empty board", {}});
  order_.resize(openings_.size());
  for (size_t i = 0; i < order_.size(); ++i) order_[i] = i;
  if (options_.randomOrder) {
    uint64_t seed = options_.seed
                        ? options_.seed
                        : uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    std::mt19937_64 random(seed);
    std::shuffle(order_.begin(), order_.end(), random);
  }
  for (int e = 0; e < 2; ++e) names_[e] = options_.engines[e].name;
}

std::string MatchRunner::engineName(int engine) const {
  return names_[engine].empty() ? "engine" + std::to_string(engine + 1) : names_[engine];
}

bool MatchRunner::nextTask(Task& task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopScheduling_ || nextGame_ >= options_.games) return false;
  int g = nextGame_++;
  int pair = options_.repeat ? g / 2 : g;
  task.number = g + 1;
  task.pair = pair;
  task.opening = order_[size_t(pair) % order_.size()];
  task.firstIsBlack = g % 2 == 0;  // colours alternate, with or without -repeat
  return true;
}

void MatchRunner::work(Worker& worker, const std::atomic<bool>& interrupt) {
  Task task;
  while (!interrupt.load() && nextTask(task)) {
    int black = task.firstIsBlack ? 0 : 1;
    Player* const players[2] = {worker.players[black].get(), worker.players[1 - black].get()};
    RefereeSetup setup;
    setup.size = options_.size;
    setup.rule = options_.rule;
    setup.opening = openings_[task.opening].moves;
    setup.time[0] = effectiveTimeControl(options_.engines[black]);
    setup.time[1] = effectiveTimeControl(options_.engines[1 - black]);
    setup.drawAfterPlies = options_.drawAfter;
    setup.toleranceMs = options_.toleranceMs;
    PlayedGame game = playGame(players, setup, &interrupt);
    record(task, game, worker);
  }
}

void MatchRunner::record(const Task& task, const PlayedGame& game, Worker& worker) {
  std::lock_guard<std::mutex> lock(mutex_);
  int black = task.firstIsBlack ? 0 : 1;
  for (int e = 0; e < 2; ++e) {
    if (names_[e].empty()) names_[e] = worker.players[e]->name();
    std::vector<std::string> log = worker.players[e]->takeLog();
    if (options_.showLog)
      for (const std::string& line : log) out_ << fmt::format("[{}] {}\n", engineName(e), line);
  }
  std::string blackName = engineName(black), whiteName = engineName(1 - black);
  std::string result = resultText(game.result);

  if (game.termination == Termination::Aborted) {
    ++summary_.aborted;
    if (!options_.quiet)
      out_ << fmt::format("Game {} ({} vs {}) aborted: {}\n", task.number, blackName, whiteName,
                          game.reason);
    out_.flush();
    return;
  }
  // The score from engine 1's side.
  int engine1Color = task.firstIsBlack ? 0 : 1;  // 0 black, 1 white
  double engine1Points = 0.5;
  if (game.result == GameResult::Draw) {
    ++summary_.score.draws;
  } else {
    bool blackWon = game.result == GameResult::BlackWins;
    bool engine1Won = blackWon == (engine1Color == 0);
    ++(engine1Won ? summary_.score.wins : summary_.score.losses);
    engine1Points = engine1Won ? 1.0 : 0.0;
  }
  if (options_.repeat) {
    if (auto other = unpaired_.find(task.pair); other != unpaired_.end()) {
      summary_.pairs.add(other->second, engine1Points);
      unpaired_.erase(other);
    } else {
      unpaired_[task.pair] = engine1Points;
    }
  }
  if (game.termination == Termination::Forfeit) {
    int loser = game.forfeiter == Color::Black ? black : 1 - black;
    ++summary_.forfeits[loser];
    if (game.failure == Failure::StartFailed) {
      if (++startFailuresInARow_[loser] >= kStartFailuresToGiveUp) {
        summary_.engineFailed = true;
        stopScheduling_ = true;
        out_ << fmt::format(
            "Error: {} could not be started {} times in a row; stopping the match ({})\n",
            engineName(loser), kStartFailuresToGiveUp, game.reason);
      }
    } else {
      startFailuresInARow_[loser] = 0;
    }
  } else {
    startFailuresInARow_[0] = startFailuresInARow_[1] = 0;
  }

  if (options_.quiet && game.termination == Termination::Forfeit)  // rare, and it says why
    out_ << fmt::format("Forfeit in game {} ({} vs {}): {}\n", task.number, blackName, whiteName,
                        game.reason);
  if (!options_.quiet) {
    out_ << fmt::format("Finished game {} ({} vs {}): {} {{{}}}\n", task.number, blackName,
                        whiteName, result, game.reason);
    out_ << scoreLine(summary_.score);
  }
  if (options_.sprt) {
    summary_.sprt = options_.repeat ? sprtByPairs(summary_.pairs, *options_.sprt)
                                    : sprt(summary_.score, *options_.sprt);
    if (summary_.sprt->verdict != SprtVerdict::Continue) stopScheduling_ = true;
  }
  writeRecord(task, game, result);
  out_.flush();
}

void MatchRunner::writeRecord(const Task& task, const PlayedGame& game, const std::string& result) {
  int black = task.firstIsBlack ? 0 : 1;
  std::string blackName = oneLine(engineName(black)), whiteName = oneLine(engineName(1 - black));
  const Opening& opening = openings_[task.opening];
  std::string recordFile;  // the .psq this game went to, named on its -results line too
  if (!options_.psqDir.empty()) {
    std::vector<std::string> notes = {
        "Result: " + result,
        "Reason: " + game.reason,
        "Termination: " + std::string(terminationName(game.termination)),
        "Rule: " + std::string(ruleName(options_.rule)),
        "Opening: " + opening.id + " (" + std::to_string(game.openingPlies) + " stones)",
    };
    std::string text = toPsq(options_.size, game.moves, game.moveMs, {blackName, whiteName}, notes);
    // Created, never overwritten ("x"): a record that appeared since the match began (another
    // match writing to the same folder) moves this one and the ones after it up a number.
    std::filesystem::path path;
    std::FILE* psq = nullptr;
    for (int tries = 0; !psq && tries < 1000; ++tries) {
      path = std::filesystem::path(options_.psqDir) / recordName(task.number + recordOffset_);
      psq = std::fopen(path.string().c_str(), "wbx");
      if (!psq && errno != EEXIST) break;
      if (!psq) ++recordOffset_;
    }
    bool written = psq && std::fwrite(text.data(), 1, text.size(), psq) == text.size();
    if (psq && std::fclose(psq) != 0) written = false;
    if (!written) out_ << "Warning: cannot write " << path.string() << "\n";
    if (written) recordFile = path.filename().string();
  }
  if (!options_.resultsFile.empty()) {
    std::ofstream results(options_.resultsFile, std::ios::app | std::ios::binary);
    results << task.number << '\t' << resultsField(blackName) << '\t' << resultsField(whiteName)
            << '\t' << result << '\t' << terminationName(game.termination) << '\t'
            << resultsField(game.reason) << '\t' << toPositionCode(game.moves) << '\t'
            << resultsField(opening.id);
    // The game's number is its number in this match; its record's name can be higher (a
    // second match into the same -psq folder): the name says which record is this game.
    if (!options_.psqDir.empty()) results << '\t' << recordFile;
    results << '\n';
    if (!results) out_ << "Warning: cannot write " << options_.resultsFile << "\n";
  }
}

MatchSummary MatchRunner::run(const std::atomic<bool>& interrupt) {
  if (!options_.psqDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.psqDir, ec);
    // A second match into the same folder adds its records after the first one's, as -results
    // appends its lines (and cutechess-cli its -pgnout games): a record is never overwritten,
    // and a user who wants a fresh folder names one.
    recordOffset_ = highestRecordNumber(options_.psqDir);
    if (recordOffset_ > 0)
      out_ << fmt::format(
          "Note: {} already holds records up to {}; this match's records follow, game 1 as {}\n",
          options_.psqDir, recordName(recordOffset_), recordName(recordOffset_ + 1));
  }
  int threads = std::min(options_.concurrency, options_.games);
  std::vector<std::unique_ptr<Worker>> workers;
  for (int t = 0; t < threads; ++t) {
    auto worker = std::make_unique<Worker>();
    for (int e = 0; e < 2; ++e)
      worker->players[e] = makePlayer(options_.engines[e], options_.toleranceMs);
    workers.push_back(std::move(worker));
  }
  std::vector<std::thread> pool;
  running_.store(int(workers.size()));
  for (auto& worker : workers)
    pool.emplace_back([&, w = worker.get()] {
      work(*w, interrupt);
      running_.fetch_sub(1);
    });

  // Ctrl+C: the players give up the move they are computing, so the threads end promptly.
  bool aborted = false;
  while (running_.load() > 0) {
    if (!aborted && interrupt.load()) {
      aborted = true;
      for (auto& worker : workers)
        for (auto& player : worker->players) player->abort();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (std::thread& t : pool) t.join();
  for (auto& worker : workers)
    for (auto& player : worker->players) player->shutdown();
  printReport(summary_);
  return summary_;
}

std::string MatchRunner::scoreLine(const MatchScore& s) const {
  return fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}\n", engineName(0), engineName(1),
                     s.wins, s.losses, s.draws, s.ratio(), s.games());
}

void MatchRunner::printReport(const MatchSummary& summary) {
  const MatchScore& s = summary.score;
  out_ << scoreLine(s);
  EloEstimate elo = estimateElo(s);
  double drawRatio = s.games() ? 100.0 * s.draws / s.games() : 0;
  out_ << fmt::format("Elo difference: {:.1f} +/- {:.1f}, LOS: {:.1f} %, DrawRatio: {:.1f} %\n",
                      elo.elo, elo.margin, 100 * elo.los, drawRatio);
  const PairScore& p = summary.pairs;
  if (p.pairs() > 0) {
    // The same match counted by pairs (match_stats.h: PairScore), the figure to quote.
    EloEstimate paired = estimateEloByPairs(p);
    out_ << fmt::format(
        "Pairs (engine 1's points 0, 1/2, 1, 3/2, 2): {}, {}, {}, {}, {} of {}; Elo {:.1f} +/- "
        "{:.1f}, LOS: {:.1f} %\n",
        p.counts[0], p.counts[1], p.counts[2], p.counts[3], p.counts[4], p.pairs(), paired.elo,
        paired.margin, 100 * paired.los);
  }
  if (options_.sprt) {
    SprtStatus st = summary.sprt.value_or(options_.repeat ? sprtByPairs(p, *options_.sprt)
                                                          : sprt(s, *options_.sprt));
    const char* verdict = st.verdict == SprtVerdict::AcceptH1   ? "H1 was accepted"
                          : st.verdict == SprtVerdict::AcceptH0 ? "H0 was accepted"
                                                                : "no decision yet";
    out_ << fmt::format(
        "SPRT{}: llr {:.3f} ({:.1f}%), lbound {:.2f}, ubound {:.2f} - {} (elo0={:.1f} "
        "elo1={:.1f})\n",
        options_.repeat ? " (pairs)" : "", st.llr, 100 * st.llr / st.upper, st.lower, st.upper,
        verdict, options_.sprt->elo0, options_.sprt->elo1);
  }
  out_ << fmt::format("Forfeits: {} {}, {} {}", engineName(0), summary.forfeits[0], engineName(1),
                      summary.forfeits[1]);
  if (summary.aborted) out_ << fmt::format("; games aborted (not counted): {}", summary.aborted);
  out_ << "\n";
  out_.flush();
}

}  // namespace gomoku::match
