#include "core/game/game.h"

#include "core/board/rules.h"

namespace gomoku {

const char* resultName(GameResult r) {
  switch (r) {
    case GameResult::BlackWins: return "black wins";
    case GameResult::WhiteWins: return "white wins";
    case GameResult::Draw: return "draw";
    default: return "ongoing";
  }
}

namespace {

// A point as players write it, or as protocol coordinates when it is not on the board (a
// letter past 'z' would not print).
std::string describe(const Board& board, Point p) {
  if (p == kNullPoint) return "no point";
  if (board.contains(p)) return pointToText(p);
  std::string text = "(";  // built by appending: GCC 12 warns falsely on "(" + std::string
  text += std::to_string(pointX(p));
  text += ',';
  text += std::to_string(pointY(p));
  text += ')';
  return text;
}

}  // namespace

Game::Game(int size, Rule rule) : board_(size, rule) {}

std::optional<std::string> Game::newGame(int size, Rule rule) {
  if (size < kMinSize || size > kMaxSize)
    return "board size " + std::to_string(size) + " is out of range (" +
           std::to_string(kMinSize) + ".." + std::to_string(kMaxSize) + ")";
  board_.reset(size, rule);
  line_.clear();
  resigned_ = false;
  resignedColor_ = Color::Empty;
  return std::nullopt;
}

std::optional<std::string> Game::whyIllegal(Point p) const {
  if (isOver()) return std::string("the game is over");
  if (!board_.contains(p)) {
    std::string size = std::to_string(board_.size());
    return describe(board_, p) + " is off the board (" + size + "x" + size + ")";
  }
  if (board_.at(p) != Color::Empty) return pointToText(p) + " is occupied";
  if (board_.sideToMove() == Color::Black) {
    Forbid kind = forbiddenKind(board_, p);
    if (kind != Forbid::None)
      return pointToText(p) + " is forbidden for black (" + forbidName(kind) + ")";
  }
  return std::nullopt;
}

std::optional<std::string> Game::play(Point p) {
  if (auto why = whyIllegal(p)) return why;
  line_.resize(static_cast<size_t>(ply()));
  line_.push_back(p);
  board_.place(p);
  return std::nullopt;
}

bool Game::undo() {
  if (resigned_) {
    resigned_ = false;
    resignedColor_ = Color::Empty;
    return true;
  }
  if (!canUndo()) return false;
  board_.undo();
  return true;
}

bool Game::redo() {
  if (!canRedo()) return false;
  board_.place(line_[static_cast<size_t>(ply())]);
  return true;
}

bool Game::jumpTo(int target) {
  if (target < 0 || target > static_cast<int>(line_.size())) return false;
  if (target == ply()) return true;
  // Moving through the record takes back a resignation, as undo does.
  resigned_ = false;
  resignedColor_ = Color::Empty;
  while (ply() > target) board_.undo();
  while (ply() < target) board_.place(line_[static_cast<size_t>(ply())]);
  return true;
}

void Game::resign(Color loser) {
  if (loser != Color::Black && loser != Color::White) return;
  if (isOver()) return;
  resigned_ = true;
  resignedColor_ = loser;
}

GameResult Game::result() const {
  Color w = winner();
  if (w == Color::Black) return GameResult::BlackWins;
  if (w == Color::White) return GameResult::WhiteWins;
  if (!sideToMoveCanPlay(board_)) return GameResult::Draw;
  return GameResult::Ongoing;
}

EndReason Game::endReason() const {
  if (resigned_) return EndReason::Resignation;
  if (board_.lastMoveWon()) return EndReason::Five;
  if (board_.full()) return EndReason::FullBoard;
  if (!sideToMoveCanPlay(board_)) return EndReason::NoLegalMove;
  return EndReason::None;
}

Color Game::winner() const {
  if (resigned_) return opponent(resignedColor_);
  if (board_.lastMoveWon()) return board_.at(board_.lastMove());
  return Color::Empty;
}

std::vector<Point> Game::winningLine() const {
  if (resigned_ || !board_.lastMoveWon()) return {};
  return gomoku::winningLine(board_, board_.lastMove());
}

std::vector<Point> Game::forbiddenPoints() const {
  if (isOver()) return {};
  return gomoku::forbiddenPoints(board_);
}

}  // namespace gomoku
