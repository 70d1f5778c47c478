// The engine: tactics it must see, limits it must respect, and the promises of its API.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <thread>
#include <vector>

#include "core/search/engine.h"
#include "core/eval/eval.h"
#include "core/search/movegen.h"
#include "core/board/rules.h"
#include "core/search/search.h"
#include "core/search/search_detail.h"
#include "core/search/threat.h"
#include "tests/support/board_compare.h"
#include "tests/support/point_text.h"
#include "core/search/tt.h"
#include "tests/support/testdata.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace gomoku;

namespace {

Board position(int size, Rule rule, std::initializer_list<const char*> black,
               std::initializer_list<const char*> white, Color toMove) {
  Board b(size, rule);
  for (const char* s : black) b.place(*parsePointText(s, size), Color::Black);
  for (const char* s : white) b.place(*parsePointText(s, size), Color::White);
  b.setSideToMove(toMove);
  return b;
}

Limits depthLimit(int depth) {
  Limits l;
  l.maxDepth = depth;
  return l;
}

std::string bestAt(Engine& engine, const Board& b, const Limits& l) {
  return pointToText(engine.searchNow(b, l).bestMove);
}

bool sameBoard(const Board& a, const Board& b) {
  if (a.key() != b.key() || a.sideToMove() != b.sideToMove() || a.moves() != b.moves()) return false;
  for (int y = 0; y < a.size(); ++y)
    for (int x = 0; x < a.size(); ++x) {
      Point p = makePoint(x, y);
      if (a.at(p) != b.at(p) || a.isCandidate(p) != b.isCandidate(p)) return false;
      for (int c = 0; c < 2; ++c)
        if (a.cell(p).packed[c] != b.cell(p).packed[c] || a.cell(p).threat[c] != b.cell(p).threat[c])
          return false;
    }
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < kThreatCount; ++t)
      if (a.threatCount(Color(c), Threat(t)) != b.threatCount(Color(c), Threat(t))) return false;
  return true;
}

}  // namespace

TEST_CASE("engine: completes its own five in one move, in every rule") {
  Engine engine;
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    Board b = position(15, rule, {"f8", "g8", "h8", "i8"}, {"f9", "g9", "h9", "i10"}, Color::Black);
    std::string move = bestAt(engine, b, depthLimit(4));
    CHECK((move == "e8" || move == "j8"));
    CHECK(engine.info().score == kScoreMate - 1);
  }
}

TEST_CASE("engine: blocks a four it cannot outrun") {
  Engine engine;
  // White has a closed four on column d (d4..d7, d3 blocked); black has only twos.
  Board b = position(15, Rule::Freestyle, {"d3", "h8", "i9", "k11"}, {"d4", "d5", "d6", "d7"},
                     Color::Black);
  CHECK(bestAt(engine, b, depthLimit(6)) == "d8");
}

TEST_CASE("engine: blocks an open three when it has no counter-attack") {
  Engine engine;
  // White: open three g7 h7 i7 (row 7 open both ways); black scattered single stones.
  Board b = position(15, Rule::Freestyle, {"h8", "c12", "m3"}, {"g7", "h7", "i7"}, Color::Black);
  std::string move = bestAt(engine, b, depthLimit(6));
  CHECK((move == "f7" || move == "j7" || move == "e7" || move == "k7"));
  // And the move really stops every open four: white has no straight-four point left.
  Board after = b;
  after.place(*parsePointText(move, 15));
  CHECK(after.threatCount(Color::White, Threat::OpenFour) == 0);
}

TEST_CASE("threat solver: solves the VCF puzzles of the test data") {
  int solved = 0, tried = 0;
  for (const char* file : {"tactics_renju.txt", "tactics_freestyle.txt"}) {
    for (const auto& r : testdata::load(file)) {
      if (r.get("type") != "vcf" && r.get("id").find("vcf") == std::string::npos) continue;
      auto best = testdata::split(r.get("best"), '|');
      if (best.empty() || best[0] == "unknown") continue;
      Board b;
      REQUIRE(testdata::setUp(r, b));
      ThreatSolver solver;
      std::vector<Point> line;
      ++tried;
      const Board before = b;
      bool win = solver.solve(b, ThreatMode::Vcf, 100, 2'000'000, &line);
      INFO(r.get("id"));
      // The solve leaves the board as it found it, evaluation sums resumed and exact.
      REQUIRE_FALSE(b.pauseEvalSums(false));
      REQUIRE(testsupport::boardDifference(b, before, {true, true}).empty());
      if (!win) {
        MESSAGE("no VCF found for ", r.get("id"));
        continue;
      }
      REQUIRE(!line.empty());
      // The line is playable and ends in a five for the attacker.
      Board replay = b;
      Color attacker = b.sideToMove();
      for (Point p : line) {
        REQUIRE(replay.isEmpty(p));
        if (replay.sideToMove() == Color::Black) CHECK_FALSE(isForbidden(replay, p));
        replay.place(p);
      }
      CHECK(replay.at(line.back()) == attacker);
      if (!replay.lastMoveWon()) {
        // Renju: the line may stop at a four whose only blocks are forbidden for black.
        CHECK(replay.rule() == Rule::Renju);
        CHECK(replay.sideToMove() == Color::Black);
        Point fives[4];
        int n = fivePoints(replay, attacker, fives, 4);
        CHECK(n >= 1);
        for (int i = 0; i < n; ++i) CHECK(isForbidden(replay, fives[i]));
      }
      ++solved;
    }
  }
  CHECK(tried >= 20);
  CHECK(solved >= tried - 2);  // the two "trap" positions are wins only beyond fours
}

