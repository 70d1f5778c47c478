// "Find the win" puzzles: a position whose side to move wins by force (a VCF, a VCT or a wide
// VCT proved by the threat solver: win_check.h); every winning first move is recorded and
// checked. Found in playouts by the generator (app/puzzles), or in the player's own games (the
// review's missed wins). The trainer (no GUI) checks the player's moves, plays the engine's
// defence, gives hints and keeps the player's progress.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/board/board.h"
#include "core/game/review.h"
#include "core/game/win_check.h"

namespace gomoku {

class Engine;

struct Puzzle {
  int size = kDefaultSize;
  Rule rule = Rule::Freestyle;
  std::vector<Point> moves;    // the position, from the empty board, black first
  std::vector<Point> answers;  // every winning first move (sorted by point)
  int winIn = 0;               // the attacker's moves to the five, the first included
  bool vcf = true;             // won by fours alone (else threes, or a quiet move, too)
  std::string source = "generated";

  Board position() const;
  Color attacker() const { return moves.size() % 2 ? Color::White : Color::Black; }
  std::string id() const;  // rule + position code: stable, unique per position
};

// Puzzle file: one puzzle a line, "rule size code answers winIn kind source", '#' comments.
std::string puzzleToLine(const Puzzle& p);
std::optional<Puzzle> puzzleFromLine(const std::string& line, std::string* error = nullptr);
std::vector<Puzzle> readPuzzles(const std::string& text, std::string* error = nullptr);

// A missed win of a review as a puzzle for the player's collection (verified by the solver);
// nullopt when the solver cannot prove the win there.
std::optional<Puzzle> puzzleFromMissedWin(const ReviewResult& review, const ReviewedMove& move);

// Mines random playouts for puzzles: from a few random stones near the centre, the engine
// (node-limited, with noise) plays until a side to move has a proven win of at least
// `minWinIn` moves that is not an immediate five.
struct PuzzleGeneratorOptions {
  int size = kDefaultSize;
  Rule rule = Rule::Freestyle;
  uint64_t seed = 1;
  uint64_t engineNodes = 3000;
  int minWinIn = 2;
  int winIn = 0;           // 2, 3, 4, or 5 (5 or more): only that length; 0: any from minWinIn
  bool uniqueOnly = true;  // only positions with a single winning first move
  // Finding positions: plain wins only (the playouts ask at every move, and the wide VCT's
  // failures are slow). The answers of a position chosen are then listed with answerBudget,
  // which also finds quiet winning first moves, so a puzzle's answers are all its wins.
  WinCheckBudget budget{.wideThreats = 0};
  WinCheckBudget answerBudget;
};
class PuzzleGenerator {
 public:
  explicit PuzzleGenerator(const PuzzleGeneratorOptions& options);
  ~PuzzleGenerator();
  std::optional<Puzzle> next(int maxPlayouts = 20);  // nullopt if none found in that many

 private:
  PuzzleGeneratorOptions options_;
  std::mt19937_64 rng_;
  std::unique_ptr<Engine> engine_;
};

// The player's record: saved as "key value" lines.
struct PuzzleProgress {
  int attempted = 0;
  int solved = 0;
  int streak = 0;
  int bestStreak = 0;
  double rating = 1200;
  std::set<std::string> solvedIds;

  // A puzzle's own rating, from its length: win in 2 = 1000, +200 per move.
  static double puzzleRating(const Puzzle& p) { return 1000.0 + 200.0 * (p.winIn - 2); }
  // Elo-style update (K = 32) with the result of a puzzle (solved without a wrong move or not).
  void record(const Puzzle& p, bool solvedClean);
  std::string save() const;
  static PuzzleProgress load(const std::string& text);  // bad lines are skipped
};

// One puzzle being solved. play() takes the player's move: a winning move is answered by the
// engine's defence (or ends the puzzle with a five); a move that does not win is refused with a
// sentence why, and the position stays as it was so the player may retry.
class PuzzleTrainer {
 public:
  enum class Verdict { Solved, Continue, Wrong, Illegal };
  struct Reply {
    Verdict verdict = Verdict::Illegal;
    Point defence = kNullPoint;  // the engine's answer (Continue)
    std::string message;
  };

  explicit PuzzleTrainer(Puzzle puzzle, uint64_t defenceNodes = 20000);
  ~PuzzleTrainer();

  const Board& board() const { return board_; }
  const Puzzle& puzzle() const { return puzzle_; }
  bool solved() const { return solved_; }
  int mistakes() const { return mistakes_; }
  Reply play(Point move);
  // Hint levels 1: the area, 2: the kind of threat, 3: the move.
  std::string hint(int level) const { return giveHint(level).text; }
  struct Hint {
    std::string text;
    // Level 1: the corners of the area (lowest column and row, highest column and row) that
    // holds the winner's moves of the solver's line, for a board to draw; else null points.
    Point areaLow = kNullPoint, areaHigh = kNullPoint;
  };
  Hint giveHint(int level) const;

 private:
  Puzzle puzzle_;
  Board board_;
  WinCheckBudget budget_;
  // The win behind the hints (findWin: one winning move checked, not all), kept for the
  // position it was made for: the three levels of one position ask the solver once.
  mutable std::optional<WinAnalysis> hintWin_;
  mutable std::optional<uint64_t> hintKey_;  // the position hintWin_ is for; none yet
  uint64_t defenceNodes_;
  std::unique_ptr<Engine> engine_;
  bool solved_ = false;
  int mistakes_ = 0;
};

}  // namespace gomoku
