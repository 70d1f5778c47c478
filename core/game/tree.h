// A recorded search tree for teaching: a small fixed-depth search over the best few
// candidates, kept whole — every node with the window it was searched with, the value it
// returned, whether it cut off, and the children alpha-beta never looked at (and why).
// The same candidates searched with plain minimax show what the pruning saved.
#pragma once

#include <string>
#include <vector>

#include "core/board/board.h"

namespace gomoku {

struct TreeNode {
  int parent = -1;
  int ply = 0;              // 0 at the root
  Point move = kNullPoint;  // the move that led here
  Color mover = Color::Empty;  // who played `move`
  int alpha = 0, beta = 0;  // window on entry, from the view of the side to move here
  int value = 0;            // value returned, same view (negamax)
  int staticEval = 0;       // evaluation of this position (side to move's view)
  bool searched = false;    // false: pruned, never visited
  bool cutoff = false;      // a child reached beta here: the remaining children were pruned
  bool terminal = false;    // the move made five, or the board is full
  std::string note;         // why it was pruned, or how the value came about
  std::vector<int> children;
};

// TreeNode::note of the nodes past the depth asked, or scored without the evaluation.
inline constexpr const char* kStaticLeaf = "leaf: static evaluation";
inline constexpr const char* kFiveToMake = "leaf: a five to make next (a win)";
inline constexpr const char* kNoLegalBlock = "lost: no legal block of the four (forbidden)";
inline constexpr const char* kSearchedOn = "not quiet: a four to block, searched on";

struct SearchTree {
  std::vector<TreeNode> nodes;  // nodes[0] is the root
  bool alphaBeta = true;
  int depth = 0, width = 0;
  int visited = 0;              // nodes searched (root included)
  int leaves = 0;               // leaves evaluated
  int rootValue() const { return nodes.empty() ? 0 : nodes[0].value; }
  Point bestMove() const;       // the root child with the best value
  // The moves from the root to node i.
  std::vector<Point> lineTo(int i) const;
};

// Searches `position` to `depth` plies (1..5) over the `width` best-ordered candidates at
// each node (forced moves respected), with alpha-beta or with plain minimax. With
// `rootMoves` (the engine's own top moves, best first), the root's children are those, in
// that order, instead of the move generator's.
SearchTree recordTree(const Board& position, int depth, int width, bool alphaBeta,
                      const std::vector<Point>& rootMoves = {});

}  // namespace gomoku
