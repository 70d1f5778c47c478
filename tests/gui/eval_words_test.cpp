// The evaluation panel's model (issue 15): threats counted as a player counts them, lines
// that add up to the engine's score, renju-forbidden points as black's weaknesses.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>

#include "app/gui/models/eval_words.h"

using namespace gomoku;
using namespace gomoku::gui;

namespace {

Board play(std::initializer_list<const char*> moves, Rule rule = Rule::Freestyle) {
  Board b(15, rule);
  for (const char* m : moves) b.place(*parsePointText(m, 15));
  return b;
}

}  // namespace

TEST_CASE("eval words: formations are counted once, not once per empty point") {
  // Black h8 i8 j8: one open three (four empty points extend it: not four threes).
  const Board three = play({"h8", "a1", "i8", "a3", "j8", "o15"});
  const ThreatCount black = countThreats(three, Color::Black);
  CHECK(black.openThrees == 1);
  CHECK(black.fours == 0);
  CHECK(black.openFours == 0);
  CHECK(threatSentence(Color::Black, black) == "black: 1 open three");
  CHECK(threatSentence(Color::White, countThreats(three, Color::White)) ==
        "white: no threats on the board");

  // A split three (h8 j8 k8) is one open three too.
  CHECK(countThreats(play({"h8", "a1", "j8", "a3", "k8", "o15"}), Color::Black).openThrees == 1);

  // Blocked on one side by white: a four, one way to five.
  const Board four = play({"h8", "g8", "i8", "a3", "j8", "a5", "k8"});
  const ThreatCount f = countThreats(four, Color::Black);
  CHECK(f.fours == 1);
  CHECK(f.openFours == 0);
  CHECK(f.openThrees == 0);

  // Open at both ends: one open four, and its three is not counted again.
  const Board open = play({"h8", "a1", "i8", "a3", "j8", "a5", "k8"});
  const ThreatCount o = countThreats(open, Color::Black);
  CHECK(o.openFours == 1);
  CHECK(o.fours == 0);
  CHECK(o.openThrees == 0);

  // Two open threes in different directions: two.
  const Board two = play({"h8", "a1", "i8", "a3", "j8", "a5", "h9", "o1", "h10"});
  CHECK(countThreats(two, Color::Black).openThrees == 2);
  CHECK(threatSentence(Color::Black, countThreats(two, Color::Black)) == "black: 2 open threes");
}

TEST_CASE("eval words: the lines add up to the engine's score, signed for the side to move") {
  for (const Board& b : {play({"h8"}), play({"h8", "i9", "j10", "h9", "h10"}),
                         play({"h8", "a1", "i8", "a3", "j8", "o15"}),
                         play({"h8", "i9", "i8", "j9", "g7", "k9"}, Rule::Renju)}) {
    const EvalWords w = evalWords(b);
    CHECK(w.score == evaluate(b));
    int sum = 0;
    for (const EvalLine& line : w.lines) {
      sum += line.contribution;
      CHECK(line.contribution == (line.color == w.toMove ? 1 : -1) * line.count * line.weight);
      CHECK_FALSE(line.what.empty());
    }
    CHECK(sum == w.total);
    CHECK(w.addsUp());
  }
}

TEST_CASE("eval words: a renju-forbidden point is listed as black's weakness") {
  // Black h8 i8 (a two along row 8) and j10 j11 (a two along column j): j8 would make two
  // open threes at once, a double three, forbidden to black.
  Board b(15, Rule::Renju);
  for (const char* m : {"h8", "a1", "i8", "a3", "j10", "a5", "j11", "a7"})
    b.place(*parsePointText(m, 15));
  REQUIRE(b.sideToMove() == Color::Black);
  Board scratch = b;
  const std::vector<Point> forbidden = forbiddenPoints(scratch);
  REQUIRE_FALSE(forbidden.empty());  // j8 makes two open threes
  const EvalWords w = evalWords(b);
  REQUIRE(w.blackWeaknesses.size() == forbidden.size());
  const Point j8 = *parsePointText("j8", 15);
  const auto it = std::find_if(w.blackWeaknesses.begin(), w.blackWeaknesses.end(),
                               [&](const Weakness& x) { return x.point == j8; });
  REQUIRE(it != w.blackWeaknesses.end());
  CHECK(it->kind == Forbid::DoubleThree);

  // Freestyle has no forbidden points, so no weaknesses of that kind.
  Board free(15, Rule::Freestyle);
  for (const char* m : {"h8", "a1", "i8", "a3", "j10", "a5", "j11", "a7"})
    free.place(*parsePointText(m, 15));
  CHECK(evalWords(free).blackWeaknesses.empty());
}