TEST_CASE("threat solver: a connected search finds only real wins, and its fails hide no full win") {
  int connectedWins = 0, fullOnly = 0;
  for (const char* file : {"tactics_renju.txt", "tactics_freestyle.txt", "tactics_deep.txt"}) {
    for (const auto& r : testdata::load(file)) {
      Board b;
      if (!testdata::setUp(r, b)) continue;
      INFO(r.get("id"));
      // One solver for both searches: the connected one first fills the cache.
      ThreatSolver solver;
      std::vector<Point> line;
      const bool connected =
          solver.solve(b, ThreatMode::Vcf, 100, 2'000'000, &line, ThreatScope::Connected);
      if (connected) {
        ++connectedWins;
        Board replay = b;
        for (Point p : line) {
          REQUIRE(replay.isEmpty(p));
          replay.place(p);
        }
        // Ends in a five, or (renju) at a four whose only blocks are forbidden to black.
        Point fives[4];
        CHECK((replay.lastMoveWon() || fivePoints(replay, b.sideToMove(), fives, 4) > 0));
      }
      ThreatSolver fresh;
      const bool fullFresh = fresh.solve(b, ThreatMode::Vcf, 100, 2'000'000);
      const bool fullAfter = solver.solve(b, ThreatMode::Vcf, 100, 2'000'000);
      CHECK(fullAfter == fullFresh);  // the connected fails in the cache changed nothing
      if (connected) CHECK(fullFresh);
      if (fullFresh && !connected) ++fullOnly;
    }
  }
  CHECK(connectedWins >= 20);
  CHECK(fullOnly >= 1);  // some win needs a threat prepared elsewhere: the cache case is tried
}

TEST_CASE("engine: solves the renju VCF puzzles with a listed first move") {
  Engine engine;
  int checked = 0;
  for (const auto& r : testdata::load("tactics_renju.txt")) {
    if (r.get("type") != "vcf") continue;
    auto best = testdata::split(r.get("best"), '|');
    if (best.empty() || best[0] == "unknown") continue;
    Board b;
    REQUIRE(testdata::setUp(r, b));
    Limits l;
    l.maxNodes = 3'000'000;
    SearchInfo info = engine.searchNow(b, l);
    std::string move = pointToText(info.bestMove);
    INFO(r.get("id"), " played ", move);
    CHECK(std::find(best.begin(), best.end(), move) != best.end());
    ++checked;
  }
  CHECK(checked >= 10);
}

TEST_CASE("engine: never plays a forbidden point as black under renju") {
  Engine engine;
  // h8 would make black's double three (quintet_forbid02) and is black's natural move.
  Board b = position(15, Rule::Renju, {"g8", "h7", "h9", "i8"}, {"a1", "o15", "a15", "o1"},
                     Color::Black);
  REQUIRE(isForbidden(b, *parsePointText("h8", 15)));
  SearchInfo info = engine.searchNow(b, depthLimit(5));
  CHECK(info.rule == Rule::Renju);  // what its scores mean: renju's win-chance map
  CHECK(engine.info().rule == Rule::Renju);
  CHECK(info.bestMove != *parsePointText("h8", 15));
  CHECK(isLegal(b, info.bestMove, Color::Black));
  // A whole game of engine moves at low depth: black's moves are all legal.
  Board g(15, Rule::Renju);
  for (int ply = 0; ply < 60 && !g.lastMoveWon() && !g.full(); ++ply) {
    Limits l = depthLimit(3);
    SearchInfo s = engine.searchNow(g, l);
    REQUIRE(s.bestMove != kNullPoint);
    REQUIRE(isLegal(g, s.bestMove, g.sideToMove()));
    g.place(s.bestMove);
  }
}

