// Compares two boards field by field through their public state, for the incremental-update
// tests: a board after place/undo against a snapshot, or against one built from scratch.
#pragma once

#include <string>

#include "core/board/board.h"

namespace gomoku::testsupport {

struct CompareOptions {
  // Occupied cells keep the patterns they had when the stone went down, so they depend on the
  // order of play; compare them only against a snapshot of the same history.
  bool occupiedCells = false;
  bool history = false;  // moves(), lastMove(), lastMoveWon()
};

inline std::string describeCell(Point p) {
  return pointToText(p) + " (" + std::to_string(pointX(p)) + "," + std::to_string(pointY(p)) + ")";
}

// The first difference found, as text; empty if the boards agree.
inline std::string boardDifference(const Board& a, const Board& b, CompareOptions opt = {}) {
  auto num = [](auto v) { return std::to_string(static_cast<long long>(v)); };
  if (a.size() != b.size()) return "size " + num(a.size()) + " vs " + num(b.size());
  if (a.rule() != b.rule()) return std::string("rule ") + ruleName(a.rule()) + " vs " + ruleName(b.rule());
  if (a.sideToMove() != b.sideToMove())
    return std::string("side to move ") + colorName(a.sideToMove()) + " vs " + colorName(b.sideToMove());
  if (a.stoneCount() != b.stoneCount())
    return "stone count " + num(a.stoneCount()) + " vs " + num(b.stoneCount());
  if (a.key() != b.key()) return "Zobrist key differs";
  if (a.areaMinX() != b.areaMinX() || a.areaMinY() != b.areaMinY() ||
      a.areaMaxX() != b.areaMaxX() || a.areaMaxY() != b.areaMaxY())
    return "candidate area [" + num(a.areaMinX()) + "," + num(a.areaMinY()) + ".." +
           num(a.areaMaxX()) + "," + num(a.areaMaxY()) + "] vs [" + num(b.areaMinX()) + "," +
           num(b.areaMinY()) + ".." + num(b.areaMaxX()) + "," + num(b.areaMaxY()) + "]";
  for (Color c : {Color::Black, Color::White}) {
    for (int t = 0; t < kThreatCount; ++t)
      if (a.threatCount(c, Threat(t)) != b.threatCount(c, Threat(t)))
        return std::string("threat count ") + colorName(c) + " " + threatName(Threat(t)) + ": " +
               num(a.threatCount(c, Threat(t))) + " vs " + num(b.threatCount(c, Threat(t)));
    const auto countsA = a.patternCounts(c), countsB = b.patternCounts(c);
    for (int lp = 0; lp < kLinePatternCount; ++lp)
      if (countsA[lp] != countsB[lp])
        return std::string("pattern count ") + colorName(c) + " " +
               linePatternName(LinePattern(lp)) + ": " + num(countsA[lp]) + " vs " + num(countsB[lp]);
    for (int relation : {kMover, kOther})
      if (a.evalSum(c, relation) != b.evalSum(c, relation))
        return std::string("evaluation sum ") + colorName(c) +
               (relation == kMover ? " (mover)" : " (other)") + ": " +
               num(a.evalSum(c, relation)) + " vs " + num(b.evalSum(c, relation));
  }
  for (int y = 0; y < a.size(); ++y)
    for (int x = 0; x < a.size(); ++x) {
      Point p = makePoint(x, y);
      if (a.at(p) != b.at(p))
        return "stone at " + describeCell(p) + ": " + colorName(a.at(p)) + " vs " + colorName(b.at(p));
      if (a.isCandidate(p) != b.isCandidate(p))
        return "candidate flag at " + describeCell(p) + ": " + num(a.isCandidate(p)) + " vs " +
               num(b.isCandidate(p));
      if (a.at(p) != Color::Empty && !opt.occupiedCells) continue;
      const CellInfo& ca = a.cell(p);
      const CellInfo& cb = b.cell(p);
      for (int c = 0; c < 2; ++c) {
        if (ca.packed[c] != cb.packed[c])
          return "pattern code at " + describeCell(p) + " for " + colorName(Color(c)) + ": " +
                 num(ca.packed[c]) + " vs " + num(cb.packed[c]);
        if (ca.threat[c] != cb.threat[c])
          return "threat at " + describeCell(p) + " for " + colorName(Color(c)) + ": " +
                 threatName(ca.threat[c]) + " vs " + threatName(cb.threat[c]);
      }
    }
  if (opt.history) {
    if (a.moves() != b.moves()) return "move lists differ";
    if (a.lastMove() != b.lastMove()) return "last move differs";
    if (a.lastMoveWon() != b.lastMoveWon()) return "lastMoveWon differs";
  }
  return {};
}

// A board with the same stones as `board`, placed afresh in the given order of its points,
// with the same side to move.
inline Board rebuild(const Board& board, const std::vector<Point>& order) {
  Board fresh(board.size(), board.rule());
  for (Point p : order) fresh.place(p, board.at(p));
  fresh.setSideToMove(board.sideToMove());
  return fresh;
}

}  // namespace gomoku::testsupport
