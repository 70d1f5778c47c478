// Forced-move generation: which moves answer a four or an open three.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/search/movegen.h"
#include "core/game/record.h"
#include "core/board/rules.h"
#include "core/search/engine.h"

using namespace gomoku;

namespace {

Point at(const char* text) { return *parsePointText(text, 15); }

void put(Board& b, std::initializer_list<const char*> black, std::initializer_list<const char*> white) {
  for (const char* p : black) b.place(at(p), Color::Black);
  for (const char* p : white) b.place(at(p), Color::White);
}

bool contains(const MoveList& list, const char* text) {
  Point p = at(text);
  return std::any_of(list.items.begin(), list.items.begin() + list.count,
                     [&](const ScoredMove& m) { return m.move == p; });
}

}  // namespace

TEST_CASE("movegen: against an open three only the points that stop the open four and our fours") {
  Board b(15, Rule::Freestyle);
  // Black: open three g8 h8 i8 (f8, j8 open, e8 and k8 open too). White: scattered stones and
  // a closed three on the b column (b2 b3 b4, blocked below at b1 by black) that can make fours.
  put(b, {"g8", "h8", "i8", "b1", "m13"}, {"b2", "b3", "b4", "d12"});
  b.setSideToMove(Color::White);
  MoveList list;
  REQUIRE(generateMoves(b, list) == NodeKind::DefendThree);
  CHECK(contains(list, "f8"));
  CHECK(contains(list, "j8"));
  CHECK(contains(list, "b5"));   // white's own four
  CHECK(contains(list, "b6"));   // the other four point (b2 b3 b4 . b6)
  // e8 and k8 lie on black's line (black would make a four there) but do not stop the open
  // four: black answers k8 with f8 or j8 (e.g. f8 g8 h8 i8 with e8 and j8 open).
  CHECK_FALSE(contains(list, "k8"));
  CHECK_FALSE(contains(list, "e8"));
  CHECK(list.count == 4);
}

TEST_CASE("movegen: renju - a black open three whose open-four point is forbidden does not restrict white") {
  Board b(15, Rule::Renju);
  // Black's split three g8 . i8 j8 makes an open four only at h8, and h8 also makes two
  // threes (h5 h6 . h8 and f6 g7 h8): a four-three-three, forbidden to black as a double three.
  put(b, {"g8", "i8", "j8", "h6", "h5", "g7", "f6"}, {"a1", "c1", "e1", "a3", "c3", "e3"});
  b.setSideToMove(Color::White);
  REQUIRE(b.threatCount(Color::Black, Threat::OpenFour) > 0);
  REQUIRE(b.threat(at("h8"), Color::Black) == Threat::OpenFour);
  REQUIRE(isForbidden(b, at("h8")));
  CHECK_FALSE(canMakeOpenFour(b, Color::Black));
  MoveList list;
  CHECK(generateMoves(b, list) == NodeKind::Normal);
  CHECK(list.count > 10);

  // Under freestyle the same stones are a real threat: white must answer it.
  Board f(15, Rule::Freestyle);
  put(f, {"g8", "i8", "j8", "h6", "h5", "g7", "f6"}, {"a1", "c1", "e1", "a3", "c3", "e3"});
  f.setSideToMove(Color::White);
  CHECK(canMakeOpenFour(f, Color::Black));
  CHECK(generateMoves(f, list) == NodeKind::DefendThree);
}

TEST_CASE("movegen: against two open threes nothing stops both - the engine still blocks one") {
  Board b(15, Rule::Freestyle);
  // Black: open threes g8 h8 i8 and c3 c4 c5, far apart; white has no four to play.
  put(b, {"g8", "h8", "i8", "c3", "c4", "c5"}, {"m13", "n13", "m2", "a15", "o1"});
  b.setSideToMove(Color::White);
  MoveList list;
  REQUIRE(generateMoves(b, list) == NodeKind::DefendThree);
  CHECK(list.count == 0);  // no single point stops both open fours
  generateDelayingDefence(b, list);
  CHECK(contains(list, "f8"));
  CHECK(contains(list, "j8"));
  CHECK(contains(list, "c2"));
  CHECK(contains(list, "c6"));

  // The engine's move is one of those (not the centre or a1, the fallback of an empty list).
  Engine engine;
  Limits limits;
  limits.maxDepth = 4;
  SearchInfo info = engine.searchNow(b, limits);
  CHECK(contains(list, pointToText(info.bestMove).c_str()));
  CHECK(info.score < -kScoreMateBound);  // and it knows the game is lost
}

