// The search trees as the teaching window lists them: alpha-beta and minimax agree at the
// root, the pruned nodes are listed greyed with their reasons, values from the root player's
// view follow max and min levels, rows appear under open nodes only, and a selected line
// is the same node in both trees, with its position and (at a leaf) its evaluation.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <set>

#include "app/gui/models/teaching_model.h"
#include "core/eval/eval.h"
#include "core/search/search.h"
#include "core/search/tt.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::testsupport::pt;

namespace {

Board position(std::initializer_list<const char*> black, std::initializer_list<const char*> white,
               Color toMove) {
  Board b(15, Rule::Freestyle);
  for (const char* s : black) b.place(pt(s), Color::Black);
  for (const char* s : white) b.place(pt(s), Color::White);
  b.setSideToMove(toMove);
  return b;
}

const Board kMiddleGame = position({"h8", "i9", "g9", "j7"}, {"h9", "i8", "g10"}, Color::White);

std::vector<TreeRow> allRows(const SearchTree& t) {
  return flattenTree(t, [](int) { return true; });
}

}  // namespace

TEST_CASE("teaching trees: alpha-beta and minimax agree at the root and alpha-beta saves nodes") {
  for (int depth = 1; depth <= TreeStudy::kMaxDepth; ++depth) {
    for (int width : {2, 4, 6}) {
      CAPTURE(depth);
      CAPTURE(width);
      TreeStudy study;
      study.build(kMiddleGame, depth, width);
      REQUIRE(study.built());
      CHECK(study.alphaBeta().alphaBeta);
      CHECK_FALSE(study.minimax().alphaBeta);
      CHECK(study.valuesAgree());
      CHECK(study.alphaBeta().rootValue() == study.minimax().rootValue());
      CHECK(study.alphaBeta().bestMove() == study.minimax().bestMove());
      CHECK(study.alphaBeta().visited <= study.minimax().visited);
      CHECK(study.savedShare() >= 0.0);
      // The same candidates: every node alpha-beta lists, searched or not, is in minimax.
      for (int i = 0; i < static_cast<int>(study.alphaBeta().nodes.size()); ++i) {
        CHECK(findNode(study.minimax(), study.alphaBeta().lineTo(i)) >= 0);
      }
      if (depth >= 2 && width >= 4) {
        CHECK(study.alphaBeta().visited < study.minimax().visited);
        CHECK(study.savedShare() > 0.0);
      }
    }
  }
}

TEST_CASE("teaching trees: every pruned node is listed, greyed, with the reason it was skipped") {
  TreeStudy study;
  study.build(kMiddleGame, 3, 4);
  const SearchTree& ab = study.alphaBeta();
  const std::vector<TreeRow> rows = allRows(ab);
  CHECK(rows.size() == ab.nodes.size());  // everything open: every node is a row

  int pruned = 0;
  for (const TreeRow& row : rows) {
    const TreeNode& n = ab.nodes[static_cast<size_t>(row.node)];
    const TreeRowText text = describeNode(ab, row.node);
    CHECK(text.pruned == !n.searched);
    if (!n.searched) {
      ++pruned;
      // "pruned: i10 scored +120 >= beta +80" (or "<= alpha" at a min level): the reason, in
      // the root player's view like every number shown, with the sibling that cut.
      CHECK(text.note.rfind("pruned: ", 0) == 0);
      const TreeNode& cutParent = ab.nodes[static_cast<size_t>(n.parent)];
      CHECK(text.note.find(isMaxLevel(cutParent) ? ">= beta" : "<= alpha") != std::string::npos);
      CHECK(text.value.empty());  // no value: it was never searched
      CHECK(text.window.empty());
      const TreeNode& parent = ab.nodes[static_cast<size_t>(n.parent)];
      CHECK(parent.cutoff);
      CHECK(describeNode(ab, n.parent).cutoff);
      // The sibling named in the note is a searched child of the same parent.
      const std::string by = text.note.substr(8, text.note.find(' ', 8) - 8);
      CHECK(std::any_of(parent.children.begin(), parent.children.end(), [&](int c) {
        return ab.nodes[static_cast<size_t>(c)].searched &&
               pointToText(ab.nodes[static_cast<size_t>(c)].move) == by;
      }));
    } else {
      CHECK_FALSE(text.value.empty());
      CHECK(text.window.rfind("(", 0) == 0);
    }
  }
  CHECK(pruned > 0);
  CHECK(pruned == static_cast<int>(ab.nodes.size()) - ab.visited);
  // Minimax prunes nothing.
  for (const TreeRow& row : allRows(study.minimax()))
    CHECK_FALSE(describeNode(study.minimax(), row.node).pruned);
}

