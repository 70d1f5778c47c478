// What the watching panels compute: the breakdown against evaluate(), the heat map against
// the engine's candidate list, the PV drawn as a legal line, the game chart, the statistics
// sampler (scripted and over a real engine search), the iteration series, root-move sorting.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "app/gui/models/watch_model.h"
#include "core/search/engine.h"
#include "core/board/rules.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::testsupport::pt;

namespace {

Board play(std::initializer_list<const char*> moves, int size = 15, Rule rule = Rule::Freestyle) {
  Board b(size, rule);
  for (const char* m : moves) b.place(pt(m, size));
  return b;
}

// Random-but-repeatable positions near the centre (stopping before a five).
std::vector<Board> samplePositions(Rule rule, int count, uint64_t seed) {
  auto rnd = [&seed](int n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((seed >> 33) % static_cast<uint64_t>(n));
  };
  std::vector<Board> out;
  for (int game = 0; game < count; ++game) {
    Board b(15, rule);
    const int plies = 1 + rnd(30);
    for (int ply = 0; ply < plies; ++ply) {
      const Point p = makePoint(3 + rnd(9), 3 + rnd(9));
      if (!b.isEmpty(p)) continue;
      b.place(p);
      if (b.lastMoveWon()) {
        b.undo();
        break;
      }
    }
    out.push_back(b);
  }
  return out;
}

}  // namespace

TEST_CASE("watch: the breakdown shown adds up, term by term, to evaluate()") {
  int positions = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    for (const Board& b : samplePositions(rule, 25, 11 + static_cast<uint64_t>(rule))) {
      EvalView view = evalView(b);
      CAPTURE(b.stoneCount());
      for (const ColorBreakdown* side : {&view.breakdown.mover, &view.breakdown.other}) {
        for (const EvalTerm& t : side->terms) CHECK(t.contribution == t.count * t.weight);
      }
      CHECK(view.breakdown.mover.color == b.sideToMove());
      CHECK(view.moverSum == view.breakdown.mover.total);
      CHECK(view.otherSum == view.breakdown.other.total);
      CHECK(view.moverSum - view.otherSum == evaluate(b));
      CHECK(view.evaluation == evaluate(b));
      CHECK(view.consistent());
      ++positions;
    }
  }
  CHECK(positions == 75);
  // A position with real threats has terms on both sides.
  EvalView view = evalView(play({"h8", "a1", "i8", "a2", "j8", "o15", "h9", "i9"}));
  CHECK_FALSE(view.breakdown.mover.terms.empty());
  CHECK_FALSE(view.breakdown.other.terms.empty());
  CHECK(view.consistent());
}

TEST_CASE("watch: the heat map covers exactly the points generateMoves returns") {
  for (Rule rule : {Rule::Freestyle, Rule::Renju}) {
    for (const Board& b : samplePositions(rule, 20, 5 + static_cast<uint64_t>(rule))) {
      Board copy = b;
      MoveList list;
      const NodeKind kind = generateMoves(copy, list);
      std::set<Point> expected;
      for (const ScoredMove& m : list) expected.insert(m.move);

      HeatMap map = heatMap(b);
      CHECK(map.kind == kind);
      std::set<Point> shown;
      for (const HeatCell& cell : map.cells) {
        shown.insert(cell.point);
        CHECK(cell.score == orderingScore(b, cell.point));
        CHECK(cell.heat >= 0.0f);
        CHECK(cell.heat <= 1.0f);
      }
      CHECK(shown.size() == map.cells.size());  // no point twice
      CHECK(shown == expected);
      // Strongest first, and the strongest is fully hot.
      CHECK(std::is_sorted(map.cells.begin(), map.cells.end(),
                           [](const HeatCell& a, const HeatCell& c) { return a.score > c.score; }));
      if (!map.cells.empty()) CHECK(map.cells.front().heat == doctest::Approx(1.0f));
    }
  }
  // A four on the board: only the block is a candidate.
  Board four = play({"h8", "a1", "i8", "a3", "j8", "a5", "k8"});
  HeatMap forced = heatMap(four);
  CHECK(forced.kind == NodeKind::MustBlock);
  REQUIRE_FALSE(forced.cells.empty());
  for (const HeatCell& cell : forced.cells)
    CHECK((cell.point == pt("g8") || cell.point == pt("l8")));
  // Nothing to show after a five.
  Board won = play({"h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8"});
  REQUIRE(won.lastMoveWon());
  CHECK(heatMap(won).cells.empty());
}

