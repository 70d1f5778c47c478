// tactics: the engine, given a time per position, against positions with known answers: win
// puzzles (the move must be one of best=, or a win that a deeper check proves) and defence (one
// of best=, never one of loses=).
#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "app/bench/bench.h"
#include "core/game/win_check.h"
#include "core/search/engine.h"
#include "core/search/movegen.h"
#include "tests/support/testdata.h"

namespace gomoku::bench {

namespace {

struct FileResult {
  int solved = 0, total = 0;
};

bool inList(const std::string& list, Point p, int size) {
  for (const std::string& text : testdata::split(list, '|'))
    for (const std::string& part : testdata::split(text, ','))
      if (testdata::point(part, size) == p) return true;
  return false;
}

// The test data's README: "a grader should accept an answer not in best if a stronger check
// shows it also wins" (best= lists the wins verified so far, not every win). The check is the
// review's and the puzzles' own (win_check.h's moveWins): the engine's threat solver, given
// `nodes` a call, proves that the move wins against every reply. Node budgets, not time: the
// same verdict on any machine.
bool deeperCheckWins(const Board& board, Point move, uint64_t nodes) {
  WinCheckBudget budget;
  budget.vctThreats = 16;
  budget.nodes = nodes;
  budget.wideThreats = 6;
  budget.wideNodes = nodes;
  return moveWins(board, move, budget);
}

// A win the solver cannot prove may still be one the engine's own search proves
// (win_check.h's searchVerdict).
bool searchProvesWin(const Board& board, Point move, uint64_t nodes) {
  if (!board.isEmpty(move)) return false;
  Engine engine;
  return searchVerdict(engine, board, move, nodes) == SearchVerdict::Win;
}

// A deep defence's listed save that the opponent still wins against. The test data labels
// a save by another engine's short searches ("no opponent +M at 300 ms nor at 1 s"), and
// some are wrong: after deepdef13's g3, deepdef19's h9 and deepdef51's e5 the opponent wins
// by a VCT that the solver finds within this budget, and a full-width check (every reply
// within 5 of a stone tried, fives found by plain line scans) agreed - session 40; a test in
// win_check_test.cpp keeps them. Such a move counts as a fail. The solver's claims are sound
// (threat tests check them against every reply on random positions).
bool opponentWinsAfter(const Board& board, Point move) {
  Board after = board;
  if (move == kNullPoint || !after.isEmpty(move)) return false;
  after.place(move);
  if (after.lastMoveWon()) return false;
  return findWin(after, kListedSaveCheckBudget).has_value();
}

bool runFile(const std::string& path, const Options& options, FileResult& result) {
  auto records = testdata::loadFile(path);
  if (records.empty()) {
    std::fprintf(stderr, "gomoku-bench: %s: no records (missing or empty file)\n", path.c_str());
    return false;
  }
  if (options.nodesGiven)
    fmt::print("{} ({} positions, {} nodes each, {} thread{})\n", path, records.size(),
               options.nodes, options.threads, options.threads > 1 ? "s" : "");
  else
    fmt::print("{} ({} positions, {} ms each, {} thread{})\n", path, records.size(),
               options.timeMs, options.threads, options.threads > 1 ? "s" : "");
  for (const auto& record : records) {
    const std::string id = record.get("id");
    Board board;
    if (!testdata::setUp(record, board) || !record.has("best")) {
      fmt::print("  {:<44} {:<5} {:<4} (does not set up or has no best=)\n", id, "--", "FAIL");
      ++result.total;
      continue;
    }
    Limits limits;
    if (options.nodesGiven)
      limits.maxNodes = uint64_t(options.nodes);
    else
      limits.timeMs = options.timeMs;
    limits.threads = options.threads;
    Engine engine;
    engine.wait();  // its table zeroed (mapped) first: the time is the search's own
    auto start = std::chrono::steady_clock::now();
    SearchInfo info = engine.searchNow(board, limits);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    Point move = info.bestMove;
    // A win puzzle also counts as solved when its move is a proven forced win: by the search
    // itself (a mate score), or else by the deeper check, which takes no part in the timing.
    const bool listed = inList(record.get("best"), move, board.size());
    const std::string type = record.get("type");
    const bool isDefence = type == "must_block" || type == "block_four";
    const bool provenBySearch = !isDefence && isMateScore(info.score) && info.score > 0;
    const bool unlistedWin = !isDefence && !listed && !provenBySearch && move != kNullPoint &&
                             !inList(record.get("loses"), move, board.size());
    const bool provenByCheck =
        unlistedWin && deeperCheckWins(board, move, uint64_t(options.checkNodes));
    const bool provenByDeeperSearch = unlistedWin && !provenByCheck && options.checkSearchNodes > 0 &&
                                      searchProvesWin(board, move, uint64_t(options.checkSearchNodes));
    const bool listedButLost = listed && type == "deep_defend" && opponentWinsAfter(board, move);
    const bool ok = (listed || provenBySearch || provenByCheck || provenByDeeperSearch) &&
                    !listedButLost && !inList(record.get("loses"), move, board.size());
    const char* why = listedButLost ? "  (listed, but the solver proves the opponent wins after it)"
                      : !ok || listed    ? ""
                      : provenBySearch ? "  (proven win, not listed)"
                      : provenByCheck  ? "  (not listed: the deeper check proves the win)"
                                       : "  (not listed: a deeper search proves the win)";
    fmt::print("  {:<44} {:<5} {:<4} {:>6} ms  depth {}  {}{}\n", id, pointToText(move),
               ok ? "ok" : "FAIL", ms, info.completedDepth, scoreToText(info.score), why);
    ++result.total;
    result.solved += ok;
  }
  return true;
}

}  // namespace

int runTactics(const Options& options) {
  const std::vector<std::string> files =
      dataFiles(options, {"tactics_freestyle.txt", "tactics_renju.txt", "defense.txt"});
  std::vector<std::pair<std::string, FileResult>> summary;
  for (const std::string& path : files) {
    FileResult result;
    if (!runFile(path, options, result)) return 2;
    summary.emplace_back(path, result);
  }
  int solved = 0, total = 0;
  for (const auto& [path, result] : summary) {
    fmt::print("solved {}/{}  {}\n", result.solved, result.total, path);
    solved += result.solved;
    total += result.total;
  }
  fmt::print("solved {}/{} in all\n", solved, total);
  return 0;
}

}  // namespace gomoku::bench