TEST_CASE(
    "teaching trees: root-view values take the max at the root player's levels and the min at the "
    "other's") {
  TreeStudy study;
  study.build(kMiddleGame, 4, 4);
  const SearchTree& mm = study.minimax();
  const TreeNode& root = mm.nodes[0];
  CHECK(isMaxLevel(root));
  CHECK(rootViewValue(root) == root.value);
  CHECK(describeNode(mm, 0).rootValue == "max " + treeScoreText(root.value));
  for (size_t i = 0; i < mm.nodes.size(); ++i) {
    const TreeNode& n = mm.nodes[i];
    if (n.children.empty()) continue;
    std::vector<int> childValues;
    for (int c : n.children) childValues.push_back(rootViewValue(mm.nodes[static_cast<size_t>(c)]));
    const int expected = isMaxLevel(n) ? *std::max_element(childValues.begin(), childValues.end())
                                       : *std::min_element(childValues.begin(), childValues.end());
    CHECK(rootViewValue(n) == expected);
    CHECK(
        describeNode(mm, static_cast<int>(i)).rootValue.rfind(isMaxLevel(n) ? "max " : "min ", 0) ==
        0);
  }
  // Windows: a min level's window from the root player's view is the negated, swapped one.
  const SearchTree& ab = study.alphaBeta();
  for (const TreeNode& n : ab.nodes) {
    if (!n.searched) continue;
    const auto [lo, hi] = rootViewWindow(n);
    if (isMaxLevel(n)) {
      CHECK((lo == n.alpha && hi == n.beta));
    } else {
      CHECK((lo == -n.beta && hi == -n.alpha));
    }
  }
  CHECK(windowText(-kScoreInfinite, kScoreInfinite) == "(-inf, +inf)");
  CHECK(windowText(-120, 35) == "(-120, +35)");
  CHECK(treeScoreText(kScoreMate - 1) == "win in 1");
}

TEST_CASE(
    "teaching trees: rows appear under open nodes only, in search order, the chosen line opens") {
  TreeStudy study;
  study.build(kMiddleGame, 3, 3);
  const SearchTree& ab = study.alphaBeta();
  study.openAll(false);
  auto shown = [&](int which) {
    return flattenTree(study.tree(which), [&](int node) { return study.isOpen(which, node); });
  };
  std::vector<TreeRow> rows = shown(0);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].node == 0);
  CHECK(rows[0].level == 0);

  study.setOpen(0, 0, true);
  rows = shown(0);
  REQUIRE(rows.size() == 1 + ab.nodes[0].children.size());
  for (size_t i = 1; i < rows.size(); ++i) {
    CHECK(rows[i].node == ab.nodes[0].children[i - 1]);
    CHECK(rows[i].level == 1);
  }

  // Pre-order: a node's children come right after it, before its next sibling.
  const int first = ab.nodes[0].children[0];
  study.setOpen(0, first, true);
  rows = shown(0);
  CHECK(rows[1].node == first);
  for (size_t k = 0; k < ab.nodes[static_cast<size_t>(first)].children.size(); ++k) {
    CHECK(rows[2 + k].node == ab.nodes[static_cast<size_t>(first)].children[k]);
    CHECK(rows[2 + k].level == 2);
  }

  // Opening a node opens the same node of the other tree, so the two stay row for row.
  CHECK(study.isOpen(1, findNode(study.minimax(), ab.lineTo(first))));
  study.setOpen(1, findNode(study.minimax(), ab.lineTo(first)), false);
  CHECK_FALSE(study.isOpen(0, first));

  // The chosen line: from the root, the child whose value made its parent's, down to a leaf.
  study.openAll(false);
  study.openPrincipalLine();
  const std::vector<int> line = principalLine(ab);
  REQUIRE(line.size() == 4);  // root + 3 plies
  CHECK(ab.nodes[static_cast<size_t>(line[1])].move == ab.bestMove());
  rows = shown(0);
  for (int node : line) {
    CHECK(std::any_of(rows.begin(), rows.end(), [&](const TreeRow& r) { return r.node == node; }));
    CHECK(describeNode(ab, node).onPrincipalLine);
  }
  for (size_t k = 1; k < line.size(); ++k) {
    CHECK(-ab.nodes[static_cast<size_t>(line[k])].value ==
          ab.nodes[static_cast<size_t>(line[k - 1])].value);
  }
}

