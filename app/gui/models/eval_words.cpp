#include "app/gui/models/eval_words.h"

#include <algorithm>
#include <numeric>

#include "app/gui/models/move_text.h"
#include "core/search/movegen.h"

namespace gomoku::gui {
namespace {

Point step(Point p, int dir, int k, int size) {
  const int x = pointX(p) + kDirDx[dir] * k, y = pointY(p) + kDirDy[dir] * k;
  return onBoard(x, y, size) ? makePoint(x, y) : kNullPoint;
}

// The own stones of the window of `length` cells through p along dir that are all `color`
// except p itself, or empty when there is none. With `openEnds`, the cells just outside the
// window must be empty too (a straight four).
std::vector<Point> runThrough(const Board& b, Point p, int dir, Color color, int length,
                              bool openEnds) {
  for (int start = -(length - 1); start <= 0; ++start) {
    std::vector<Point> stones;
    bool ok = true;
    for (int k = start; k < start + length && ok; ++k) {
      const Point q = step(p, dir, k, b.size());
      if (q == kNullPoint)
        ok = false;
      else if (k != 0 && b.at(q) != color)
        ok = false;
      else if (k != 0)
        stones.push_back(q);
    }
    if (ok && openEnds) {
      const Point before = step(p, dir, start - 1, b.size());
      const Point after = step(p, dir, start + length, b.size());
      ok = before != kNullPoint && after != kNullPoint && b.isEmpty(before) && b.isEmpty(after);
    }
    if (ok) return stones;
  }
  return {};
}

bool overlaps(const std::vector<Point>& a, const std::vector<Point>& b) {
  return std::any_of(a.begin(), a.end(),
                     [&](Point p) { return std::find(b.begin(), b.end(), p) != b.end(); });
}

// Points of one kind in one direction grouped by the stones they extend: each group is one
// formation; `points` counts the empty points that reach it.
struct Group {
  std::vector<Point> stones;
  int points = 0;
};
void addToGroups(std::vector<Group>& groups, std::vector<Point> stones) {
  if (stones.empty()) return;
  for (Group& g : groups) {
    if (overlaps(g.stones, stones)) {
      for (Point p : stones)
        if (std::find(g.stones.begin(), g.stones.end(), p) == g.stones.end()) g.stones.push_back(p);
      ++g.points;
      return;
    }
  }
  groups.push_back({std::move(stones), 1});
}

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

ThreatCount countThreats(const Board& b, Color color) {
  ThreatCount count;
  const int size = b.size();
  for (int dir = 0; dir < kDirCount; ++dir) {
    std::vector<Group> fours, threes;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        const Point p = makePoint(x, y);
        if (!b.isEmpty(p)) continue;
        const LinePattern pattern = b.pattern(p, color, dir);
        if (pattern == LinePattern::Five) {
          addToGroups(fours, runThrough(b, p, dir, color, 5, false));
        } else if (pattern == LinePattern::Flex4) {
          addToGroups(threes, runThrough(b, p, dir, color, 4, true));
        }
      }
    }
    for (const Group& g : fours) (g.points >= 2 ? count.openFours : count.fours)++;
    for (const Group& g : threes) {
      const bool partOfFour = std::any_of(
          fours.begin(), fours.end(), [&](const Group& f) { return overlaps(f.stones, g.stones); });
      if (!partOfFour) ++count.openThrees;
    }
  }
  return count;
}

std::string threatSentence(Color color, const ThreatCount& c) {
  std::vector<std::string> parts;
  if (c.openFours) parts.push_back(plural(c.openFours, "open four", "open fours"));
  if (c.fours) parts.push_back(plural(c.fours, "four", "fours"));
  if (c.openThrees) parts.push_back(plural(c.openThrees, "open three", "open threes"));
  std::string text = std::string(colorName(color)) + ": ";
  if (parts.empty()) return text + "no threats on the board";
  for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
  return text;
}

std::string notQuietSentence(const Board& board) {
  const Color us = board.sideToMove(), them = opponent(us);
  if (board.lastMoveWon()) return "";  // the game is over; the panel says so elsewhere
  Point at[2];
  if (fivePoints(board, us, at, 1) > 0)
    return std::string(sideName(us)) + " makes five at " + pointToText(at[0]) +
           " and wins: the static evaluation does not look ahead, the search does.";
  const int blocks = fivePoints(board, them, at, 2);
  if (blocks == 0) return "";
  if (blocks == 1 && us == Color::Black && board.rule() == Rule::Renju) {
    Board scratch = board;
    if (const Forbid why = forbiddenKind(scratch, at[0]); why != Forbid::None)
      return std::string("White has a four, and its five point ") + pointToText(at[0]) +
             " is forbidden to Black (" + forbidName(why) +
             "): Black cannot block, and White wins.";
  }
  std::string text =
      std::string(sideName(them)) + " has " +
      (blocks > 1 ? "two points to make five (" + pointToText(at[0]) + ", " + pointToText(at[1]) +
                        "): " + sideName(us) + " cannot block both"
                  : "a four: " + std::string(sideName(us)) + " must block at " +
                        pointToText(at[0]) + " first");
  return text + ". The static evaluation counts " + sideName(us) +
         "'s own threats as if it were free to play them, so it says too much for " + sideName(us) +
         "; the engine's search plays the block before it evaluates.";
}

EvalWords evalWords(const Board& board) {
  EvalWords words;
  words.toMove = board.sideToMove();
  for (Color c : {Color::Black, Color::White}) words.threats[index(c)] = countThreats(board, c);
  const Breakdown bd = explain(board);
  for (const ColorBreakdown* side : {&bd.mover, &bd.other}) {
    const int sign = side == &bd.mover ? 1 : -1;
    for (const EvalTerm& t : side->terms) {
      EvalLine line;
      line.color = side->color;
      // The evaluation counts empty points (per direction for a line pattern), not formations:
      // say so, so "open three 15" cannot be read as fifteen open threes.
      // Terms counted once per position read as they are named ("side to move", "threats
      // to make next (...)"); a cell's combination takes an article.
      const bool once = t.cells.empty();
      const bool vowel =
          !t.name.empty() && std::string("aeiou").find(t.name[0]) != std::string::npos;
      line.what = (once || t.name == "five" ? t.name : (vowel ? "an " : "a ") + t.name) +
                  (t.isThreat || once ? "" : " (per line)");
      line.count = t.count;
      line.weight = t.weight;
      line.contribution = sign * t.contribution;
      line.alone = t.alone;
      if (t.name == kBoardSizeTermName) words.boardSizeTerm = line.contribution;
      if (t.alone) {
        AloneSum& sum = words.alone[index(side->color)];
        sum.points += t.count;
        sum.lines += 1;
        sum.contribution += line.contribution;
      }
      words.lines.push_back(std::move(line));
    }
  }
  words.total = std::accumulate(words.lines.begin(), words.lines.end(), 0,
                                [](int sum, const EvalLine& l) { return sum + l.contribution; });
  words.score = evaluate(board);
  words.notQuiet = notQuietSentence(board);
  if (board.rule() == Rule::Renju) {
    Board scratch = board;
    for (Point p : forbiddenPoints(scratch)) {
      const CellExplanation e = explainCell(board, p);
      words.blackWeaknesses.push_back({p, forbiddenKind(scratch, p), e.value[index(Color::Black)]});
    }
  }
  return words;
}

}  // namespace gomoku::gui
