#include "app/gui/models/result_text.h"

#include <algorithm>
#include <cmath>

#include "app/gui/models/move_text.h"

namespace gomoku::gui {

std::string durationText(double seconds) {
  const long total = std::lround(std::max(0.0, seconds));
  const long h = total / 3600, m = total / 60 % 60, s = total % 60;
  if (h > 0) return std::to_string(h) + " h " + std::to_string(m) + " min";
  if (m > 0) return std::to_string(m) + " min " + std::to_string(s) + " s";
  return std::to_string(s) + " s";
}

ResultText describeResult(const GameController& c, double seconds, bool wholeGame) {
  const Game& game = c.game();
  ResultText out;
  const int humans =
      (c.player(Color::Black) == PlayerKind::Human) + (c.player(Color::White) == PlayerKind::Human);
  const Color winner = game.winner();
  if (game.result() == GameResult::Draw) {
    out.title = "Draw";
    out.how = game.endReason() == EndReason::NoLegalMove
                  ? "Every empty point is forbidden for black, and nobody made five."
                  : "The board is full and nobody made five.";
  } else if (winner == Color::Black || winner == Color::White) {
    if (humans == 1) {
      out.title = c.player(winner) == PlayerKind::Human ? "You win!" : "The computer wins";
    } else {
      out.title = std::string(sideName(winner)) + " wins";
    }
    if (game.endReason() == EndReason::Resignation) {
      out.how = std::string(sideName(opponent(winner))) + " resigned (Undo takes it back).";
    } else if (game.rule() == Rule::Freestyle) {
      out.how = std::string(sideName(winner)) + " made five in a row.";
    } else {
      out.how = std::string(sideName(winner)) + " made exactly five in a row.";
    }
  }
  const int moves = game.ply();
  out.length = std::to_string(moves) + (moves == 1 ? " move" : " moves");
  // The time only when this session saw the whole game; otherwise none is claimed (a game
  // opened from a file, or brought back by Undo, was called "begun before this session").
  if (wholeGame && seconds > 0) out.length += " in " + durationText(seconds);
  return out;
}

std::optional<std::string> overlineNote(const Board& board, Point p) {
  if (board.rule() != Rule::Standard || !board.contains(p)) return std::nullopt;
  const Color c = board.at(p);
  if (c != Color::Black && c != Color::White) return std::nullopt;
  const int n = board.size(), x0 = pointX(p), y0 = pointY(p);
  static constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : kDirections) {
    int run = 1;
    for (int sign : {1, -1}) {
      for (int k = 1;; ++k) {
        const int x = x0 + sign * k * d[0], y = y0 + sign * k * d[1];
        if (x < 0 || y < 0 || x >= n || y >= n || board.at(makePoint(x, y)) != c) break;
        ++run;
      }
    }
    if (run >= 6) {
      return std::string(sideName(c)) + " made " + std::to_string(run) +
             " in a row, which does not win under the standard rule: only exactly five wins. "
             "The game goes on.";
    }
  }
  return std::nullopt;
}

}  // namespace gomoku::gui