TEST_CASE("watch: the PV drawn is a legal sequence from the position and stops at a five") {
  Board b = play({"h8", "a1", "i8", "a3", "j8"});  // white to move
  std::vector<Point> pv = {pt("a5"), pt("k8"), pt("a7"), pt("l8"), pt("a9"), pt("m8")};
  std::vector<PvStone> stones = pvStones(b, pv);
  REQUIRE(stones.size() == 4);  // l8 makes black's five: nothing after it
  CHECK(stones[0].point == pt("a5"));
  CHECK(stones[0].color == Color::White);
  CHECK(stones[0].number == 1);
  CHECK(stones[1].color == Color::Black);
  CHECK(stones[3].point == pt("l8"));
  CHECK(stones[3].number == 4);
  // Replaying the stones is legal move by move and ends in the five.
  Board replay = b;
  for (const PvStone& s : stones) {
    REQUIRE(replay.sideToMove() == s.color);
    REQUIRE(isLegal(replay, s.point, s.color));
    replay.place(s.point);
  }
  CHECK(replay.lastMoveWon());

  // An occupied point, an off-board point or a repeated point cuts the line there.
  CHECK(pvStones(b, {pt("a5"), pt("h8"), pt("k8")}).size() == 1);
  CHECK(pvStones(b, {pt("a5"), makePoint(20, 3)}).size() == 1);
  CHECK(pvStones(b, {pt("a5"), pt("a5")}).size() == 1);
  CHECK(pvStones(b, {kNullPoint}).empty());
  CHECK(pvStones(b, {}).empty());

  // Renju: a forbidden point for black ends the line (double three at h8 here).
  Board renju(15, Rule::Renju);
  for (const char* m : {"g8", "a1", "i8", "a3", "h7", "a5", "h9", "o15"}) renju.place(pt(m));
  REQUIRE(renju.sideToMove() == Color::Black);
  REQUIRE(isForbidden(renju, pt("h8")));
  CHECK(pvStones(renju, {pt("h8"), pt("b2")}).empty());
  CHECK(pvStones(renju, {pt("o1"), pt("b2"), pt("h8")}).size() == 2);

  // The engine's own PV, from a real search, draws in full and legally.
  Engine engine;
  Limits limits;
  limits.maxDepth = 6;
  SearchInfo info = engine.searchNow(b, limits);
  REQUIRE_FALSE(info.pv.empty());
  std::vector<PvStone> engineStones = pvStones(b, info.pv);
  CHECK(engineStones.size() == info.pv.size());
}

TEST_CASE("watch: the PV follows the game while it goes the predicted way") {
  Board searched = play({"h8", "i9"});
  const std::vector<Point> pv = {pt("j10"), pt("g7"), pt("h9")};
  CHECK(pvFromHere(searched, 2, searched.key(), pv) == pv);
  Board after = play({"h8", "i9", "j10"});
  CHECK(pvFromHere(after, 2, searched.key(), pv) == std::vector<Point>{pt("g7"), pt("h9")});
  Board after2 = play({"h8", "i9", "j10", "g7"});
  CHECK(pvFromHere(after2, 2, searched.key(), pv) == std::vector<Point>{pt("h9")});
  Board elsewhere = play({"h8", "i9", "k11"});
  CHECK(pvFromHere(elsewhere, 2, searched.key(), pv).empty());
  Board other = play({"h8", "i10", "j10"});  // same ply, different searched position
  CHECK(pvFromHere(other, 2, searched.key(), pv).empty());
  Board before = play({"h8"});
  CHECK(pvFromHere(before, 2, searched.key(), pv).empty());
}

