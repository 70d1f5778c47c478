// What the teaching panel shows, computed without SDL or ImGui so it can be tested: the two
// recorded search trees (alpha-beta and plain minimax) flattened into rows with their windows
// and values in both the negamax and the root player's (max/min) view, the line to a node;
// the search deepened one iteration per press; and a sentence for every computer move.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/models/game_controller.h"
#include "core/eval/eval.h"
#include "core/search/info.h"
#include "core/game/tree.h"

namespace gomoku::gui {

// ---------------------------------------------------------------- tree values

// A score as the tree shows it: "+120", "-35", "0", "win in 2", and "-inf" / "+inf" for the
// open ends of a window.
std::string treeScoreText(int score);
// An alpha-beta window: "(-inf, +inf)", "(-120, +35)".
std::string windowText(int alpha, int beta);

// The side to move at the root maximises; levels alternate. Values in the tree are recorded
// negamax (from the side to move at each node); the panel shows every number from the root
// player's view (max and min levels, as textbooks draw it): one convention on screen.
inline bool isMaxLevel(const TreeNode& n) {
  return n.ply % 2 == 0;
}
inline int rootView(const TreeNode& n, int negamax) {
  return isMaxLevel(n) ? negamax : -negamax;
}
inline int rootViewValue(const TreeNode& n) {
  return rootView(n, n.value);
}
// The node's window on entry from the root player's view: [alpha, beta] at max levels,
// [-beta, -alpha] at min levels.
std::pair<int, int> rootViewWindow(const TreeNode& n);

// One node as a row of the tree table.
struct TreeRowText {
  std::string move;       // "h8"; "root" for the root
  std::string window;     // entry window (alpha, beta), the root player's view
  std::string value;      // "max +120" / "min -40": the value returned, root player's view
  std::string rootValue;  // the same (kept for callers that name it so)
  // Why pruned ("pruned: i10 scored +120 >= beta +80" at a max level, "... <= alpha ..." at a
  // min level, root player's view), "beta cutoff", "leaf: static evaluation", ...
  std::string note;
  bool pruned = false;    // never searched: drawn greyed, with the note as its reason
  bool cutoff = false;
  bool leaf = false;  // searched and without children (static evaluation or game over)
  bool onPrincipalLine = false;
};
TreeRowText describeNode(const SearchTree& tree, int node);

// The chosen line: the root, its best child, that child's best child, ... (node indices).
std::vector<int> principalLine(const SearchTree& tree);

struct TreeRow {
  int node = 0;
  int level = 0;  // indentation: the node's ply
};
// The rows shown: pre-order, the children of a node only when isOpen(node).
std::vector<TreeRow> flattenTree(const SearchTree& tree, const std::function<bool(int)>& isOpen);

// The node reached by playing `line` from the root, or -1.
int findNode(const SearchTree& tree, const std::vector<Point>& line);
// The position at a node: `root` with the line to the node played.
Board positionAt(const Board& root, const SearchTree& tree, int node);

// ---------------------------------------------------------------- the two trees

// The position shown, searched twice to the same depth over the same candidates: once with
// alpha-beta (recording what it pruned and why) and once with plain minimax. The selection
// is a line of moves, so the same node is selected in both trees.
class TreeStudy {
 public:
  static constexpr int kMinDepth = 1, kMaxDepth = 4;
  static constexpr int kMinWidth = 2, kMaxWidth = 6;

  // Records both trees (synchronously: depth 4 x width 6 takes about a millisecond in a
  // release build). Depth and width are clamped to the ranges above. The root's candidates
  // are the engine's own: its search of the position to the same depth, its top `width`
  // moves (scored exactly), in its order; the tree below them is the recorded small search.
  void build(const Board& position, int depth, int width);
  // The engine's root moves the trees start from, with the engine's scores at depth().
  const std::vector<RootMoveInfo>& engineRootMoves() const { return engineRoot_; }
  // The engine search behind them: its limits (also for tests that compare).
  static Limits engineLimits(int depth, int width);
  bool built() const { return built_; }
  // The game has moved on since the trees were built.
  bool stale(const Board& position) const;
  void clear();

  const Board& root() const { return root_; }
  int depth() const { return depth_; }
  int width() const { return width_; }
  double buildMs() const { return buildMs_; }
  const SearchTree& alphaBeta() const { return trees_[0]; }
  const SearchTree& minimax() const { return trees_[1]; }
  const SearchTree& tree(int which) const { return trees_[which & 1]; }

