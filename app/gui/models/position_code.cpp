#include "app/gui/models/position_code.h"

#include "core/game/record.h"
#include "core/protocol/text.h"

namespace gomoku::gui {

std::optional<std::string> setUpPosition(GameController& controller, const std::string& code) {
  const std::string text(trim(code));
  if (text.empty()) return "Type a position code, like h8i9j10.";
  const Game& game = controller.game();
  const Rule rule = game.rule();
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
    auto error = controller.load(record, rule);
    if (error && rule != Rule::Freestyle) error = controller.load(record, Rule::Freestyle);
    if (!error) return std::nullopt;
    if (firstError.empty()) firstError = *error;
  }
  return firstError.empty() ? std::string("not a position code") : firstError;
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
    auto error = loadMoves(scratch, record, game.rule());
    if (error && game.rule() != Rule::Freestyle)
      error = loadMoves(scratch, record, Rule::Freestyle);
    if (!error) return {record.moves, ""};
    if (firstError.empty()) firstError = *error;
  }
  return {{}, firstError.empty() ? std::string("not a position code") : firstError};
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