TEST_CASE("watch: the game chart is one series, the engine's scores, never a static evaluation") {
  const std::vector<Point> line = {pt("h8"), pt("i9"), pt("j10"), pt("h9")};
  ScoreMemory memory;
  Board b(15, Rule::Freestyle);
  b.place(line[0]);
  b.place(line[1]);
  memory.record(2, b.key(), b.sideToMove(), 250, 9);  // black to move: +250 for black
  b.place(line[2]);
  memory.record(3, b.key(), b.sideToMove(), 400, 7);  // white to move: -400 for black
  memory.record(3, b.key(), b.sideToMove(), 100, 5);  // shallower: ignored
  CHECK(memory.size() == 2);

  std::vector<ChartPoint> chart = gameChart(15, Rule::Freestyle, line, memory);
  REQUIRE(chart.size() == 5);
  CHECK(chart[0].move == kNullPoint);
  CHECK(chart[1].move == line[0]);
  // Every known point is one the engine scored; the rest are gaps, not static evaluations.
  for (const ChartPoint& p : chart) CHECK(p.known == (p.ply == 2 || p.ply == 3));
  CHECK(chart[0].blackChance == doctest::Approx(0.5f));
  CHECK(chart[2].blackScore == 250);
  CHECK(chart[2].depth == 9);
  CHECK(chart[2].blackChance == doctest::Approx(winProbability(250, Rule::Freestyle)));
  CHECK(chart[3].blackScore == -400);
  // White to move there: black's chance is what white's +400 leaves it, as the Search panel
  // (white's chance) would show it - not the map read at black's -400 (its offset is not 0).
  CHECK(chart[3].blackChance == doctest::Approx(1 - winProbability(400, Rule::Freestyle)));
  CHECK(winProbability(-400, Rule::Freestyle) !=
        doctest::Approx(1 - winProbability(400, Rule::Freestyle)));
  CHECK(chart[3].blackChance < 0.5f);

  // The search that produced a move scores the position after it too, once it is played,
  // from black's view: white's +120 at ply 1 is -120 for black at plies 1 and 2.
  ScoreMemory fromSearch;
  Board afterH8 = play({"h8"});
  SearchInfo info;
  info.searchId = 7;
  info.finished = true;
  info.completedDepth = 6;
  info.bestMove = pt("i9");
  info.score = 120;
  rememberSearch(fromSearch, line, 15, Rule::Freestyle, 1, afterH8.key(), info);
  std::vector<ChartPoint> searched = gameChart(15, Rule::Freestyle, line, fromSearch);
  CHECK_FALSE(searched[0].known);
  CHECK(searched[1].known);
  CHECK(searched[1].blackScore == -120);
  CHECK(searched[1].depth == 6);
  CHECK(searched[2].known);
  CHECK(searched[2].blackScore == -120);
  CHECK(searched[2].depth == 5);
  CHECK_FALSE(searched[3].known);
  // A search whose move the game did not play says nothing about the next position.
  ScoreMemory other;
  info.bestMove = pt("k11");
  rememberSearch(other, line, 15, Rule::Freestyle, 1, afterH8.key(), info);
  CHECK(other.size() == 1);

  // Mates in words, for the winner.
  CHECK(blackScoreText(35) == "+35 for black");
  CHECK(blackScoreText(kScoreMate - 5) == "black wins in 3");
  CHECK(blackScoreText(-(kScoreMate - 3)) == "white wins in 2");
  CHECK(scoreForText(kScoreMate - 1, Color::White) == "white wins in 1");
  CHECK(scoreForText(-40, Color::White) == "-40 for white");

  // A won game ends in a certain result for the winner.
  const std::vector<Point> won = {pt("h8"), pt("a1"), pt("i8"), pt("a3"), pt("j8"),
                                  pt("a5"), pt("k8"), pt("a7"), pt("l8")};
  std::vector<ChartPoint> wonChart = gameChart(15, Rule::Freestyle, won, ScoreMemory{});
  REQUIRE(wonChart.size() == won.size() + 1);
  CHECK(wonChart.back().blackScore == kScoreMate);
  CHECK(wonChart.back().blackChance == doctest::Approx(1.0f));

  CHECK(chartPlyAt(0.0f, 10) == 0);
  CHECK(chartPlyAt(1.0f, 10) == 9);
  CHECK(chartPlyAt(0.5f, 11) == 5);
  CHECK(chartPlyAt(-3.0f, 10) == 0);
  CHECK(chartPlyAt(7.0f, 10) == 9);
  CHECK(chartPlyAt(0.5f, 1) == 0);
}