  // Both searches return the same value (alpha-beta prunes only what cannot matter).
  bool valuesAgree() const { return trees_[0].rootValue() == trees_[1].rootValue(); }
  // Share of minimax's visited nodes that alpha-beta did not need (0..1).
  double savedShare() const;

  // Open/closed state of each node in each tree (the rows the panel lists). Opening or
  // closing a node does the same to that node (the same line) in the other tree.
  bool isOpen(int which, int node) const;
  void setOpen(int which, int node, bool open);
  void openPrincipalLine();  // opens the root and the chosen line, in both trees
  void openAll(bool open);

  // Selection: a line from the root (empty: the root itself); nullopt when nothing is selected.
  void select(int which, int node);
  void clearSelection() { selection_.reset(); }
  const std::optional<std::vector<Point>>& selection() const { return selection_; }
  int selectedNode(int which) const;  // -1 when the line is not in that tree
  // The static evaluation of the selected node's position, explained (leaves open it).
  std::optional<Breakdown> selectedBreakdown() const;

 private:
  bool built_ = false;
  Board root_;
  uint64_t rootKey_ = 0;
  int rootPly_ = -1;
  int depth_ = 3, width_ = 4;
  double buildMs_ = 0;
  SearchTree trees_[2];
  std::vector<RootMoveInfo> engineRoot_;
  std::vector<char> open_[2];
  std::optional<std::vector<Point>> selection_;
};

// ---------------------------------------------------------------- iteration stepping

// The search run one iteration at a time on the position shown: each step searches it to the
// next depth (the engine's transposition table keeps the work of the earlier ones) and the
// table grows by a row: best move, score, PV, nodes, and the root moves' scores at that depth.
class IterationStepper {
 public:
  // Picks up a finished step, and starts over when the position shown changes.
  void update(const GameController& c);
  bool canStep(const GameController& c) const;
  // Searches the position to depth() + 1. False if the controller cannot search now.
  bool step(GameController& c);
  void reset();

  int depth() const { return depth_; }  // deepest completed depth shown
  int requestedDepth() const { return requested_; }
  bool searching() const { return searchId_ != 0; }
  // The engine stopped short of the depth asked for (a forced move, a proven result, the
  // threat solver's win): deeper steps would show nothing new.
  bool exhausted() const { return exhausted_; }
  const std::string& solver() const { return solver_; }  // "VCF" / "VCT" when a solver decided
  // One row per depth, as the step that first reached it found it (root moves included).
  const std::vector<IterationInfo>& iterations() const { return iterations_; }
  // True when the best move at iterations()[i] differs from the one before it.
  bool bestChanged(size_t i) const;
  // Nodes that depth took alone (IterationInfo::nodes counts from the start of its search).
  uint64_t iterationNodes(size_t i) const { return i < ownNodes_.size() ? ownNodes_[i] : 0; }

  // The limits of a step to `depth`: that depth, no time limit, no noise, and exact scores
  // for the first few root moves so the table compares them fairly.
  static Limits limitsFor(int depth);
  static constexpr int kExactRootMoves = 4;

 private:
  bool samePosition(const GameController& c) const;

  uint64_t key_ = 0;
  int ply_ = -1;
  uint64_t searchId_ = 0;
  int depth_ = 0, requested_ = 0;
  bool exhausted_ = false;
  std::string solver_;
  std::vector<IterationInfo> iterations_;
  std::vector<uint64_t> ownNodes_;
};

// ---------------------------------------------------------------- explanations

struct MoveExplanation {
  int moveNumber = 0;  // 1 = the first stone of the game
  Color color = Color::Empty;
  Point move = kNullPoint;
  std::string text;
};

// A sentence for every computer move, built by explainMove() from the position before it and
// the search that chose it. Moves taken back are forgotten.
class ExplanationLog {
 public:
  void update(const GameController& c);
  const std::vector<MoveExplanation>& entries() const { return entries_; }
  const MoveExplanation* last() const { return entries_.empty() ? nullptr : &entries_.back(); }

 private:
  uint64_t seen_ = 0;
  std::vector<MoveExplanation> entries_;
};

}  // namespace gomoku::gui
