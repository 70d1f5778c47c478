#include "core/game/tree.h"

#include <algorithm>

#include "core/eval/eval.h"
#include "core/search/info.h"
#include "core/search/movegen.h"

namespace gomoku {

namespace {

// How far below the depth asked a leaf's forced blocks are followed (a line of fours).
constexpr int kMaxForcedPlies = 12;

class TreeRecorder {
 public:
  TreeRecorder(const Board& position, int width, bool alphaBeta, SearchTree& tree,
               const std::vector<Point>& rootMoves)
      : board_(position),
        width_(width),
        alphaBeta_(alphaBeta),
        tree_(tree),
        rootMoves_(rootMoves) {}

  int search(int node, int depth, int alpha, int beta) {
    TreeNode& n = tree_.nodes[node];
    n.alpha = alpha;
    n.beta = beta;
    n.searched = true;
    n.staticEval = evaluate(board_);
    ++tree_.visited;
    int ply = n.ply;
    if (board_.lastMoveWon()) {
      n.terminal = true;
      n.value = -(kScoreMate - ply);  // the side to move here has lost
      n.note = "five: the game is over";
      ++tree_.leaves;
      return n.value;
    }
    if (board_.full()) {
      n.terminal = true;
      n.value = 0;
      n.note = "board full: draw";
      ++tree_.leaves;
      return 0;
    }
    MoveList list;
    const NodeKind kind = generateMoves(board_, list);
    // Against a four with no legal block (renju: every block forbidden to black) the side to
    // move has lost, at any depth, as the engine's search scores it (it was scored by the
    // evaluation at a leaf, and as no move at all - minus infinity - above one).
    if (kind == NodeKind::MustBlock && list.count == 0) {
      n.value = -(kScoreMate - (ply + 2));
      n.note = kNoLegalBlock;
      ++tree_.leaves;
      return n.value;
    }
    if (depth <= 0) {
      // A leaf is scored by the static evaluation only when it is quiet. With a five to make,
      // the side to move has won; against a four it must block, and an evaluation that counts
      // its own threats as if it were free to play them would say the opposite of the truth
      // (a four scored as a blunder by its maker). So, as the engine's search extends a forced
      // reply, the block is played and the leaf moves down, a ply at a time while the fours
      // last (at most kMaxForcedPlies).
      if (kind == NodeKind::WinNow) {
        n.value = kScoreMate - (ply + 1);
        n.note = kFiveToMake;
        ++tree_.leaves;
        return n.value;
      }
      if (kind != NodeKind::MustBlock || depth <= -kMaxForcedPlies) {  // (no block: above)
        n.value = n.staticEval;
        n.note = kStaticLeaf;
        ++tree_.leaves;
        return n.value;
      }
      n.note = kSearchedOn;
    }

    std::vector<Point> moves;
    if (node == 0 && !rootMoves_.empty()) {
      for (Point p : rootMoves_)
        if (board_.isEmpty(p) && int(moves.size()) < width_) moves.push_back(p);
    } else {
      list.sort();
      const int take = depth <= 0 ? list.count : std::min(list.count, width_);
      for (int i = 0; i < take; ++i) moves.push_back(list.items[i].move);
    }
    std::vector<int> kids;
    for (Point move : moves) {
      TreeNode child;
      child.parent = node;
      child.ply = ply + 1;
      child.move = move;
      child.mover = board_.sideToMove();
      kids.push_back(int(tree_.nodes.size()));
      tree_.nodes.push_back(child);
    }
    tree_.nodes[node].children = kids;  // `n` may dangle after the push_backs

    int best = -kScoreInfinite;
    for (size_t i = 0; i < kids.size(); ++i) {
      board_.place(tree_.nodes[kids[i]].move);
      int value = -search(kids[i], depth - 1, alphaBeta_ ? -beta : -kScoreInfinite,
                          alphaBeta_ ? -alpha : kScoreInfinite);
      board_.undo();
      best = std::max(best, value);
      if (alphaBeta_ && value > alpha) alpha = value;
      if (alphaBeta_ && alpha >= beta) {
        TreeNode& cur = tree_.nodes[node];
        cur.cutoff = true;
        std::string by = pointToText(tree_.nodes[kids[i]].move);
        for (size_t j = i + 1; j < kids.size(); ++j)
          tree_.nodes[kids[j]].note = "pruned: " + by + " already scored " + std::to_string(value) +
                                      " >= beta " + std::to_string(beta);
        break;
      }
    }
    TreeNode& cur = tree_.nodes[node];
    cur.value = best;
    if (depth <= 0) return best;  // its note says why it was searched on
    if (cur.note.empty()) cur.note = cur.cutoff ? "beta cutoff" : "best of its children";
    return best;
  }

 private:
  Board board_;
  int width_;
  bool alphaBeta_;
  SearchTree& tree_;
  std::vector<Point> rootMoves_;
};

}  // namespace

Point SearchTree::bestMove() const {
  if (nodes.empty()) return kNullPoint;
  Point best = kNullPoint;
  int bestValue = -kScoreInfinite - 1;
  for (int c : nodes[0].children) {
    const TreeNode& child = nodes[c];
    if (child.searched && -child.value > bestValue) {
      bestValue = -child.value;
      best = child.move;
    }
  }
  return best;
}

std::vector<Point> SearchTree::lineTo(int i) const {
  std::vector<Point> line;
  for (; i > 0; i = nodes[i].parent) line.push_back(nodes[i].move);
  std::reverse(line.begin(), line.end());
  return line;
}

SearchTree recordTree(const Board& position, int depth, int width, bool alphaBeta,
                      const std::vector<Point>& rootMoves) {
  SearchTree tree;
  tree.alphaBeta = alphaBeta;
  tree.depth = std::clamp(depth, 1, 5);
  tree.width = std::clamp(width, 1, 8);
  TreeNode root;
  tree.nodes.push_back(root);
  TreeRecorder recorder(position, tree.width, alphaBeta, tree, rootMoves);
  recorder.search(0, tree.depth, -kScoreInfinite, kScoreInfinite);
  return tree;
}

}  // namespace gomoku