TEST_CASE("engine: a legal move with a 1 ms limit and with one empty point left") {
  Engine engine;
  Limits fast;
  fast.timeMs = 1;
  Board opening(15, Rule::Freestyle);
  SearchInfo info = engine.searchNow(opening, fast);
  CHECK(opening.isEmpty(info.bestMove));

  Board busy = position(15, Rule::Freestyle, {"h8", "i9", "g7", "j8"}, {"h9", "i8", "g9", "k8"},
                        Color::Black);
  info = engine.searchNow(busy, fast);
  CHECK(busy.isEmpty(info.bestMove));
  // The clock never cuts the first iteration: the move was searched, not the move
  // generator's first guess (a 1 ms budget used to stop the search at its first node).
  CHECK(info.completedDepth >= 1);
  CHECK(info.iterations.size() >= 1);
  // The same for the weakest level, whose eight best moves are all scored at depth 1.
  Limits levelOne = limitsForStrength(1, 1);
  levelOne.lapsePermille = 0;
  info = engine.searchNow(busy, levelOne);
  CHECK(info.completedDepth == 1);
  REQUIRE(info.rootMoves.size() >= 8);
  for (int i = 0; i < 8; ++i) CHECK(info.rootMoves[size_t(i)].depth == 1);

  // 5x5 filled without a five (pattern of 2x2 blocks), one point left.
  Board nearlyFull(5, Rule::Freestyle);
  Point last = makePoint(4, 4);
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) {
      Point p = makePoint(x, y);
      if (p == last) continue;
      nearlyFull.place(p, ((x / 2) + (y / 2) + y) % 2 ? Color::White : Color::Black);
    }
  REQUIRE_FALSE(nearlyFull.lastMoveWon());
  nearlyFull.setSideToMove(Color::Black);
  info = engine.searchNow(nearlyFull, fast);
  CHECK(info.bestMove == last);

  Board full = nearlyFull;
  full.place(last);
  info = engine.searchNow(full, fast);
  CHECK(info.bestMove == kNullPoint);
  CHECK(info.finished);
}

TEST_CASE("engine: stop() ends an infinite search promptly and keeps a move") {
  Engine engine;
  Board b = position(15, Rule::Freestyle, {"h8", "i9"}, {"h9"}, Color::White);
  Limits l;
  l.infinite = true;
  engine.wait();  // the table's first clearing done (slow under sanitizers): 150 ms of search
  engine.go(b, l);
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  CHECK(engine.busy());
  auto t0 = std::chrono::steady_clock::now();
  engine.stop();
  engine.wait();
  auto waited = std::chrono::steady_clock::now() - t0;
  CHECK(waited < std::chrono::seconds(1));  // an outcome bound, not a speed measurement
  SearchInfo info = engine.info();
  CHECK(info.finished);
  CHECK(b.isEmpty(info.bestMove));
  CHECK(info.completedDepth >= 1);
}

TEST_CASE("engine: a match clock's soft limit ends the search long before the hard limit") {
  Engine engine;
  Board b = position(15, Rule::Freestyle, {"h8", "i9", "g7"}, {"h9", "j10"}, Color::White);
  Limits l;
  l.timeMs = 20000;
  l.softTimeMs = 1;
  SearchInfo info = engine.searchNow(b, l);
  CHECK(b.isEmpty(info.bestMove));
  // Without the soft limit the search would deepen for the whole 20 s (or to depth 60).
  CHECK(info.elapsedMs < 10000);
  CHECK(info.completedDepth < 60);
}

TEST_CASE("engine: a new go() cancels the running one, destruction mid-search is safe") {
  Board b = position(15, Rule::Freestyle, {"h8"}, {}, Color::White);
  Limits l;
  l.infinite = true;
  auto engine = std::make_unique<Engine>();
  uint64_t first = engine->go(b, l);
  Limits quick = depthLimit(2);
  uint64_t second = engine->go(b, quick);
  CHECK(second != first);
  engine->wait();
  SearchInfo info = engine->info();
  CHECK(info.searchId == second);
  CHECK(info.finished);
  engine->go(b, l);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  engine.reset();  // joins the worker without hanging
  CHECK(engine == nullptr);
}

TEST_CASE("search: the board is identical before and after a search") {
  for (const auto& r : testdata::load("bench_positions.txt")) {
    Board b;
    REQUIRE(testdata::setUp(r, b));
    Searcher searcher;
    std::atomic<bool> stop{false};
    Searcher::Publish none;
    searcher.run(b, depthLimit(4), stop, 1, none);
    CHECK(sameBoard(searcher.board(), b));
  }
}

TEST_CASE("search: two runs at the same fixed depth give the same move and node count") {
  auto records = testdata::load("bench_positions.txt");
  REQUIRE(records.size() >= 3);
  for (int i = 0; i < 3; ++i) {
    Board b;
    REQUIRE(testdata::setUp(records[i], b));
    Engine e1, e2;
    SearchInfo a = e1.searchNow(b, depthLimit(6));
    SearchInfo c = e2.searchNow(b, depthLimit(6));
    CHECK(a.bestMove == c.bestMove);
    CHECK(a.nodes == c.nodes);
    CHECK(a.score == c.score);
  }
}

