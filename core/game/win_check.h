// Forced-win checks shared by the review and the puzzles: does the side to move win by threats
// (a VCF, a VCT, or a wide VCT that needs a quiet move on the way), with which first moves, and
// does a given move keep such a win against every reply? All proofs come from the threat
// solver (core/search/threat.h) within a node budget: "no" may mean "not found in time".
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/board/board.h"

namespace gomoku {

// How far the solver looks when proving and checking wins.
struct WinCheckBudget {
  int vctThreats = 7;
  uint64_t nodes = 100000;  // per solver call
  // Wins that need a quiet move on the way - one short of an open three that threatens a VCF
  // (ThreatMode::VctWide) - are looked for once the plain VCT fails, with at most this many
  // threats; 0: never. The attacker's first move may then be quiet too.
  int wideThreats = 4;
  uint64_t wideNodes = 400000;  // per wide VCT call
};

// The budget that judges a deep defence's listed save (`gomoku-bench tactics` counts a save
// the opponent still wins against as a fail, and a test keeps the saves it flags): plain VCT
// only, so a flagged save is one the opponent wins by threes and fours. One definition, so
// the bench and the test cannot drift apart.
constexpr WinCheckBudget kListedSaveCheckBudget{
    .vctThreats = 12, .nodes = 100000, .wideThreats = 0};

// Does the side to move of `b` win by threats? If so, every winning first move (each checked
// with moveWins), the solver's main line, its length and whether fours alone do it. Nullopt
// when the solver finds no win within the budget.
struct WinAnalysis {
  std::vector<Point> winning;  // sorted
  std::vector<Point> line;     // one main line (attacker, defender, ..., five)
  int winIn = 0;
  bool vcf = true;
};
std::optional<WinAnalysis> analyseWin(const Board& b, const WinCheckBudget& budget = {});

// The same, but `winning` holds just the main line's first move when moveWins confirms it
// (every first move only when it does not): one move checked instead of every candidate, for
// a hint that needs one winning move, not all of them.
std::optional<WinAnalysis> findWin(const Board& b, const WinCheckBudget& budget = {});

// After the attacker's move `move` in `b` (attacker to move): does the attacker still win
// against every reply? (A five wins at once.) `refutation` gets a reply that holds, if any.
// A quiet move (no four, no open three) wins only when the budget allows wide wins and it
// threatens a VCF; then every reply of the candidate area must lose.
bool moveWins(const Board& b, Point move, const WinCheckBudget& budget, Point* refutation = nullptr);

// What the engine's own search proves about `move` for the side to move of `b`: a win, a loss,
// or neither within `nodes` (node-limited on one thread from a clear table: the same verdict on
// any machine). It finds wins the solver cannot (those that need quiet moves, or more threats
// than it allows); its mate scores count only lines in which every reply of the loser was
// searched. A five wins at once; a four's forced block is played first (the root of a search
// with one legal move goes no deeper than two plies), and a block forbidden to black loses.
// `move` must be empty; `engine` is cleared and used for the search.
class Engine;
enum class SearchVerdict { Win, Loss, Unproven };
SearchVerdict searchVerdict(Engine& engine, const Board& b, Point move, uint64_t nodes);

}  // namespace gomoku
