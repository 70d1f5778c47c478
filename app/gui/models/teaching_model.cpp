#include "app/gui/models/teaching_model.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <memory>

#include "core/game/explain.h"
#include "core/search/search.h"
#include "core/search/tt.h"

namespace gomoku::gui {

// ---------------------------------------------------------------- tree values

std::string treeScoreText(int score) {
  if (score >= kScoreInfinite) return "+inf";
  if (score <= -kScoreInfinite) return "-inf";
  return scoreToText(score);
}

std::string windowText(int alpha, int beta) {
  std::string text(1, '(');  // built with += : GCC 12 warns (falsely) on "..." + string
  text += treeScoreText(alpha);
  text += ", ";
  text += treeScoreText(beta);
  text += ')';
  return text;
}

std::pair<int, int> rootViewWindow(const TreeNode& n) {
  if (isMaxLevel(n)) return {n.alpha, n.beta};
  return {-n.beta, -n.alpha};
}

std::vector<int> principalLine(const SearchTree& tree) {
  std::vector<int> line;
  if (tree.nodes.empty()) return line;
  int node = 0;
  line.push_back(node);
  while (true) {
    const TreeNode& n = tree.nodes[node];
    int next = -1;
    for (int child : n.children) {
      const TreeNode& c = tree.nodes[child];
      // The first child whose value made the parent's (fail-soft: the best one tried).
      if (c.searched && -c.value == n.value) {
        next = child;
        break;
      }
    }
    if (next < 0) break;
    line.push_back(next);
    node = next;
  }
  return line;
}

TreeRowText describeNode(const SearchTree& tree, int node) {
  const TreeNode& n = tree.nodes[node];
  TreeRowText row;
  row.move = node == 0 ? "root" : pointToText(n.move);
  row.pruned = !n.searched;
  row.cutoff = n.cutoff;
  row.leaf = n.searched && n.children.empty();
  row.note = n.note;
  if (!n.searched && n.parent >= 0) {
    // The reason in the root player's view, like every number shown: the sibling searched
    // last cut the parent off (a max level at beta, a min level at alpha).
    const TreeNode& parent = tree.nodes[static_cast<size_t>(n.parent)];
    const TreeNode* cutter = nullptr;
    for (int c : parent.children)
      if (tree.nodes[static_cast<size_t>(c)].searched) cutter = &tree.nodes[static_cast<size_t>(c)];
    if (cutter) {
      const auto [lo, hi] = rootViewWindow(parent);
      const int value = rootViewValue(*cutter);
      row.note =
          "pruned: " + pointToText(cutter->move) + " scored " + treeScoreText(value) +
          (isMaxLevel(parent) ? " >= beta " + treeScoreText(hi) : " <= alpha " + treeScoreText(lo));
    }
  }
  if (n.searched) {
    const auto [lo, hi] = rootViewWindow(n);
    row.window = windowText(lo, hi);
    row.rootValue = std::string(isMaxLevel(n) ? "max " : "min ") + treeScoreText(rootViewValue(n));
    row.value = row.rootValue;
  }
  const std::vector<int> line = principalLine(tree);
  row.onPrincipalLine = std::find(line.begin(), line.end(), node) != line.end();
  return row;
}

std::vector<TreeRow> flattenTree(const SearchTree& tree, const std::function<bool(int)>& isOpen) {
  std::vector<TreeRow> rows;
  if (tree.nodes.empty()) return rows;
  // Depth-first, children in the order searched; an explicit stack (reversed children).
  std::vector<int> stack{0};
  while (!stack.empty()) {
    int node = stack.back();
    stack.pop_back();
    const TreeNode& n = tree.nodes[node];
    rows.push_back({node, n.ply});
    if (n.children.empty() || !isOpen(node)) continue;
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) stack.push_back(*it);
  }
  return rows;
}

int findNode(const SearchTree& tree, const std::vector<Point>& line) {
  if (tree.nodes.empty()) return -1;
  int node = 0;
  for (Point p : line) {
    int next = -1;
    for (int child : tree.nodes[node].children) {
      if (tree.nodes[child].move == p) {
        next = child;
        break;
      }
    }
    if (next < 0) return -1;
    node = next;
  }
  return node;
}

Board positionAt(const Board& root, const SearchTree& tree, int node) {
  Board b = root;
  for (Point p : tree.lineTo(node)) b.place(p);
  return b;
}