TEST_CASE("watch: the sampler takes at most one sample per interval and starts over per search") {
  StatsSampler sampler(100, 8);
  SearchInfo info;
  CHECK_FALSE(sampler.observe(info, 0));  // no search
  info.searchId = 3;
  info.running = true;
  CHECK_FALSE(sampler.observe(info, 0));  // nothing published yet
  info.nodes = 1000;
  info.elapsedMs = 40;
  info.nps = 25000;
  CHECK(sampler.observe(info, 10));
  info.nodes = 2000;
  info.elapsedMs = 80;
  CHECK_FALSE(sampler.observe(info, 60));  // too soon
  CHECK(sampler.observe(info, 110));
  CHECK_FALSE(sampler.observe(info, 300));  // the engine has not published since
  REQUIRE(sampler.samples().size() == 2);
  CHECK(sampler.nodesSeries() == std::vector<float>{1000.0f, 2000.0f});
  CHECK(sampler.speedSeries().size() == 2);

  // Full: every other sample goes and the interval doubles.
  int64_t now = 110;
  for (int i = 0; i < 6; ++i) {
    now += 100;
    info.nodes += 1000;
    info.elapsedMs += 100;
    CHECK(sampler.observe(info, now));
  }
  CHECK(sampler.samples().size() == 8);
  now += 100;
  info.nodes += 1000;
  info.elapsedMs += 100;
  CHECK(sampler.observe(info, now));
  CHECK(sampler.samples().size() == 5);
  CHECK(sampler.intervalMs() == 200);
  CHECK(sampler.samples().front().nodes == 1000);
  CHECK(sampler.nodesSeries().size() == 5);
  CHECK(std::is_sorted(
      sampler.samples().begin(), sampler.samples().end(),
      [](const StatSample& a, const StatSample& b) { return a.seconds < b.seconds; }));

  // The series stays after the search ends; a new search starts a new one.
  info.running = false;
  info.finished = true;
  CHECK(sampler.samples().size() == 5);
  SearchInfo next;
  next.searchId = 4;
  next.nodes = 10;
  next.elapsedMs = 1;
  CHECK(sampler.observe(next, now + 1));
  CHECK(sampler.searchId() == 4);
  CHECK(sampler.samples().size() == 1);
  CHECK(sampler.intervalMs() == 100);
}

TEST_CASE("watch: statistics refresh while a real engine search runs") {
  Engine engine;
  Board b = play({"h8", "i9", "h9", "i8", "g10"});
  Limits limits;
  limits.infinite = true;
  const uint64_t id = engine.go(b, limits);
  StatsSampler sampler;
  const auto start = std::chrono::steady_clock::now();
  auto elapsedMs = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  };
  // Frames at ~60 per second, as the app would poll, until 5 samples came (about half a
  // second on an idle machine; a busy one may take longer, and the root's solvers publish
  // nothing while they run), or 10 s.
  int frames = 0;
  while (sampler.samples().size() < 5 && elapsedMs() < 10000) {
    SearchInfo info = engine.info();
    if (info.searchId == id) sampler.observe(info, elapsedMs());
    ++frames;
    std::this_thread::sleep_for(std::chrono::milliseconds(16));
  }
  const int64_t totalMs = elapsedMs();
  engine.stop();
  engine.wait();
  CHECK(sampler.searchId() == id);
  const auto& samples = sampler.samples();
  CAPTURE(frames);
  CAPTURE(totalMs);
  CHECK(samples.size() == 5);
  CHECK(int64_t(samples.size()) <= totalMs / 100 + 1);  // never more than one per 100 ms
  for (size_t i = 1; i < samples.size(); ++i) {
    CHECK(samples[i].nodes > samples[i - 1].nodes);
    CHECK(samples[i].seconds > samples[i - 1].seconds);
  }
  CHECK(samples.back().nps > 0);
}