TEST_CASE("search: statistics describe the search") {
  Engine engine;
  Board b = position(15, Rule::Freestyle, {"h8", "i9", "g7"}, {"h9", "i8"}, Color::White);
  SearchInfo info = engine.searchNow(b, depthLimit(6));
  CHECK(info.completedDepth == 6);
  CHECK(info.iterations.size() == 6);
  CHECK(info.nodes > 0);
  CHECK(info.betaCutoffs > 0);
  CHECK(info.firstMoveCutoffs <= info.betaCutoffs);
  CHECK(info.ttHits <= info.ttProbes);
  CHECK(info.selDepth >= info.completedDepth);
  // The solvers' share is part of the whole, in nodes and in time.
  CHECK(info.solverNodes < info.nodes);
  CHECK(info.solverMs <= info.elapsedMs);
  REQUIRE(!info.pv.empty());
  CHECK(info.pv.front() == info.bestMove);
  // The PV is a legal sequence from the position.
  Board replay = b;
  for (Point p : info.pv) {
    REQUIRE(replay.isEmpty(p));
    replay.place(p);
    if (replay.lastMoveWon()) break;
  }
  REQUIRE(!info.rootMoves.empty());
  CHECK(info.rootMoves.front().move == info.bestMove);

  // Without solvers (no VCF anywhere), none of the nodes or time is theirs.
  Limits bare = depthLimit(6);
  bare.vcfThreats = bare.vctThreats = bare.leafVcfThreats = 0;
  SearchInfo plain = engine.searchNow(b, bare);
  CHECK(plain.nodes > 0);
  CHECK(plain.solverNodes == 0);
  CHECK(plain.solverMs == 0);
}

TEST_CASE("tt: store then probe returns what was stored, other keys miss") {
  TranspositionTable tt(1);
  uint64_t key = 0x123456789ABCDEF0ull;
  tt.store(key, makePoint(3, 4), -1234, 56, 7, Bound::Lower);
  TTEntry e;
  REQUIRE(tt.probe(key, e));
  CHECK(e.move == makePoint(3, 4));
  CHECK(e.score == -1234);
  CHECK(e.eval == 56);
  CHECK(e.depth == 7);
  CHECK(e.bound == Bound::Lower);
  CHECK_FALSE(tt.probe(key ^ 1, e));
  tt.clear();
  CHECK_FALSE(tt.probe(key, e));
}

TEST_CASE("tt: clear empties a table in use (its memory is reused), resize starts empty") {
  TranspositionTable tt(1);
  std::vector<uint64_t> keys;
  uint64_t key = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 5000; ++i) keys.push_back(key = key * 6364136223846793005ull + 1442695040888963407ull);
  TTEntry e;
  auto fill = [&] {
    for (uint64_t k : keys) tt.store(k, makePoint(1, 2), 10, 0, 3, Bound::Exact);
  };
  auto found = [&] {
    int n = 0;
    for (uint64_t k : keys) n += tt.probe(k, e);
    return n;
  };
  // After emptying, one new entry is stored and read back.
  auto storesAgain = [&](uint64_t k, int score) {
    tt.store(k, makePoint(5, 6), score, 0, 2, Bound::Upper);
    REQUIRE(tt.probe(k, e));
    CHECK(e.move == makePoint(5, 6));
    CHECK(e.score == score);
  };
  fill();
  REQUIRE(found() > 1000);  // most survive: 1 MiB holds far more than 5000 entries
  tt.clear();
  CHECK(found() == 0);
  storesAgain(keys[0], -7);
  fill();
  tt.resize(2);
  CHECK(tt.megabytes() == 2);
  CHECK(found() == 0);
  storesAgain(keys[1], 99);
  // A table too large to zero (over 256 MiB) is allocated afresh by clear() instead; only the
  // pages touched are ever mapped, so this costs little.
  tt.resize(300);
  fill();
  REQUIRE(found() > 4000);
  tt.clear();
  CHECK(found() == 0);
  storesAgain(keys[2], 42);
  CHECK(tt.megabytes() == 300);
}

TEST_CASE("eval: the breakdown adds up to the evaluation, in random positions") {
  uint64_t seed = 7;
  auto rnd = [&seed](int n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return int((seed >> 33) % uint64_t(n));
  };
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju})
    for (int game = 0; game < 20; ++game) {
      Board b(15, rule);
      for (int ply = 0; ply < 40; ++ply) {
        Point p = makePoint(4 + rnd(7), 4 + rnd(7));
        if (!b.isEmpty(p)) continue;
        b.place(p);
        if (b.lastMoveWon()) break;
        Breakdown bd = explain(b);
        int sum = 0;
        for (const EvalTerm& t : bd.mover.terms) {
          CHECK(t.contribution == t.count * t.weight);
          sum += t.contribution;
        }
        for (const EvalTerm& t : bd.other.terms) sum -= t.contribution;
        CHECK(sum == evaluate(b));
        CHECK(bd.score == evaluate(b));
        CHECK(bd.perspective == b.sideToMove());
      }
    }
}

