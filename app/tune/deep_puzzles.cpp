#include "app/tune/deep_puzzles.h"

#include <cstdio>
#include <fstream>
#include <optional>

#include <fmt/format.h>

#include "app/tune/selfplay.h"
#include "core/board/rules.h"
#include "core/game/win_check.h"
#include "core/search/movegen.h"
#include "core/search/threat.h"

namespace gomoku::tune {

namespace {

std::string movesText(const std::vector<Point>& moves, size_t count) {
  std::string text;
  for (size_t i = 0; i < count; ++i) {
    if (i) text += ',';
    text += pointToText(moves[i]);
  }
  return text;
}

std::string pointsText(const std::vector<Point>& points) {
  std::string text;
  for (size_t i = 0; i < points.size(); ++i) {
    if (i) text += '|';
    text += pointToText(points[i]);
  }
  return text;
}

// A quick look with the solver alone (fresh cache each call: the same answer every run).
bool quickWin(const Board& position, int vctThreats, uint64_t nodes) {
  Board b = position;
  ThreatSolver solver;
  if (solver.solve(b, ThreatMode::Vcf, 100, nodes)) return true;
  for (int threats = 2; threats <= vctThreats; ++threats)
    if (solver.solve(b, ThreatMode::Vct, threats, nodes)) return true;
  return false;
}

// The proof budget of a deep win: the plain VCT deep enough for long lines of threes.
constexpr WinCheckBudget kDeepWinBudget{.vctThreats = 12, .nodes = 300000, .wideThreats = 0};

std::optional<std::string> deepWin(const Board& b, const GameRecord& game, size_t ply,
                                   const DeepPuzzleOptions& o, int index) {
  if (!quickWin(b, 12, o.detectNodes)) return std::nullopt;
  auto win = findWin(b, kDeepWinBudget);
  if (!win || win->vcf || win->winIn < o.minWinIn || win->winning.empty()) return std::nullopt;
  return fmt::format(
      "id=sp_win_{};rule={};size={};to_move={};moves={};type=deep_win;best={};win_in={};"
      "source=gomoku-tune selfplay game {} ply {}, labelled by the threat solver (VCT, 12 "
      "threats, 300k nodes)",
      index, ruleName(game.rule), game.size, b.sideToMove() == Color::Black ? "black" : "white",
      movesText(game.moves, ply), pointsText(win->winning), win->winIn, index, ply);
}

std::optional<std::string> deepDefence(const Board& b, const GameRecord& game, size_t ply,
                                       const DeepPuzzleOptions& o, int index) {
  const Color us = b.sideToMove();
  // Nothing to defend while we win ourselves.
  if (quickWin(b, 12, o.detectNodes)) return std::nullopt;
  Board pass = b;
  pass.setSideToMove(opponent(us));
  if (!quickWin(pass, 12, o.detectNodes)) return std::nullopt;
  auto threat = findWin(pass, kListedSaveCheckBudget);
  if (!threat || threat->vcf || threat->winIn < o.minThreatWinIn) return std::nullopt;
  std::vector<Point> saves, loses;
  Board scratch = b;
  std::vector<Point> candidates;
  scratch.forEachCandidate([&](Point p) {
    if (isLegal(scratch, p, us)) candidates.push_back(p);
    return true;
  });
  const size_t maxSaves = size_t(o.maxSaveShare * double(candidates.size()));
  for (Point p : candidates) {
    Board after = b;
    after.place(p);
    if (after.lastMoveWon()) return std::nullopt;  // not a defence puzzle after all
    (findWin(after, kListedSaveCheckBudget) ? loses : saves).push_back(p);
    if (saves.size() > maxSaves) return std::nullopt;
  }
  if (saves.empty()) return std::nullopt;
  // A four of ours only delays: its block is forced, and is seldom a threat, so the solver
  // finds no VCT for the opponent right after it even when the threat stands again once the
  // four is blocked (the engine then proves every move lost, "saves" included). Such a
  // position is left out: a save by a four holds only if the threat is gone after its block.
  for (Point p : saves) {
    Board after = b;
    after.place(p);
    Point block[2];
    if (fivePoints(after, us, block, 2) != 1) continue;
    after.place(block[0]);
    after.setSideToMove(opponent(us));
    if (findWin(after, kListedSaveCheckBudget)) return std::nullopt;
  }
  return fmt::format(
      "id=sp_def_{};rule={};size={};to_move={};moves={};type=deep_defend;best={};loses={};"
      "threat=+M{};source=gomoku-tune selfplay game {} ply {}, labelled by the threat solver "
      "(the opponent's VCT after each candidate, 12 threats, 100k nodes: {} of {} save)",
      index, ruleName(game.rule), game.size, us == Color::Black ? "black" : "white",
      movesText(game.moves, ply), pointsText(saves), pointsText(loses), 2 * threat->winIn - 1,
      index, ply, saves.size(), candidates.size());
}

}  // namespace

bool mineDeepPuzzles(const DeepPuzzleOptions& o, const std::string& command,
                     const std::string& out) {
  std::vector<GameRecord> games;
  std::string error;
  if (!loadGames(o.gameFiles, games, error)) {
    std::fprintf(stderr, "gomoku-tune: %s\n", error.c_str());
    return false;
  }
  std::ofstream file(out);
  if (!file) {
    std::fprintf(stderr, "gomoku-tune: cannot write %s\n", out.c_str());
    return false;
  }
  file << "# Deep puzzles mined from self-play games and labelled by the threat solver alone\n"
       << "# (app/tune/deep_puzzles.h says how). Made by: " << command << "\n";
  int wins = 0, defences = 0;
  for (size_t g = 0; g < games.size() && (wins < o.maxPerKind || defences < o.maxPerKind); ++g) {
    const GameRecord& game = games[g];
    Board b(game.size, game.rule);
    bool haveWin = wins >= o.maxPerKind, haveDefence = defences >= o.maxPerKind;
    // The game's last position is decided (a five was made): the puzzles come before it.
    for (size_t ply = 0; ply + 1 < game.moves.size() && !(haveWin && haveDefence); ++ply) {
      if (int(ply) >= o.minPly) {
        if (!haveWin)
          if (auto found = deepWin(b, game, ply, o, int(g))) {
            file << *found << "\n" << std::flush;
            haveWin = true;
            ++wins;
          }
        if (!haveDefence)
          if (auto found = deepDefence(b, game, ply, o, int(g))) {
            file << *found << "\n" << std::flush;
            haveDefence = true;
            ++defences;
          }
      }
      if (!b.isEmpty(game.moves[ply])) break;  // a malformed game: stop reading it
      b.place(game.moves[ply]);
    }
    std::fprintf(stderr, "game %zu: %d deep wins, %d deep defences so far\n", g + 1, wins,
                 defences);
  }
  return bool(file);
}

}  // namespace gomoku::tune
