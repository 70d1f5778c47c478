#include "core/game/win_check.h"

#include <algorithm>

#include "core/board/rules.h"
#include "core/search/engine.h"
#include "core/search/movegen.h"
#include "core/search/threat.h"

namespace gomoku {

namespace {

// The VCF, then the VCT and the wide VCT, each deepened a threat at a time.
bool solverWins(ThreatSolver& solver, Board& b, const WinCheckBudget& budget,
                std::vector<Point>* line, bool* vcf) {
  if (vcf) *vcf = true;
  if (solver.solve(b, ThreatMode::Vcf, 100, budget.nodes, line)) return true;
  if (vcf) *vcf = false;
  const struct {
    ThreatMode mode;
    int maxThreats;
    uint64_t nodes;
  } stages[] = {{ThreatMode::Vct, budget.vctThreats, budget.nodes},
                {ThreatMode::VctWide, budget.wideThreats, budget.wideNodes}};
  for (const auto& stage : stages)
    for (int threats = 2; threats <= stage.maxThreats; ++threats)
      if (solver.solve(b, stage.mode, threats, stage.nodes, line)) return true;
  return false;
}

// Would the side that just moved in `b` win by fours if the side to move passed?
bool threatensVcf(ThreatSolver& solver, Board& b, const WinCheckBudget& budget) {
  const Color toMove = b.sideToMove();
  b.setSideToMove(opponent(toMove));
  const bool threat = solver.solve(b, ThreatMode::Vcf, 100, budget.nodes);
  b.setSideToMove(toMove);
  return threat;
}

}  // namespace

bool moveWins(const Board& position, Point move, const WinCheckBudget& budget, Point* refutation) {
  if (refutation) *refutation = kNullPoint;
  Board b = position;
  if (!isLegal(b, move, b.sideToMove())) return false;
  b.place(move);
  if (b.lastMoveWon()) return true;
  MoveList list;
  NodeKind kind = generateMoves(b, list);
  if (kind == NodeKind::WinNow) return false;
  ThreatSolver solver;
  // A quiet move gives the defender a free hand: it must at least threaten a win by fours.
  if (kind == NodeKind::Normal && (budget.wideThreats < 2 || !threatensVcf(solver, b, budget)))
    return false;
  list.sort();
  for (int i = 0; i < list.count; ++i) {
    b.place(list.items[i].move);
    Point five[1];
    bool wins = fivePoints(b, b.sideToMove(), five, 1) > 0 ||
                solverWins(solver, b, budget, nullptr, nullptr);
    b.undo();
    if (!wins) {
      if (refutation) *refutation = list.items[i].move;
      return false;
    }
  }
  return true;  // every reply loses (or the only blocks are forbidden to black)
}

namespace {

// analyseWin and findWin: `everyMove` false lists only the main line's first move when it wins.
std::optional<WinAnalysis> analyse(const Board& position, const WinCheckBudget& budget,
                                   bool everyMove) {
  if (position.lastMoveWon() || position.full()) return std::nullopt;
  Board b = position;
  WinAnalysis win;
  Point fives[8];
  int n = fivePoints(b, b.sideToMove(), fives, 8);
  if (n > 0) {
    win.winning.assign(fives, fives + n);
    std::sort(win.winning.begin(), win.winning.end());
    win.line = {win.winning[0]};
    win.winIn = 1;
    return win;
  }
  ThreatSolver solver;
  solver.setLongestLines(true);  // winIn is shown to players ("win in 4"): the longest defence
  if (!solverWins(solver, b, budget, &win.line, &win.vcf)) return std::nullopt;
  win.winIn = int(win.line.size() + 1) / 2;
  if (!everyMove && moveWins(b, win.line[0], budget)) {
    win.winning = {win.line[0]};
    return win;
  }
  MoveList list;
  generateMoves(b, list);
  for (int i = 0; i < list.count; ++i)
    if (moveWins(b, list.items[i].move, budget)) win.winning.push_back(list.items[i].move);
  if (win.winning.empty()) return std::nullopt;  // the budget proved the root, not a move
  std::sort(win.winning.begin(), win.winning.end());
  return win;
}

}  // namespace

std::optional<WinAnalysis> analyseWin(const Board& position, const WinCheckBudget& budget) {
  return analyse(position, budget, true);
}

std::optional<WinAnalysis> findWin(const Board& position, const WinCheckBudget& budget) {
  return analyse(position, budget, false);
}

SearchVerdict searchVerdict(Engine& engine, const Board& b, Point move, uint64_t nodes) {
  Board after = b;
  const Color mover = after.sideToMove(), other = opponent(mover);
  if (after.threat(move, mover) == Threat::Five) return SearchVerdict::Win;
  after.place(move);
  Point fives[2], otherFive[1];
  // (Not forced while the other side has a five of its own to make: then the search decides.)
  if (fivePoints(after, mover, fives, 2) == 1 && fivePoints(after, other, otherFive, 1) == 0) {
    if (other == Color::Black && isForbiddenFast(after, fives[0])) return SearchVerdict::Win;
    after.place(fives[0]);  // the forced block
  }
  Limits limits;
  limits.maxNodes = nodes;
  limits.threads = 1;
  engine.clear();
  const SearchInfo info = engine.searchNow(after, limits);
  if (!isMateScore(info.score)) return SearchVerdict::Unproven;
  const bool moverToMove = after.sideToMove() == mover;
  return (info.score > 0) == moverToMove ? SearchVerdict::Win : SearchVerdict::Loss;
}

}  // namespace gomoku
