// A game as the app and the brain see it: rule, size, the moves played, undo/redo, the
// result with its winning line. Every mutating call either succeeds or returns an error
// message and leaves the game exactly as it was.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/board/board.h"

namespace gomoku {

enum class GameResult { Ongoing, BlackWins, WhiteWins, Draw };
// NoLegalMove: renju, black to move and every empty point forbidden - a draw, as on a full board.
enum class EndReason { None, Five, Resignation, FullBoard, NoLegalMove };
const char* resultName(GameResult r);

class Game {
 public:
  explicit Game(int size = kDefaultSize, Rule rule = Rule::Freestyle);

  // Starts over (size clamped to 5..22 is NOT done: an out-of-range size returns an error).
  std::optional<std::string> newGame(int size, Rule rule);

  int size() const { return board_.size(); }
  Rule rule() const { return board_.rule(); }
  const Board& board() const { return board_; }
  Color sideToMove() const { return board_.sideToMove(); }
  // Moves on the board now, in order (ply() of them); redo() replays the rest.
  const std::vector<Point>& moves() const { return board_.moves(); }
  // Every move of the line, including those undone and available to redo.
  const std::vector<Point>& line() const { return line_; }
  int ply() const { return board_.stoneCount(); }
  Point lastMove() const { return board_.lastMove(); }

  // Why the side to move may not play p (occupied, off the board, forbidden, game over),
  // or nullopt if it may.
  std::optional<std::string> whyIllegal(Point p) const;
  // Plays p for the side to move; on error nothing changes. Truncates the redo line.
  std::optional<std::string> play(Point p);

  bool canUndo() const { return ply() > 0; }
  bool canRedo() const { return ply() < static_cast<int>(line_.size()) && !resigned_; }
  bool undo();  // also takes back a resignation first
  bool redo();
  // Moves to any ply of the line (0 = empty board) by undo/redo.
  bool jumpTo(int ply);

  void resign(Color loser);
  GameResult result() const;
  EndReason endReason() const;
  bool isOver() const { return result() != GameResult::Ongoing; }
  Color winner() const;  // Empty unless won
  std::vector<Point> winningLine() const;
  // Black's forbidden points now (renju only; empty otherwise, and once the game is over).
  std::vector<Point> forbiddenPoints() const;

 private:
  mutable Board board_;  // mutable: the forbidden check uses it as scratch and restores it
  std::vector<Point> line_;
  bool resigned_ = false;
  Color resignedColor_ = Color::Empty;
};

}  // namespace gomoku