TEST_CASE(
    "teaching trees: a selection is a line, the same node in both trees, a leaf opens its "
    "evaluation") {
  TreeStudy study;
  study.build(kMiddleGame, 2, 4);
  const SearchTree& ab = study.alphaBeta();
  const SearchTree& mm = study.minimax();
  CHECK_FALSE(study.selection());
  CHECK(study.selectedNode(0) == -1);

  // A node alpha-beta pruned: selected there, it is the searched node of minimax.
  const auto prunedIt =
      std::find_if(ab.nodes.begin(), ab.nodes.end(), [](const TreeNode& n) { return !n.searched; });
  REQUIRE(prunedIt != ab.nodes.end());
  const int pruned = static_cast<int>(prunedIt - ab.nodes.begin());
  study.select(0, pruned);
  REQUIRE(study.selection());
  CHECK(*study.selection() == ab.lineTo(pruned));
  CHECK(study.selectedNode(0) == pruned);
  const int inMinimax = study.selectedNode(1);
  REQUIRE(inMinimax >= 0);
  CHECK(mm.nodes[static_cast<size_t>(inMinimax)].searched);
  CHECK(mm.lineTo(inMinimax) == ab.lineTo(pruned));

  // A leaf: its position is the root with the line played, and its breakdown is the value.
  int leaf = -1;
  for (int i = 0; i < static_cast<int>(mm.nodes.size()); ++i) {
    const TreeNode& n = mm.nodes[static_cast<size_t>(i)];
    if (n.searched && n.children.empty() && !n.terminal && n.ply == 2) leaf = i;
  }
  REQUIRE(leaf > 0);
  study.select(1, leaf);
  const Board at = positionAt(kMiddleGame, mm, leaf);
  CHECK(at.stoneCount() == kMiddleGame.stoneCount() + 2);
  CHECK(at.sideToMove() == kMiddleGame.sideToMove());
  const std::vector<Point> line = mm.lineTo(leaf);
  CHECK(at.at(line[0]) == kMiddleGame.sideToMove());
  CHECK(at.at(line[1]) == opponent(kMiddleGame.sideToMove()));
  const auto breakdown = study.selectedBreakdown();
  REQUIRE(breakdown);
  CHECK(breakdown->score == evaluate(at));
  CHECK(breakdown->score == mm.nodes[static_cast<size_t>(leaf)].value);
  CHECK(breakdown->perspective == at.sideToMove());

  // The root is the empty line.
  study.select(0, 0);
  CHECK(study.selection()->empty());
  CHECK(study.selectedNode(1) == 0);
}

TEST_CASE(
    "teaching trees: the study knows when the game has moved on, and rebuilding keeps a valid "
    "selection") {
  TreeStudy study;
  study.build(kMiddleGame, 3, 4);
  CHECK_FALSE(study.stale(kMiddleGame));
  Board next = kMiddleGame;
  next.place(study.alphaBeta().bestMove());
  CHECK(study.stale(next));

  study.select(0, study.alphaBeta().nodes[0].children[0]);
  const std::vector<Point> selected = *study.selection();
  study.build(kMiddleGame, 3, 5);  // wider: the same first candidates are still there
  REQUIRE(study.selection());
  CHECK(*study.selection() == selected);
  study.build(next, 3, 4);  // another position: that line means nothing there
  CHECK_FALSE(study.selection());
  CHECK(study.depth() == 3);
  study.build(next, 9, 1);  // clamped to what the window offers
  CHECK(study.depth() == TreeStudy::kMaxDepth);
  CHECK(study.width() == TreeStudy::kMinWidth);
}

TEST_CASE("teaching trees: the root's candidates are the engine's top moves, in its order") {
  for (int depth : {2, 3, 4}) {
    CAPTURE(depth);
    TreeStudy study;
    study.build(kMiddleGame, depth, 4);
    // The engine searched separately to the same depth, with the same limits.
    TranspositionTable tt(4);
    auto searcher = std::make_unique<Searcher>(&tt);
    const std::atomic<bool> stop{false};
    const SearchInfo info =
        searcher->run(kMiddleGame, TreeStudy::engineLimits(depth, 4), stop, 1, {});
    REQUIRE(info.rootMoves.size() >= 4);
    const std::vector<RootMoveInfo>& shown = study.engineRootMoves();
    REQUIRE(shown.size() == 4);
    for (int which = 0; which < 2; ++which) {
      const SearchTree& t = study.tree(which);
      REQUIRE(t.nodes[0].children.size() == 4);
      for (size_t i = 0; i < 4; ++i) {
        CHECK(t.nodes[static_cast<size_t>(t.nodes[0].children[i])].move == info.rootMoves[i].move);
        CHECK(shown[i].move == info.rootMoves[i].move);
        CHECK(shown[i].score == info.rootMoves[i].score);
      }
    }
  }
}