TEST_CASE("eval words: the lone points are summed per color, and only they") {
  // h8 i9: the points far from both stones are lone points for both colors; next to h8 a
  // black stone makes a two, which is not one.
  const Board b = play({"h8", "i9"});
  const EvalWords w = evalWords(b);
  AloneSum sum[2];
  bool twoNextToH8 = false;
  for (const EvalLine& line : w.lines) {
    if (line.alone) {
      // Only lone stones (open or closed) on every line.
      CHECK(line.what.find("two") == std::string::npos);
      CHECK(line.what.find("three") == std::string::npos);
      CHECK(line.what.find("one") != std::string::npos);
      AloneSum& s = sum[index(line.color)];
      s.points += line.count;
      s.lines += 1;
      s.contribution += line.contribution;
    } else if (line.color == Color::Black && line.what.find("two") != std::string::npos) {
      twoNextToH8 = true;
    }
  }
  CHECK(twoNextToH8);
  for (Color c : {Color::Black, Color::White}) {
    const AloneSum& got = w.alone[index(c)];
    CHECK(got.lines == sum[index(c)].lines);
    CHECK(got.points == sum[index(c)].points);
    CHECK(got.contribution == sum[index(c)].contribution);
    // Most of the 223 empty points are lone points of each color.
    CHECK(got.points > 150);
    CHECK(got.points < 223);
  }
  // The far corner a1 is a lone point of both colors: counted on each side.
  const Breakdown bd = explain(b);
  const Point a1 = *parsePointText("a1", 15);
  for (const ColorBreakdown* side : {&bd.mover, &bd.other}) {
    const auto it = std::find_if(side->terms.begin(), side->terms.end(), [&](const EvalTerm& t) {
      return std::find(t.cells.begin(), t.cells.end(), a1) != t.cells.end();
    });
    REQUIRE(it != side->terms.end());
    CHECK(it->alone);
  }
}

TEST_CASE("eval words: the board size line is known apart, and only off 15x15") {
  for (int size : {15, 20, 11}) {
    CAPTURE(size);
    Board b(size, Rule::Freestyle);
    for (const char* m : {"f6", "g6", "f7"}) b.place(*parsePointText(m, size));
    const EvalWords w = evalWords(b);
    int listed = 0;
    for (const EvalLine& line : w.lines)
      if (line.what == kBoardSizeTermName) listed += line.contribution;
    CHECK(w.boardSizeTerm == listed);
    if (size == 15) {
      CHECK(w.boardSizeTerm == 0);
    } else {
      CHECK(w.boardSizeTerm != 0);
      // It offsets the lone points: with it they come to about what they do on 15x15.
      Board small(15, Rule::Freestyle);
      for (const char* m : {"f6", "g6", "f7"}) small.place(*parsePointText(m, 15));
      const EvalWords w15 = evalWords(small);
      const int lone = w.alone[0].contribution + w.alone[1].contribution;
      const int lone15 = w15.alone[0].contribution + w15.alone[1].contribution;
      CHECK(std::abs(lone + w.boardSizeTerm - lone15) < std::abs(lone - lone15));
    }
  }
}

TEST_CASE("eval words: a position that is not quiet says why its static score misleads") {
  // Quiet: nothing said.
  CHECK(evalWords(play({"h8", "a1", "i8", "a3", "j8", "o15"})).notQuiet.empty());
  // Black's four h8-k8, blocked at g8, white to move: the block at l8 comes first.
  const Board four = play({"h8", "g8", "i8", "a3", "j8", "a5", "k8"});
  CHECK(evalWords(four).notQuiet ==
        "Black has a four: White must block at l8 first. The static evaluation counts White's own "
        "threats as if it were free to play them, so it says too much for White; the engine's "
        "search plays the block before it evaluates.");
  // The same four with black to move: a five to make.
  const Board five = play({"h8", "g8", "i8", "a3", "j8", "a5", "k8", "a7"});
  CHECK(evalWords(five).notQuiet ==
        "Black makes five at l8 and wins: the static evaluation does not look ahead, the search "
        "does.");
  // An open four: two points, no block holds.
  const Board open = play({"h8", "a1", "i8", "a3", "j8", "a5", "k8"});
  const std::string said = evalWords(open).notQuiet;
  CHECK(said.find("Black has two points to make five (") == 0);
  CHECK(said.find("White cannot block both") != std::string::npos);
}

TEST_CASE("eval words: under renju a four black may not block is said to win") {
  // White's h4-h7 four; its five point h8 is a double three for black (f8 g8, i9 j10).
  Board b(15, Rule::Renju);
  for (const char* m : {"h3", "f8", "g8", "i9", "j10"})
    b.place(*parsePointText(m, 15), Color::Black);
  for (const char* m : {"h4", "h5", "h6", "h7", "n2"})
    b.place(*parsePointText(m, 15), Color::White);
  b.setSideToMove(Color::Black);
  CHECK(evalWords(b).notQuiet ==
        "White has a four, and its five point h8 is forbidden to Black (double three): Black "
        "cannot block, and White wins.");
}
