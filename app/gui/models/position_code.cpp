#include "app/gui/models/position_code.h"

#include "core/game/record.h"
#include "core/protocol/text.h"

namespace gomoku::gui {

std::optional<std::string> setUpPosition(GameController& controller, const std::string& code) {
  // The board size and rule are found on a scratch game (checkPosition), then loaded.
  const PositionCheck check = checkPosition(controller.game(), code);
  if (!check.error.empty()) return check.error;
  MoveRecord record;
  record.size = check.size;
  record.moves = check.moves;
  return controller.load(record, check.rule);
}

PositionCheck checkPosition(const Game& game, const std::string& code) {
  const std::string text(trim(code));
  if (text.empty()) return {{}, "Type a position code, like h8i9j10."};
  std::string firstError;
  for (int size : {game.size(), kDefaultSize, 19, kMaxSize}) {
    auto moves = parsePositionCode(text, size);
    if (!moves) {
      if (firstError.empty()) firstError = moves.error;
      continue;
    }
    MoveRecord record;
    record.size = size;
    record.moves = *moves.value;
    Game scratch;
    Rule rule = game.rule();
    auto error = loadMoves(scratch, record, rule);
    if (error && rule != Rule::Freestyle) {
      rule = Rule::Freestyle;
      error = loadMoves(scratch, record, rule);
    }
    if (!error) return {record.moves, "", size, rule};
    if (firstError.empty()) firstError = *error;
  }
  return {{}, firstError.empty() ? std::string("not a position code") : firstError, 0, game.rule()};
}

void PositionCodeBox::follow(const std::string& gameCode) {
  text = gameCode;
}

bool PositionCodeBox::submit(
    const std::function<std::optional<std::string>(const std::string&)>& enter) {
  if (auto problem = enter(text)) {
    error = *problem;
    return false;
  }
  error.clear();
  return true;
}

void PositionCodeBox::cancel(const std::string& gameCode) {
  text = gameCode;
  error.clear();
}

}  // namespace gomoku::gui
