// What the watching panels show, computed without SDL or ImGui so it can be tested: the
// principal variation as stones to draw, the candidate-move heat map, the evaluation breakdown
// checked against evaluate(), the game's evaluation chart (engine scores remembered by
// position), the search statistics sampled over time, and the score by iteration depth.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/eval.h"
#include "core/info.h"
#include "core/movegen.h"

namespace gomoku::gui {

// ---------------------------------------------------------------- principal variation

struct PvStone {
  Point point = kNullPoint;
  Color color = Color::Empty;
  int number = 0;  // 1 = the first move from the position
};

// The PV played out from `position`: each move is checked (on the board, empty, not forbidden
// for black under renju) and the list stops before the first move that is not legal, and
// after a move that makes five (nothing is played after a win).
std::vector<PvStone> pvStones(const Board& position, const std::vector<Point>& pv);

// The part of a PV searched at (searchedPly, searchedKey) that is still ahead of the position
// `now` whose moves are `moves`: all of it when `now` is that position; the rest when the
// moves played since are the PV's first moves (the computer played its best move, the
// opponent answered as expected); nothing when the game went another way.
std::vector<Point> pvFromHere(const Board& now, int searchedPly, uint64_t searchedKey,
                              const std::vector<Point>& pv);

// ---------------------------------------------------------------- heat map

struct HeatCell {
  Point point = kNullPoint;
  int score = 0;   // orderingScore(), the engine's candidate ordering
  float heat = 0;  // 0 (the weakest candidate) .. 1 (the strongest), log-scaled
};

struct HeatMap {
  NodeKind kind = NodeKind::Normal;
  std::vector<HeatCell> cells;  // exactly the points generateMoves() returns, strongest first
};

// The candidates of the side to move (works on a copy: generateMoves takes a Board&).
HeatMap heatMap(const Board& position);
const char* nodeKindText(NodeKind kind);  // "every candidate", "must block the four", ...

// ---------------------------------------------------------------- evaluation

// The breakdown as shown: both colors' terms, each color's sum of contributions, and
// evaluate() itself, so the panel can show that they agree.
struct EvalView {
  Breakdown breakdown;
  int moverSum = 0;  // sum of mover.terms[].contribution
  int otherSum = 0;
  int evaluation = 0;  // evaluate(position)
  bool consistent() const {
    return moverSum == breakdown.mover.total && otherSum == breakdown.other.total &&
           moverSum - otherSum == evaluation && breakdown.score == evaluation;
  }
};
EvalView evalView(const Board& position);

// ---------------------------------------------------------------- game chart

// Engine scores as they arrive, by position (ply and Zobrist key), the deepest kept. Scores
// are stored from black's view.
class ScoreMemory {
 public:
  // `score` is from the side to move's view, as the engine reports it.
  void record(int ply, uint64_t key, Color sideToMove, int score, int depth);
  struct Entry {
    int blackScore = 0;
    int depth = 0;
  };
  std::optional<Entry> find(int ply, uint64_t key) const;
  void clear() { entries_.clear(); }
  size_t size() const { return entries_.size(); }
  uint64_t changes() const { return changes_; }  // bumps when a stored score changes

 private:
  std::map<std::pair<int, uint64_t>, Entry> entries_;
  uint64_t changes_ = 0;
};

struct ChartPoint {
  int ply = 0;               // position after `ply` moves of the line
  int blackScore = 0;        // black's view
  bool searched = false;     // an engine score (else the static evaluation)
  int depth = 0;             // of the engine score
  float blackChance = 0.5f;  // winProbability for black, what the chart draws
  Point move = kNullPoint;   // the move that led here (none at ply 0)
};

// Black's view of the static evaluation, averaged over black to move and white to move: the
// evaluation weighs the side to move's threats more, so taken as it is it swings with every
// turn and a chart of it saw-tooths. The board's side to move is restored.
int tempoNeutralEvaluation(Board& board);

// The evaluation of every position of `line` (ply 0 .. line.size()), played on a fresh board
// of that size and rule: the engine's score where one is remembered, else the tempo-neutral
// static evaluation; a position with a five on the board is a loss for the side to move.
std::vector<ChartPoint> gameChart(int size, Rule rule, const std::vector<Point>& line,
                                  const ScoreMemory& memory);

// The ply a click at horizontal fraction `x` (0 = left edge, 1 = right edge) of a chart of
// `points` positions means.
int chartPlyAt(float x, int points);

// ---------------------------------------------------------------- search statistics

struct StatSample {
  double seconds = 0;  // the engine's elapsed time
  uint64_t nodes = 0;
  uint64_t nps = 0;
};

// Samples a running search's statistics at most every `intervalMs` of the caller's clock, for
// the nodes-over-time and speed-over-time graphs. A new search id starts a new series; the
// series stays after the search ends. When full, every other sample is dropped and the
// interval doubles, so an hour of analysis still fits and still shows its start.
class StatsSampler {
 public:
  explicit StatsSampler(int64_t intervalMs = 100, size_t capacity = 512);
  // Returns true when a sample was taken.
  bool observe(const SearchInfo& info, int64_t nowMs);
  void reset();
  uint64_t searchId() const { return searchId_; }
  const std::vector<StatSample>& samples() const { return samples_; }
  // The series as floats for ImGui's plots (nodes searched, nodes per second).
  const std::vector<float>& nodesSeries() const { return nodes_; }
  const std::vector<float>& speedSeries() const { return speed_; }
  int64_t intervalMs() const { return interval_; }

 private:
  void push(const StatSample& s);
  int64_t baseInterval_, interval_;
  size_t capacity_;
  uint64_t searchId_ = 0;
  int64_t lastSampleMs_ = 0;
  bool sampled_ = false;
  std::vector<StatSample> samples_;
  std::vector<float> nodes_, speed_;
};

// ---------------------------------------------------------------- iterations and root moves

struct IterationPoint {
  int depth = 0;
  int score = 0;  // side to move's view
  float chance = 0.5f;
  Point bestMove = kNullPoint;
  bool bestChanged = false;  // differs from the previous iteration's best move
  uint64_t nodes = 0;
};
std::vector<IterationPoint> iterationSeries(const SearchInfo& info);

// A row of the root-move table: what it shows, without the move's PV (the table is copied
// from the info ten times a second).
struct RootRow {
  Point move = kNullPoint;
  int score = 0;  // side to move's view, from the deepest iteration that scored the move
  uint64_t nodes = 0;
  int depth = 0;  // 0: not scored yet
  int rank = 0;   // the engine's order, 0 = its best move
};
std::vector<RootRow> rootRows(const SearchInfo& info);

enum class RootColumn { Rank, Move, Score, Nodes, Depth };
// Sorts in place by the column; ties keep the engine's order. By score, moves not scored yet
// (depth 0) come last either way.
void sortRootRows(std::vector<RootRow>& rows, RootColumn column, bool ascending);

// ---------------------------------------------------------------- text

std::string formatCount(uint64_t n);  // 987, 12.3k, 4.56M, 1.23G
// "forced win in 4" / "forced loss in 3" for a proven result, else "".
std::string provenText(int score);
double share(uint64_t part, uint64_t whole);  // part / whole, 0 when whole is 0

}  // namespace gomoku::gui
