// What the watching panels show, computed without SDL or ImGui so it can be tested: the
// principal variation as stones to draw, the candidate-move heat map, the evaluation breakdown
// checked against evaluate(), the game's evaluation chart (engine scores remembered by
// position, one source), the search statistics sampled over time, and the score by iteration depth.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/eval/eval.h"
#include "core/search/info.h"
#include "core/search/movegen.h"

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
  bool known = false;        // the engine scored this position (or the game is decided here)
  int blackScore = 0;        // black's view; meaningful only when known
  int depth = 0;             // of the engine score (0: the game is decided on the board)
  float blackChance = 0.5f;  // winProbability for black, what the chart draws
  Point move = kNullPoint;   // the move that led here (none at ply 0)
};

// The game chart: one series, the engine's own evaluation of each position of `line`
// (ply 0 .. line.size()) from black's view, as remembered from its searches (analysis, or
// the search that produced a move). Positions it never searched stay unknown: the chart
// draws a gap rather than mix in a static evaluation, which weighs threats differently and
// swings with the side to move. A position with a five on the board is the loss it is.
std::vector<ChartPoint> gameChart(int size, Rule rule, const std::vector<Point>& line,
                                  const ScoreMemory& memory);

// Records what one search says about the game's positions: the searched position (ply, key)
// and, when the search's best move is the move the game then played, the position after it
// (the same evaluation one ply on).
void rememberSearch(ScoreMemory& memory, const std::vector<Point>& line, int size, Rule rule,
                    int ply, uint64_t key, const SearchInfo& info);

// A score from `side`'s view in words: "+35 for black", "-120 for white", and for a mate
// score the winner: "black wins in 3", "white wins in 2" (the winner's moves, the five included).
std::string scoreForText(int score, Color side);
inline std::string blackScoreText(int blackScore) {
  return scoreForText(blackScore, Color::Black);
}

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

// An iteration's aspiration re-searches in a word: "", "fail high", "fail low",
// "fail high x2", "fail low, fail high".
std::string researchText(const IterationInfo& it);
// Why the score of rows[i] is what it is, for a tooltip: its change since the depth before and
// since the last depth of the same parity (odd and even depths end on different sides' moves,
// so only those compare like with like), and what its re-searches mean.
std::string scoreMoveText(const std::vector<IterationInfo>& rows, size_t i);

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
// The speed of a search as shown: "1.23M/s" from its nodes and time; a search too fast for
// the millisecond clock says so ("412 nodes in < 1 ms") rather than "0/s".
std::string speedText(const SearchInfo& info);
std::string elapsedText(int64_t ms);  // "< 1 ms", "35 ms", "2.4 s"
// "forced win in 4" / "forced loss in 3" for a proven result, else "".
std::string provenText(int score);
double share(uint64_t part, uint64_t whole);  // part / whole, 0 when whole is 0

}  // namespace gomoku::gui
