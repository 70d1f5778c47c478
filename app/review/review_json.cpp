#include "app/review/review_json.h"

#include <cmath>

#include <nlohmann/json.hpp>

namespace gomoku {

namespace {

double rounded(double value, double scale) {
  return std::round(value * scale) / scale;
}

nlohmann::ordered_json points(const std::vector<Point>& line) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (Point p : line) list.push_back(pointToText(p));
  return list;
}

}  // namespace

std::string reviewToJson(const ReviewResult& result) {
  using Json = nlohmann::ordered_json;
  Json moves = Json::array();
  for (const ReviewedMove& m : result.graded) {
    Json move;
    move["ply"] = m.ply;
    move["move"] = pointToText(m.move);
    move["color"] = colorName(m.color);
    move["class"] = moveClassName(m.moveClass);
    move["missed_win"] = m.missedWin;
    move["best"] = pointToText(m.best);
    move["win_chance_before"] = rounded(m.winChanceBefore, 1000);
    move["win_chance_after"] = rounded(m.winChanceAfter, 1000);
    move["line"] = points(m.line);
    move["only_move"] = m.onlyMove;
    move["reason"] = m.reason;
    moves.push_back(std::move(move));
  }
  Json out;
  out["moves"] = std::move(moves);
  out["accuracy"] = {{"black", rounded(result.summary.accuracy[0], 10)},
                     {"white", rounded(result.summary.accuracy[1], 10)}};
  Json counts;
  for (Color c : {Color::Black, Color::White}) {
    Json side;
    for (int k = 0; k < kMoveClassCount; ++k)
      side[moveClassName(MoveClass(k))] = result.summary.counts[index(c)][k];
    side["missed_win"] = result.summary.missedWins[index(c)];
    side["only_move"] = result.summary.onlyMoves[index(c)];
    counts[colorName(c)] = std::move(side);
  }
  out["counts"] = std::move(counts);
  out["rule"] = ruleName(result.rule);
  out["size"] = result.size;
  out["complete"] = result.complete;
  return out.dump(2) + "\n";
}

}  // namespace gomoku