TEST_CASE("watch: iteration series, root-move sorting and the text helpers") {
  SearchInfo info;
  for (int d = 1; d <= 4; ++d) {
    IterationInfo it;
    it.depth = d;
    it.score = d * 50;
    it.bestMove = d < 3 ? pt("h8") : pt("i9");
    it.nodes = static_cast<uint64_t>(d) * 1000;
    info.iterations.push_back(it);
  }
  std::vector<IterationPoint> series = iterationSeries(info);
  REQUIRE(series.size() == 4);
  CHECK_FALSE(series[0].bestChanged);
  CHECK_FALSE(series[1].bestChanged);
  CHECK(series[2].bestChanged);
  CHECK_FALSE(series[3].bestChanged);
  CHECK(series[3].score == 200);
  CHECK(series[3].chance > 0.5f);
  CHECK(series[3].chance == doctest::Approx(winProbability(200, Rule::Freestyle)));
  // The chances are those of the rule the search ran under (the info says which), not of
  // whatever game is shown: each rule has its own map.
  info.rule = Rule::Renju;
  std::vector<IterationPoint> renju = iterationSeries(info);
  REQUIRE(renju.size() == 4);
  CHECK(renju[3].chance == doctest::Approx(winProbability(200, Rule::Renju)));
  CHECK(winProbability(200, Rule::Renju) != doctest::Approx(winProbability(200, Rule::Freestyle)));

  SearchInfo root;
  root.rootMoves = {{pt("h8"), 30, 5, 900, {pt("h8"), pt("i9")}},
                    {pt("a1"), -10, 5, 100, {}},
                    {pt("o15"), 30, 4, 50, {}},
                    {pt("c3"), 500, 6, 400, {}}};
  std::vector<RootRow> moves = rootRows(root);
  REQUIRE(moves.size() == 4);
  CHECK(moves[0].move == pt("h8"));
  CHECK(moves[0].score == 30);
  CHECK(moves[0].nodes == 900);
  CHECK(moves[0].depth == 5);
  CHECK(moves[3].rank == 3);
  sortRootRows(moves, RootColumn::Score, false);
  CHECK(moves[0].move == pt("c3"));
  CHECK(moves[1].move == pt("h8"));  // ties keep their order
  CHECK(moves[2].move == pt("o15"));
  CHECK(moves[3].move == pt("a1"));
  std::vector<RootRow> unscored = moves;
  unscored.push_back({pt("b2"), 900, 10, 0, 4});  // not searched yet: its score means nothing
  sortRootRows(unscored, RootColumn::Score, false);
  CHECK(unscored.front().move == pt("c3"));
  CHECK(unscored.back().move == pt("b2"));
  sortRootRows(unscored, RootColumn::Score, true);
  CHECK(unscored.front().move == pt("a1"));
  CHECK(unscored.back().move == pt("b2"));
  sortRootRows(unscored, RootColumn::Rank, true);  // back to the engine's order
  for (size_t i = 0; i < unscored.size(); ++i) CHECK(unscored[i].rank == static_cast<int>(i));
  sortRootRows(moves, RootColumn::Nodes, true);
  CHECK(moves.front().nodes == 50);
  CHECK(moves.back().nodes == 900);
  sortRootRows(moves, RootColumn::Move, true);
  CHECK(moves.front().move == pt("a1"));
  CHECK(moves.back().move == pt("o15"));
  sortRootRows(moves, RootColumn::Depth, false);
  CHECK(moves.front().depth == 6);

  CHECK(formatCount(987) == "987");
  CHECK(formatCount(1234) == "1.23k");
  CHECK(formatCount(45600) == "45.6k");
  CHECK(formatCount(4560000) == "4.56M");
  CHECK(formatCount(1230000000ull) == "1.23G");
  CHECK(provenText(100).empty());
  CHECK(provenText(kScoreMate - 7) == "forced win in 4");
  CHECK(provenText(-(kScoreMate - 6)) == "forced loss in 3");
  CHECK(share(1, 4) == doctest::Approx(0.25));
  CHECK(share(1, 0) == 0.0);
}

TEST_CASE("watch: aspiration re-searches are named, and scores compare with the same parity") {
  std::vector<IterationInfo> rows(4);
  for (int i = 0; i < 4; ++i) rows[static_cast<size_t>(i)].depth = i + 3;  // depths 3..6
  rows[0].score = 100;
  rows[1].score = -20;  // depth 4: the other side's last move
  rows[2].score = 140;  // depth 5: like depth 3, +40
  rows[2].failHighs = 1;
  rows[3].score = -60;
  rows[3].failLows = 2;
  rows[3].failHighs = 1;
  CHECK(researchText(rows[0]).empty());
  CHECK(researchText(rows[2]) == "fail high");
  CHECK(researchText(rows[3]) == "fail low x2, fail high");

  const std::string why = scoreMoveText(rows, 2);
  CHECK(why.find("Depth 5: +140.") == 0);
  CHECK(why.find("+160 since depth 4") != std::string::npos);
  CHECK(why.find("+40 since depth 3 (the same parity") != std::string::npos);
  CHECK(why.find("Fail high") != std::string::npos);
  CHECK(why.find("Fail low") == std::string::npos);
  CHECK(scoreMoveText(rows, 3).find("Fail low") != std::string::npos);
  CHECK(scoreMoveText(rows, 3).find("-40 since depth 4 (the same parity") != std::string::npos);
  CHECK(scoreMoveText(rows, 9).empty());
}

TEST_CASE("watch: a fast search shows its speed or says it was too fast, never 0/s") {
  SearchInfo info;
  info.nodes = 412;
  info.elapsedMs = 0;
  info.nps = 0;
  CHECK(speedText(info) == "412 nodes in < 1 ms");
  info.elapsedMs = 4;  // the engine's own nps not filled in: computed from nodes and time
  CHECK(speedText(info) == "103k/s");
  info.nps = 250000;
  CHECK(speedText(info) == "250k/s");
  info.nodes = 0;
  CHECK(speedText(info) == "-");
  CHECK(elapsedText(0) == "< 1 ms");
  CHECK(elapsedText(35) == "35 ms");
  CHECK(elapsedText(2400) == "2.4 s");
}