namespace {

// The answers to an open three found the slow way: every legal candidate tried on the board.
std::vector<Point> answersByTrial(Board& b) {
  const Color us = b.sideToMove(), them = opponent(us);
  std::vector<Point> answers;
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      const Point p = makePoint(x, y);
      if (!b.isCandidate(p)) continue;
      if (b.rule() == Rule::Renju && us == Color::Black && isForbiddenFast(b, p)) continue;
      bool stops = b.threat(p, us) >= Threat::Block4;
      if (!stops) {
        b.place(p);
        stops = !canMakeOpenFour(b, them);
        b.undo();
      }
      if (stops) answers.push_back(p);
    }
  std::sort(answers.begin(), answers.end());
  return answers;
}

}  // namespace

TEST_CASE("movegen: the open-three answers are exactly the candidates that stop it (random games)") {
  // generateMoves tries only the points in line with every open-four point of theirs; this
  // checks that skipping the others loses no answer, over random games in every rule.
  int positions = 0;
  for (Rule rule : {Rule::Freestyle, Rule::Standard, Rule::Renju}) {
    CAPTURE(std::string(ruleName(rule)));
    std::mt19937_64 rng(2026 + static_cast<int>(rule));
    for (int game = 0; game < 300; ++game) {
      Board b(15, rule);
      b.place(makePoint(7, 7));
      for (int move = 0; move < 40 && !b.lastMoveWon() && !b.full(); ++move) {
        MoveList list;
        const NodeKind kind = generateMoves(b, list);
        if (kind == NodeKind::WinNow || list.count == 0) break;
        if (kind == NodeKind::DefendThree) {
          std::vector<Point> generated;
          for (const ScoredMove& m : list) generated.push_back(m.move);
          std::sort(generated.begin(), generated.end());
          CHECK(generated == answersByTrial(b));
          ++positions;
        }
        // Mostly the generated moves (threats build up), sometimes any candidate.
        b.place(list.items[rng() % list.count].move);
      }
    }
  }
  CHECK(positions >= 100);  // the walk must reach enough open threes to mean something
  MESSAGE("open-three positions checked: " << positions);
}

TEST_CASE("movegen: under renju, a white stone that breaks black's double four leaves an open four") {
  // From the bench's renju position 9 searched on: black (to be answered) has an open three
  // (open-four points h7 and l11), and g6 is forbidden to black as a double four - a straight
  // four on its row and a four on the diagonal through h7. White's h7 blocks that four, so g6
  // becomes a legal open four (four-three): h7 is no answer, though it takes away both points
  // that were open fours before.
  Board b(15, Rule::Renju);
  for (const char* m : {"h8", "h9", "j9", "j8", "f8", "i7", "g7", "i9", "h6", "e9", "f6", "k7",
                        "l6", "i10", "i6", "f9", "g9", "g11", "h10", "i11", "i8", "e8", "k10"})
    b.place(at(m));
  REQUIRE(b.sideToMove() == Color::White);
  // The premise: some point of black's goes from forbidden to open four with white on h7.
  std::vector<Point> forbiddenBefore;
  for (int y = 0; y < 15; ++y)
    for (int x = 0; x < 15; ++x)
      if (b.isEmpty(makePoint(x, y)) && b.threat(makePoint(x, y), Color::Black) == Threat::Forbidden)
        forbiddenBefore.push_back(makePoint(x, y));
  b.place(at("h7"));
  const bool unlocked = std::any_of(forbiddenBefore.begin(), forbiddenBefore.end(), [&](Point q) {
    return b.threat(q, Color::Black) == Threat::OpenFour;
  });
  CHECK(canMakeOpenFour(b, Color::Black));
  b.undo();
  REQUIRE(unlocked);

  MoveList list;
  REQUIRE(generateMoves(b, list) == NodeKind::DefendThree);
  CHECK_FALSE(contains(list, "h7"));
  std::vector<Point> generated;
  for (const ScoredMove& m : list) generated.push_back(m.move);
  std::sort(generated.begin(), generated.end());
  CHECK(generated == answersByTrial(b));
}

TEST_CASE("movegen: MoveList::sort orders by descending score, equal scores in list order, short and long lists") {
  // Short lists take an insertion sort, longer ones std::stable_sort: both must give the order
  // a stable sort by descending score gives (the search's tree depends on the ties' order).
  std::mt19937 rng(2611);
  for (int count : {0, 1, 2, 5, 31, 32, 33, 120}) {
    MoveList list;
    for (int i = 0; i < count; ++i) list.add(Point(i), int(rng() % 7) * 100);
    std::vector<ScoredMove> expected(list.begin(), list.end());
    std::stable_sort(expected.begin(), expected.end(),
                     [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
    list.sort();
    REQUIRE(list.count == count);
    for (int i = 0; i < count; ++i) {
      CHECK(list.items[i].move == expected[i].move);
      CHECK(list.items[i].score == expected[i].score);
    }
    // Ties keep list order: within a score, the points ascend (they were added ascending).
    for (int i = 1; i < count; ++i)
      if (list.items[i].score == list.items[i - 1].score) CHECK(list.items[i].move > list.items[i - 1].move);
  }
}
