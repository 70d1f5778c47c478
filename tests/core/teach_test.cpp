// Teaching support: the recorded search tree and the move explanations.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "core/eval/eval.h"
#include "core/game/explain.h"
#include "core/search/info.h"
#include "core/search/movegen.h"
#include "core/game/tree.h"

using namespace gomoku;

namespace {

Board position(std::initializer_list<const char*> black, std::initializer_list<const char*> white,
               Color toMove, Rule rule = Rule::Freestyle) {
  Board b(15, rule);
  for (const char* s : black) b.place(*parsePointText(s, 15), Color::Black);
  for (const char* s : white) b.place(*parsePointText(s, 15), Color::White);
  b.setSideToMove(toMove);
  return b;
}

// An independent alpha-beta over the same candidates, collecting the lines it visits.
int referenceAlphaBeta(Board& b, int depth, int width, int alpha, int beta, std::vector<Point>& line,
                       std::set<std::vector<Point>>& visited) {
  visited.insert(line);
  if (b.lastMoveWon()) return -(kScoreMate - int(line.size()));
  if (b.full()) return 0;
  MoveList list;
  const NodeKind kind = generateMoves(b, list);
  if (kind == NodeKind::MustBlock && list.count == 0) return -(kScoreMate - int(line.size()) - 2);
  // Past the depth only the blocks of a four are searched on (a five to make is a win).
  if (depth <= 0 && kind == NodeKind::WinNow) return kScoreMate - int(line.size()) - 1;
  if (depth <= 0 && (kind != NodeKind::MustBlock || depth <= -12)) return evaluate(b);
  list.sort();
  int best = -kScoreInfinite;
  for (int i = 0; i < (depth <= 0 ? list.count : std::min(list.count, width)); ++i) {
    line.push_back(list.items[i].move);
    b.place(list.items[i].move);
    int v = -referenceAlphaBeta(b, depth - 1, width, -beta, -alpha, line, visited);
    b.undo();
    line.pop_back();
    best = std::max(best, v);
    alpha = std::max(alpha, v);
    if (alpha >= beta) break;
  }
  return best;
}

const Board kMiddleGame = position({"h8", "i9", "g9", "j7"}, {"h9", "i8", "g10"}, Color::White);

}  // namespace

TEST_CASE("tree: alpha-beta and minimax agree on the root value at depths 2 and 3") {
  for (int depth : {2, 3}) {
    SearchTree ab = recordTree(kMiddleGame, depth, 5, true);
    SearchTree mm = recordTree(kMiddleGame, depth, 5, false);
    CHECK(ab.rootValue() == mm.rootValue());
    CHECK(ab.bestMove() == mm.bestMove());
    CHECK(ab.visited < mm.visited);  // pruning saved nodes
    // Minimax visits every node it lists (forced positions list fewer than 5 children).
    CHECK(mm.visited == int(mm.nodes.size()));
    CHECK(std::all_of(mm.nodes.begin(), mm.nodes.end(), [](const TreeNode& n) { return n.searched; }));
    CHECK(mm.visited > 1 + 5 + 5);
  }
}

TEST_CASE("tree: the nodes marked pruned are exactly those alpha-beta skips") {
  for (int depth : {2, 3}) {
    SearchTree ab = recordTree(kMiddleGame, depth, 4, true);
    Board b = kMiddleGame;
    std::vector<Point> line;
    std::set<std::vector<Point>> visited;
    int value = referenceAlphaBeta(b, depth, 4, -kScoreInfinite, kScoreInfinite, line, visited);
    CHECK(value == ab.rootValue());
    std::set<std::vector<Point>> searched, pruned;
    for (int i = 0; i < int(ab.nodes.size()); ++i)
      (ab.nodes[i].searched ? searched : pruned).insert(ab.lineTo(i));
    CHECK(searched == visited);
    CHECK(int(searched.size()) == ab.visited);
    // Every pruned node's parent cut off, and it comes after the cutting child.
    for (int i = 0; i < int(ab.nodes.size()); ++i) {
      const TreeNode& n = ab.nodes[i];
      if (n.searched) continue;
      const TreeNode& parent = ab.nodes[n.parent];
      CHECK(parent.cutoff);
      CHECK(n.note.find("pruned") == 0);
      CHECK(n.children.empty());
    }
    CHECK(!pruned.empty());
  }
}

TEST_CASE("tree: leaves carry the static evaluation, the root's line is empty") {
  SearchTree t = recordTree(kMiddleGame, 2, 3, false);
  CHECK(t.lineTo(0).empty());
  for (int i = 0; i < int(t.nodes.size()); ++i) {
    const TreeNode& n = t.nodes[i];
    if (n.children.empty() && n.searched && !n.terminal) {
      Board b = kMiddleGame;
      for (Point p : t.lineTo(i)) b.place(p);
      CHECK(n.value == evaluate(b));
      CHECK(n.staticEval == evaluate(b));
    }
  }
}