TEST_CASE("engine: Lazy SMP with two threads searches, counts both threads and stops cleanly") {
  Engine engine;
  Board b = position(15, Rule::Freestyle, {"h8", "i9", "g7"}, {"h9", "i8"}, Color::White);
  Limits two = depthLimit(7);
  two.threads = 2;
  SearchInfo smp = engine.searchNow(b, two);
  CHECK(smp.finished);
  CHECK(smp.completedDepth == 7);
  CHECK(b.isEmpty(smp.bestMove));
  CHECK(smp.nodes > 0);
  // Whichever thread's answer is taken, the report tells one story: the move, the first
  // root move and the first PV move agree.
  REQUIRE_FALSE(smp.rootMoves.empty());
  REQUIRE_FALSE(smp.pv.empty());
  CHECK(smp.rootMoves[0].move == smp.bestMove);
  CHECK(smp.pv[0] == smp.bestMove);
  // A forced win is found with helpers running too.
  Board win = position(15, Rule::Freestyle, {"f8", "g8", "h8"}, {"f9", "g9", "a1"}, Color::Black);
  SearchInfo w = engine.searchNow(win, two);
  CHECK(isMateScore(w.score));
  CHECK(w.score > 0);
  // And an infinite two-thread search stops promptly.
  Limits forever;
  forever.infinite = true;
  forever.threads = 2;
  engine.go(b, forever);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  engine.stop();
  engine.wait();
  CHECK_FALSE(engine.busy());
  CHECK(engine.info().finished);
}

TEST_CASE("engine: a stop() right after go() is not lost") {
  Engine engine;
  Board b = position(15, Rule::Freestyle, {"h8"}, {"i9"}, Color::Black);
  Limits forever;
  forever.infinite = true;
  for (int i = 0; i < 20; ++i) {
    engine.go(b, forever);
    engine.stop();  // may come before the worker has even taken the search
    engine.wait();  // would hang (infinite search) if the stop were lost
    CHECK(engine.info().finished);
    CHECK(b.isEmpty(engine.info().bestMove));
  }
}