// ---------------------------------------------------------------- the two trees

void TreeStudy::build(const Board& position, int depth, int width) {
  depth_ = std::clamp(depth, kMinDepth, kMaxDepth);
  width_ = std::clamp(width, kMinWidth, kMaxWidth);
  // A selected line means something only in the position it was chosen in.
  if (!built_ || position.key() != rootKey_ || position.stoneCount() != rootPly_)
    selection_.reset();
  root_ = position;
  rootKey_ = position.key();
  rootPly_ = position.stoneCount();
  const auto start = std::chrono::steady_clock::now();
  // The engine's own top moves at this depth (a small table of its own: this runs on the UI
  // thread and must not touch the game's engine).
  engineRoot_.clear();
  std::vector<Point> rootMoves;
  if (!position.lastMoveWon() && !position.full()) {
    TranspositionTable tt(4);
    auto searcher = std::make_unique<Searcher>(&tt);
    const std::atomic<bool> stop{false};
    const SearchInfo info = searcher->run(position, engineLimits(depth_, width_), stop, 1, {});
    for (const RootMoveInfo& m : info.rootMoves) {
      if (static_cast<int>(engineRoot_.size()) >= width_) break;
      engineRoot_.push_back({m.move, m.score, m.depth, m.nodes, {}});
      rootMoves.push_back(m.move);
    }
  }
  trees_[0] = recordTree(position, depth_, width_, true, rootMoves);
  trees_[1] = recordTree(position, depth_, width_, false, rootMoves);
  buildMs_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  for (int which = 0; which < 2; ++which) open_[which].assign(trees_[which].nodes.size(), 0);
  built_ = true;
  // Rebuilt deeper or wider: a selected line still in the trees stays selected.
  if (selection_ && findNode(trees_[1], *selection_) < 0) selection_.reset();
  openPrincipalLine();
}

Limits TreeStudy::engineLimits(int depth, int width) {
  Limits limits;
  limits.maxDepth = std::clamp(depth, kMinDepth, kMaxDepth);
  limits.multiPv = std::clamp(width, kMinWidth, kMaxWidth);  // the shown moves scored exactly
  limits.timeMs = 0;
  limits.noise = 0;
  return limits;
}

bool TreeStudy::stale(const Board& position) const {
  return built_ && (position.key() != rootKey_ || position.stoneCount() != rootPly_);
}

void TreeStudy::clear() {
  built_ = false;
  engineRoot_.clear();
  trees_[0] = SearchTree{};
  trees_[1] = SearchTree{};
  open_[0].clear();
  open_[1].clear();
  selection_.reset();
}

double TreeStudy::savedShare() const {
  if (!built_ || trees_[1].visited == 0) return 0;
  return 1.0 - static_cast<double>(trees_[0].visited) / trees_[1].visited;
}

bool TreeStudy::isOpen(int which, int node) const {
  const auto& open = open_[which & 1];
  return node >= 0 && node < static_cast<int>(open.size()) && open[node];
}

void TreeStudy::setOpen(int which, int node, bool open) {
  auto& flags = open_[which & 1];
  if (node < 0 || node >= static_cast<int>(flags.size())) return;
  flags[node] = open ? 1 : 0;
  // The same node of the other tree follows, so the two stay side by side row for row.
  const int twin = findNode(tree(which ^ 1), tree(which).lineTo(node));
  if (twin >= 0) open_[(which ^ 1) & 1][twin] = open ? 1 : 0;
}

void TreeStudy::openPrincipalLine() {
  for (int which = 0; which < 2; ++which) {
    for (int node : principalLine(trees_[which])) {
      // A leaf has nothing to open; the line's last node stays closed.
      if (!trees_[which].nodes[node].children.empty()) setOpen(which, node, true);
    }
  }
}

void TreeStudy::openAll(bool open) {
  for (int which = 0; which < 2; ++which)
    std::fill(open_[which].begin(), open_[which].end(), open ? 1 : 0);
}

void TreeStudy::select(int which, int node) {
  const SearchTree& t = tree(which);
  if (node < 0 || node >= static_cast<int>(t.nodes.size())) return;
  selection_ = t.lineTo(node);
}

int TreeStudy::selectedNode(int which) const {
  if (!selection_ || !built_) return -1;
  return findNode(tree(which), *selection_);
}