TEST_CASE("tree: a leaf that must block a four is searched on, and none is left facing one") {
  // White to move after black's h8 i8 j8 h9 j10 against white's i9 g8 k8 h7: the fours made at
  // the depth's last ply used to be scored by a static evaluation that counts the blocker's own
  // threats as if it were free to play them (a four scored -5020 for its maker).
  Board b(15, Rule::Freestyle);
  for (const char* m : {"h8", "i9", "i8", "g8", "j8", "k8", "h9", "h7", "j10"})
    b.place(*parsePointText(m, 15));
  for (bool alphaBeta : {true, false}) {
    SearchTree t = recordTree(b, 3, 4, alphaBeta);
    int extended = 0;
    for (int i = 0; i < int(t.nodes.size()); ++i) {
      const TreeNode& n = t.nodes[i];
      if (!n.searched) continue;
      Board at = b;
      for (Point p : t.lineTo(i)) at.place(p);
      MoveList list;
      const NodeKind kind = generateMoves(at, list);
      if (n.ply >= 3 && kind == NodeKind::MustBlock) {
        ++extended;
        CHECK(!n.children.empty());
        CHECK(n.note == "not quiet: a four to block, searched on");
      }
      if (n.children.empty() && !n.terminal) CHECK(kind != NodeKind::MustBlock);
      if (n.children.empty() && kind == NodeKind::WinNow) CHECK(n.value == kScoreMate - n.ply - 1);
    }
    CHECK(extended > 0);
  }
  // And alpha-beta still agrees with minimax and with the independent reference.
  SearchTree ab = recordTree(b, 3, 4, true), mm = recordTree(b, 3, 4, false);
  CHECK(ab.rootValue() == mm.rootValue());
  Board ref = b;
  std::vector<Point> line;
  std::set<std::vector<Point>> visited;
  CHECK(referenceAlphaBeta(ref, 3, 4, -kScoreInfinite, kScoreInfinite, line, visited) ==
        ab.rootValue());
}

TEST_CASE("explain: names the threat the position contains") {
  // White has an open three on row 7; black blocks it and makes its own four-three? Keep it
  // simple: black to move blocks at f7.
  Board b = position({"h8", "c12", "m3"}, {"g7", "h7", "i7"}, Color::Black);
  std::string s = explainMove(b, *parsePointText("f7", 15));
  CHECK(s.find("blocks white's open three at f7") != std::string::npos);

  // Black's h8 makes a four on row 8 (closed by d8) and an open three h6 h7 h8.
  Board c = position({"e8", "f8", "g8", "h6", "h7"}, {"d8", "a1", "o15", "a15", "o1"}, Color::Black);
  s = explainMove(c, *parsePointText("h8", 15));
  CHECK(s.find("four-three") != std::string::npos);

  Board five = position({"d4", "e4", "f4", "g4"}, {"d5", "e5", "f5"}, Color::Black);
  CHECK(explainMove(five, *parsePointText("h4", 15)).find("makes five and wins") != std::string::npos);

  SearchInfo vcf;
  vcf.solver = "VCF";
  vcf.score = kScoreMate - 5;
  vcf.pv = {*parsePointText("k10", 15), *parsePointText("k9", 15), *parsePointText("k11", 15),
            *parsePointText("k12", 15), *parsePointText("l12", 15)};
  Board open = position({"h8"}, {"a1"}, Color::Black);
  s = explainMove(open, vcf.pv.front(), &vcf);
  CHECK(s.find("wins by continuous fours: k10, k11, l12") != std::string::npos);
}

TEST_CASE("tree: under renju a four that black may not block wins, at a leaf and above one") {
  // White h4 h5 h6 with h7 makes a four whose five point h8 is a double three for black (f8 g8
  // and i9 j10): black cannot block, and the engine scores white's h7 a win. The tree used to
  // score that leaf by the evaluation (white's four as a loss) and, a ply higher, as no move.
  const Board b = position({"h3", "f8", "g8", "i9", "j10"}, {"h4", "h5", "h6", "n2"}, Color::White,
                           Rule::Renju);
  for (int depth : {1, 2})
    for (bool alphaBeta : {true, false}) {
      SearchTree t = recordTree(b, depth, 3, alphaBeta, {*parsePointText("h7", 15)});
      INFO("depth ", depth, std::string(alphaBeta ? " alpha-beta" : " minimax"));
      REQUIRE(t.nodes.size() >= 2);
      const TreeNode& h7 = t.nodes[t.nodes[0].children[0]];
      CHECK(h7.note == kNoLegalBlock);
      CHECK(h7.children.empty());
      // White wins in three plies (h7, black's move, the five at h8), as the engine counts it.
      CHECK(t.rootValue() == kScoreMate - 3);
      CHECK(t.bestMove() == *parsePointText("h7", 15));
    }
}