#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
// Runs `body` in a child process whose address space may grow by only `roomMb` MiB; true if
// it returned true (a throw, a crash or false: false).
static bool withLittleMemory(uint64_t roomMb, bool (*body)()) {
  pid_t pid = fork();
  if (pid == 0) {
    std::ifstream statm("/proc/self/statm");
    uint64_t pages = 0;
    statm >> pages;
    rlimit rl;
    getrlimit(RLIMIT_AS, &rl);
    rl.rlim_cur = pages * uint64_t(sysconf(_SC_PAGESIZE)) + (roomMb << 20);  // soft: see below
    if (setrlimit(RLIMIT_AS, &rl) != 0) _exit(3);
    _exit(body() ? 0 : 1);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

TEST_CASE("tt: memory the system refuses never throws - the old table or a smaller one is kept") {
  // With 100 MiB to grow by, a 64 MiB table and no 128 MiB one: a resize to 4096 MiB keeps
  // the 64 MiB table; with 200 MiB, clear() of a 512 MiB table made while the limit was
  // higher (freed first and allocated afresh, on the engine's thread) gets a smaller one.
  // Both used to throw std::bad_alloc, which on the engine's thread ended the program.
  CHECK(withLittleMemory(100, [] {
    TranspositionTable tt(64);
    tt.store(42, makePoint(1, 1), 5, 0, 3, Bound::Exact);
    tt.resize(4096);
    TTEntry e;
    if (tt.megabytes() != 64 || tt.probe(42, e)) return false;  // kept, and empty
    tt.store(43, makePoint(2, 2), 6, 0, 3, Bound::Exact);
    return tt.probe(43, e) && e.move == makePoint(2, 2);
  }));
  CHECK(withLittleMemory(200, [] {
    // The table is made with the (soft) limit lifted for a moment, then put back.
    rlimit narrow;
    getrlimit(RLIMIT_AS, &narrow);
    rlimit wide = narrow;
    wide.rlim_cur = wide.rlim_max;
    if (setrlimit(RLIMIT_AS, &wide) != 0) return false;
    TranspositionTable tt(512);
    if (tt.megabytes() != 512 || setrlimit(RLIMIT_AS, &narrow) != 0) return false;
    tt.store(42, makePoint(1, 1), 5, 0, 3, Bound::Exact);  // dirty: clear() allocates afresh
    tt.clear();
    TTEntry e;
    if (tt.megabytes() >= 512 || tt.probe(42, e)) return false;
    tt.store(43, makePoint(2, 2), 6, 0, 3, Bound::Exact);
    return tt.probe(43, e) && e.move == makePoint(2, 2);
  }));
  // The engine: the size had is reported, and it still searches.
  CHECK(withLittleMemory(200, [] {
    Engine engine;
    engine.wait();
    const int had = engine.setHashMb(4096);
    if (had < kDefaultTableMb || had >= 4096 || engine.hashMb() != had) return false;
    Board b(15, Rule::Freestyle);
    Limits limits;
    limits.maxDepth = 3;
    SearchInfo info = engine.searchNow(b, limits);
    return info.finished && b.isEmpty(info.bestMove);
  }));
}
#endif

TEST_CASE("engine: hash size can be read back and clearing keeps it") {
  Engine engine;
  engine.setHashMb(8);
  CHECK(engine.hashMb() == 8);
  engine.clear();
  CHECK(engine.hashMb() == 8);
}

TEST_CASE("engine: after clear() the next search starts from empty tables, also when it stopped a search") {
  Board b = position(15, Rule::Freestyle, {"h8", "i9", "g7"}, {"h9", "j10"}, Color::White);
  Limits l = depthLimit(6);
  Engine fresh;
  const SearchInfo first = fresh.searchNow(b, l);
  // A second search on the same engine reuses the table and histories: fewer nodes.
  const SearchInfo again = fresh.searchNow(b, l);
  REQUIRE(again.nodes != first.nodes);
  // After clear() the same search costs exactly what it did on a fresh engine, also when a
  // search was running when clear() came (it is stopped, then the tables are cleared).
  Limits forever;
  forever.infinite = true;
  fresh.go(b, forever);
  fresh.clear();
  const SearchInfo cleared = fresh.searchNow(b, l);
  CHECK(cleared.nodes == first.nodes);
  CHECK(cleared.bestMove == first.bestMove);
  fresh.clear();
  fresh.wait();  // waits for the clearing too
  CHECK_FALSE(fresh.busy());
  CHECK(fresh.searchNow(b, l).nodes == first.nodes);
}

TEST_CASE("engine: defends against a VCF deeper than its search (must-block positions at depth 2)") {
  Engine engine;
  int checked = 0;
  for (const auto& r : testdata::load("defense.txt")) {
    if (r.get("type") != "must_block") continue;
    Board b;
    REQUIRE(testdata::setUp(r, b));
    SearchInfo info = engine.searchNow(b, depthLimit(2));
    auto best = testdata::split(r.get("best"), '|');
    INFO(r.get("id"), " played ", pointToText(info.bestMove));
    CHECK(std::find(best.begin(), best.end(), pointToText(info.bestMove)) != best.end());
    ++checked;
  }
  // A handmade one: black threatens a VCF of three fours on an empty corner of the board.
  Board b = position(15, Rule::Freestyle, {"c3", "d3", "e3", "c4", "c5", "d5"},
                     {"b3", "h8", "h9", "i8", "j12", "k12"}, Color::White);
  Board attacker = b;
  attacker.setSideToMove(Color::Black);
  ThreatSolver solver;
  REQUIRE(solver.solve(attacker, ThreatMode::Vcf, 100, 100000));
  SearchInfo info = engine.searchNow(b, depthLimit(2));
  Board after = b;
  after.place(info.bestMove);
  CHECK_FALSE(solver.solve(after, ThreatMode::Vcf, 100, 100000));
  CHECK(checked >= 2);
}

// Every timed move ends with an iteration cut midway (the engine deepens until its time is
// up), so the cut must never leave a garbage score, an illegal move or, with several moves
// compared (MultiPV), a list whose exact scores are no longer best first. Node limits cut the same way.
TEST_CASE("engine: a search cut midway plays a legal move with a real score and ranks its moves") {
  const Board boards[] = {
      position(15, Rule::Renju, {"h8", "i9", "g7", "j9"}, {"h9", "g9", "i8"}, Color::White),
      position(15, Rule::Freestyle, {"h8", "i8", "j9", "g10", "h10"}, {"h9", "i10", "g8", "j8", "k7"},
               Color::Black),
      position(15, Rule::Standard, {"h8", "h9", "j7", "f9"}, {"i9", "g8", "i7", "g10"}, Color::Black)};
  Engine engine;
  for (const Board& b : boards)
  for (int multiPv : {1, 4}) {
    for (uint64_t nodes = 400; nodes <= 40000; nodes = nodes * 5 / 4) {
      CAPTURE(multiPv);
      CAPTURE(nodes);
      Limits l;
      l.maxNodes = nodes;
      l.multiPv = multiPv;
      engine.clear();
      SearchInfo info = engine.searchNow(b, l);
      REQUIRE(b.isEmpty(info.bestMove));
      CHECK(info.score > -kScoreInfinite);
      CHECK(info.score < kScoreInfinite);
      REQUIRE_FALSE(info.rootMoves.empty());
      CHECK(info.rootMoves[0].move == info.bestMove);
      // The first multiPv moves have exact scores, best first (the others only bounds).
      for (size_t i = 1; i < std::min<size_t>(multiPv, info.rootMoves.size()); ++i)
        CHECK(info.rootMoves[i - 1].score >= info.rootMoves[i].score);
    }
  }
}

// A cut iteration can prove the previous best move lost (it fails low to a mate) before it
// reaches the move that saves: in deepdef22 (white to move; f8 and i13 save) depth 8 proves
// f12 and then h10 lost, each over a few hundred thousand nodes, while i13 waits its turn. The
// search must not play a move it proved lost, nor call a move lost that it did not prove (a
// move that merely beat a mate loss). Node limits cut it at the same points on any machine;
// the range brackets the proofs as they were with the evaluation of e32a1c5 (its build, before
// the fix, played h10 as "loss in 8" at 550k and 600k, and i13 as "loss in 9" at 700k). With
// the tables fitted again in c672187 the search plays f8 from depth 7 and never reaches the
// case here, so this now only guards the invariant; a position that reaches it with the
// current tables is still to be found (none of defense_deep, defense, tactics_deep and
// tactics_freestyle did at 1.5 M nodes with the tables of 24b4b6c). The rule itself is tested
// directly below.
TEST_CASE("engine: a cut iteration never plays a move it proved lost while another is not") {
  Board b;
  bool found = false;
  for (const auto& r : testdata::load("defense_deep.txt"))
    if (r.get("id") == "deepdef22") found = testdata::setUp(r, b);
  REQUIRE(found);
  Engine engine;
  for (uint64_t nodes = 450000; nodes <= 750000; nodes += 50000) {
    CAPTURE(nodes);
    Limits l;
    l.maxNodes = nodes;
    engine.clear();
    SearchInfo info = engine.searchNow(b, l);
    INFO("played ", pointToText(info.bestMove), " ", scoreToText(info.score));
    if (info.score < -kScoreMateBound)  // a loss is reported only when every move is lost
      for (const RootMoveInfo& rm : info.rootMoves) CHECK(rm.score < -kScoreMateBound);
  }
}

TEST_CASE("late-move reductions: a lone four is reducible, not a four with more or a block") {
  // Black h8 i8 j8 with white g8: k8 makes a four (l8 completes it) and nothing else.
  Board b = position(15, Rule::Freestyle, {"h8", "i8", "j8"}, {"g8"}, Color::Black);
  const Point k8 = testsupport::pt("k8");
  REQUIRE(b.threat(k8, Color::Black) == Threat::Block4);
  CHECK(search_detail::isLoneFour(b, k8));
  CHECK_FALSE(search_detail::isReducible(b, k8));  // a four: not by the quiet-move rule itself
  // With k9 k10 black, k8 also makes an open three: a four-three, never a lone four.
  Board fourThree =
      position(15, Rule::Freestyle, {"h8", "i8", "j8", "k9", "k10"}, {"g8"}, Color::Black);
  REQUIRE(fourThree.threat(k8, Color::Black) == Threat::Block4Flex3);
  CHECK_FALSE(search_detail::isLoneFour(fourThree, k8));
  // White k5 k6 k7 k9: k8 is white's five point, so black's four there also blocks a four.
  Board blocks = position(15, Rule::Freestyle, {"h8", "i8", "j8"}, {"g8", "k5", "k6", "k7", "k9"},
                          Color::Black);
  REQUIRE(blocks.threat(k8, Color::Black) == Threat::Block4);
  REQUIRE(blocks.threat(k8, Color::White) == Threat::Five);
  CHECK_FALSE(search_detail::isLoneFour(blocks, k8));
  // The side to move decides whose four it is: for white to move, k8 makes no four of white.
  b.setSideToMove(Color::White);
  CHECK_FALSE(search_detail::isLoneFour(b, k8));
}

TEST_CASE("root: after a cut iteration a proved-lost first move gives way to the first move not proved lost") {
  struct Move {
    int id;
    bool provenLost;
  };
  auto ids = [](const std::vector<Move>& moves) {
    std::vector<int> out;
    for (const Move& m : moves) out.push_back(m.id);
    return out;
  };
  std::vector<Move> moves = {{1, true}, {2, true}, {3, false}, {4, false}};
  search_detail::keepProvenLossOutOfFirst(moves);
  CHECK(ids(moves) == std::vector<int>{3, 1, 2, 4});
  // A first move not proved lost stays, whatever follows.
  moves = {{1, false}, {2, true}, {3, false}};
  search_detail::keepProvenLossOutOfFirst(moves);
  CHECK(ids(moves) == std::vector<int>{1, 2, 3});
  // Every move lost: nothing better to play, the ranking stays.
  moves = {{1, true}, {2, true}};
  search_detail::keepProvenLossOutOfFirst(moves);
  CHECK(ids(moves) == std::vector<int>{1, 2});
  moves.clear();
  search_detail::keepProvenLossOutOfFirst(moves);
  CHECK(moves.empty());
}

TEST_CASE("threat solver: stays within its node budget when the defender has many fours to string") {
  // A self-play position (freestyle, 94 stones, black to move) where a 2-threat VCT once ran
  // past 7 million nodes on a budget of 6,612: the defender's counter-fours, each answered by a
  // forced block, made a tree whose nodes never checked the budget.
  const char* moves =
      "l12,m11,n10,m9,n8,l7,m7,k8,n9,n11,m10,j9,i10,l10,l11,k12,k9,l8,l6,k5,j10,i8,h8,k11,k6,j6,"
      "j8,k14,k13,l13,m12,k7,i5,n6,h10,g10,i11,j12,i13,i12,h12,g13,g11,h11,j13,f10,h6,f9,e8,f11,"
      "f12,i9,h9,h7,i7,g5,g6,g8,e10,e7,f8,g7,e13,d14,e12,e11,d12,g12,c11,b10,f7,d9,c12,b12,c13,"
      "c10,b13,d13,f6,i6,j5,h5,g4,f5,e5,c9,e9,b8,d7,i14,d6,e6,j14,k15";
  const auto played = testdata::points(moves, ',', 15);
  REQUIRE(played);
  Board b(15, Rule::Freestyle);
  for (Point p : *played) {
    REQUIRE(b.isEmpty(p));
    b.place(p);
  }
  REQUIRE(b.sideToMove() == Color::Black);
  const uint64_t before = b.key();
  for (int threats = 2; threats <= 4; ++threats) {
    ThreatSolver solver;
    std::vector<Point> line;
    solver.solve(b, ThreatMode::Vct, threats, 6612, &line);
    INFO("threats " << threats);
    // A node past the budget is counted before the check that ends the search.
    CHECK(solver.nodes() <= 6612 + 64);
    CHECK(b.key() == before);
  }
}

TEST_CASE("threat solver: the line follows the defence that holds out longest") {
  // A renju puzzle (white's h7, a VCT that starts with the block of black's four). Black has
  // three counter-fours to play before it stops the three; the line of the first answer tried,
  // the direct block g7, shows a win in 4 (7 plies) where black can hold out to a win in 7 (13
  // plies): with longest lines (the puzzles' and the review's checks) the line is the longer one.
  const auto moves = testdata::points("h8,f5,i8,f6,j8,g8,f7,g5,i7,e7,h4,e5,h5,g6,h6", ',', 15);
  REQUIRE(moves);
  Board b(15, Rule::Renju);
  for (Point p : *moves) b.place(p);
  ThreatSolver solver;
  std::vector<Point> line;
  REQUIRE(solver.solve(b, ThreatMode::Vct, 2, 2000000, &line));
  CHECK(line.size() == 7);  // by default: the first answer tried
  solver.setLongestLines(true);
  line.clear();
  REQUIRE(solver.solve(b, ThreatMode::Vct, 2, 2000000, &line));
  REQUIRE(line.size() >= 3);
  CHECK(pointToText(line[0]) == "h7");
  CHECK(line.size() == 13);
  // No first answer lasts longer than the line says: after h7 and each answer, a fresh
  // solver's win is at most the rest of the line.
  Board after = b;
  after.place(line[0]);
  MoveList answers;
  generateMoves(after, answers);
  REQUIRE(answers.count >= 2);
  for (int i = 0; i < answers.count; ++i) {
    CAPTURE(pointToText(answers.items[i].move));
    Board c = after;
    c.place(answers.items[i].move);
    ThreatSolver fresh;
    std::vector<Point> rest;
    REQUIRE(fresh.solve(c, ThreatMode::Vct, 2, 2000000, &rest));
    CHECK(rest.size() + 2 <= line.size());
  }
  // The line is a game: black and white alternating on empty points, ending in black's five.
  Board replay = b;
  for (Point p : line) {
    REQUIRE(replay.isEmpty(p));
    replay.place(p);
  }
  CHECK(replay.lastMoveWon());

}

TEST_CASE("engine: a win its root solver proves is shown at its length against the longest defence") {
  // quintet's test_vct_counter (renju): the root's VCT proves the win the fast way, following
  // the first defence tried (a win in 3); the same proof again with every defence's line gives
  // a win in 5, which the score and the principal variation show. The move is the same.
  Board b;
  REQUIRE(testdata::setUpById("tactics_renju.txt", "quintet_test_vct_counter", b));
  ThreatSolver solver;
  std::vector<Point> firstLine;
  int threats = 2;
  while (threats <= 9 && !solver.solve(b, ThreatMode::Vct, threats, 1000000, &firstLine)) ++threats;
  REQUIRE(threats <= 9);
  CHECK(firstLine.size() == 5);
  Searcher searcher;
  std::atomic<bool> stop{false};
  Limits limits;
  limits.maxDepth = 8;
  const SearchInfo info = searcher.run(b, limits, stop, 1, nullptr);
  CHECK(info.solver == "VCT");
  CHECK(info.bestMove == firstLine[0]);
  CHECK(scoreToText(info.score) == "win in 5");
  CHECK(info.pv.size() == 9);
  // The longer line is a game too, ending in the winner's five.
  Board replay = b;
  for (Point p : info.pv) {
    REQUIRE(replay.isEmpty(p));
    replay.place(p);
  }
  CHECK(replay.lastMoveWon());
}