std::optional<Breakdown> TreeStudy::selectedBreakdown() const {
  if (!selection_ || !built_) return std::nullopt;
  Board b = root_;
  for (Point p : *selection_) b.place(p);
  return explain(b);
}

// ---------------------------------------------------------------- iteration stepping

Limits IterationStepper::limitsFor(int depth) {
  Limits limits;
  limits.maxDepth = depth;
  limits.timeMs = 0;
  limits.noise = 0;
  limits.multiPv = kExactRootMoves;
  return limits;
}

bool IterationStepper::samePosition(const GameController& c) const {
  return c.game().ply() == ply_ && c.game().board().key() == key_;
}

void IterationStepper::reset() {
  searchId_ = 0;
  depth_ = requested_ = 0;
  exhausted_ = false;
  solver_.clear();
  iterations_.clear();
  ownNodes_.clear();
  ply_ = -1;
  key_ = 0;
}

void IterationStepper::update(const GameController& c) {
  if (searchId_ != 0) {
    const SearchInfo& info = c.searchInfo();
    if (info.searchId == searchId_ && info.finished) {
      searchId_ = 0;
      std::vector<IterationInfo> found = info.iterations;
      if (found.empty() && info.bestMove != kNullPoint) {
        // A win on the board at once: the engine answers without iterating.
        IterationInfo it;
        it.depth = std::max(1, info.completedDepth);
        it.bestMove = info.bestMove;
        it.score = info.score;
        it.pv = info.pv;
        it.nodes = info.nodes;
        it.elapsedMs = info.elapsedMs;
        it.rootMoves = info.rootMoves;
        found.push_back(std::move(it));
      }
      // A step searches the depths below its own again (quickly, from the transposition
      // table); their rows stay as first found, and only the new depth is added.
      uint64_t before = 0;  // nodes of the same search up to the depth below
      for (IterationInfo& it : found) {
        const uint64_t cumulative = it.nodes;
        if (it.depth > depth_) {
          ownNodes_.push_back(cumulative >= before ? cumulative - before : cumulative);
          iterations_.push_back(std::move(it));
        }
        before = cumulative;
      }
      depth_ = iterations_.empty() ? 0 : iterations_.back().depth;
      solver_ = info.solver;
      exhausted_ = !solver_.empty() || depth_ < requested_;
    } else if (info.searchId != searchId_ || c.searching() != SearchPurpose::Study) {
      // Cancelled (a move, undo, new game) or replaced by another search.
      searchId_ = 0;
      requested_ = depth_;
    }
  }
  if (!samePosition(c)) {
    // A search still running for the old position is ignored when it ends.
    reset();
    ply_ = c.game().ply();
    key_ = c.game().board().key();
  }
}

bool IterationStepper::canStep(const GameController& c) const {
  return searchId_ == 0 && !exhausted_ && c.canSearchDepth();
}

bool IterationStepper::step(GameController& c) {
  update(c);
  if (!canStep(c)) return false;
  const int next = depth_ + 1;
  const uint64_t id = c.searchDepth(limitsFor(next));
  if (id == 0) return false;
  searchId_ = id;
  requested_ = next;
  return true;
}

bool IterationStepper::bestChanged(size_t i) const {
  return i > 0 && i < iterations_.size() && iterations_[i].bestMove != iterations_[i - 1].bestMove;
}

// ---------------------------------------------------------------- explanations

void ExplanationLog::update(const GameController& c) {
  const GameController::ComputerMove& played = c.lastComputerMove();
  if (played.serial != seen_) {
    seen_ = played.serial;
    if (played.move != kNullPoint) {
      MoveExplanation e;
      e.moveNumber = played.before.stoneCount() + 1;
      e.color = played.before.sideToMove();
      e.move = played.move;
      e.text = explainMove(played.before, played.move, &played.info);
      if (!e.text.empty())
        e.text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(e.text[0])));
      entries_.push_back(std::move(e));
    }
  }
  // Moves taken back (undo, step back, a new game) take their sentences with them.
  const std::vector<Point>& moves = c.game().moves();
  std::erase_if(entries_, [&](const MoveExplanation& e) {
    return e.moveNumber > static_cast<int>(moves.size()) ||
           moves[static_cast<size_t>(e.moveNumber - 1)] != e.move;
  });
}

}  // namespace gomoku::gui
