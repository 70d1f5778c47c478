#include "app/gui/persistence/saved_game.h"

#include <filesystem>

#include "app/gui/persistence/file_io.h"
#include "core/game/record.h"

namespace gomoku::gui {

namespace {
constexpr std::string_view kMagic = "gomoku-studio-game";
constexpr int kVersion = 1;
}  // namespace

SavedGame captureGame(const Game& game) {
  SavedGame saved;
  saved.size = game.size();
  saved.rule = game.rule();
  saved.line = game.line();
  saved.ply = game.ply();
  if (game.endReason() == EndReason::Resignation) saved.resigned = opponent(game.winner());
  return saved;
}

std::string formatSavedGame(const SavedGame& saved) {
  std::string out = formatKeyValueHeader(kMagic, kVersion);
  out += "size=" + std::to_string(saved.size) + "\n";
  out += "rule=" + std::string(ruleName(saved.rule)) + "\n";
  out += "line=" + toPositionCode(saved.line) + "\n";
  out += "ply=" + std::to_string(saved.ply) + "\n";
  out += "resigned=" +
         std::string(saved.resigned == Color::Empty ? "none" : colorName(saved.resigned)) + "\n";
  out += "end\n";
  return out;
}

SavedGameLoad parseSavedGame(std::string_view text) {
  SavedGameLoad out;
  KeyValueFile file = parseKeyValueFile(text, kMagic, kVersion);
  if (!file.error.empty()) {
    out.error = file.error;
    return out;
  }
  auto get = [&](const char* key) -> const std::string* {
    auto it = file.values.find(key);
    return it == file.values.end() ? nullptr : &it->second;
  };
  SavedGame saved;
  const std::string* size = get("size");
  const std::string* rule = get("rule");
  const std::string* line = get("line");
  const std::string* ply = get("ply");
  const std::string* resigned = get("resigned");
  if (!size || !rule || !line || !ply || !resigned) {
    out.error = "a field is missing (size, rule, line, ply and resigned are needed)";
    return out;
  }
  auto sizeValue = parseIntIn(*size, kMinSize, kMaxSize);
  if (!sizeValue) {
    out.error = "size = \"" + *size + "\" is not a board size";
    return out;
  }
  saved.size = *sizeValue;
  auto ruleValue = parseRule(*rule);
  if (!ruleValue) {
    out.error = "rule = \"" + *rule + "\" is not a rule";
    return out;
  }
  saved.rule = *ruleValue;
  auto moves = parsePositionCode(*line, saved.size);
  if (!moves) {
    out.error = "line: " + moves.error;
    return out;
  }
  saved.line = *moves.value;
  auto plyValue = parseIntIn(*ply, 0, static_cast<int>(saved.line.size()));
  if (!plyValue) {
    out.error = "ply = \"" + *ply + "\" is not a move of the line";
    return out;
  }
  saved.ply = *plyValue;
  if (*resigned == "black") {
    saved.resigned = Color::Black;
  } else if (*resigned == "white") {
    saved.resigned = Color::White;
  } else if (*resigned != "none") {
    out.error = "resigned = \"" + *resigned + "\" is not none, black or white";
    return out;
  }
  out.game = saved;
  return out;
}

SavedGameLoad loadSavedGameFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  SavedGameLoad out;
  auto text = readFile(path);
  if (!text) {
    out.error = "Could not read the saved game (" + path + "); a new game is started.";
    return out;
  }
  out = parseSavedGame(*text);
  if (!out.error.empty()) {
    out.error =
        "The saved game " + path + " was damaged (" + out.error + "); a new game is started.";
  }
  return out;
}

std::optional<std::string> restoreGame(GameController& controller, const SavedGame& saved) {
  MoveRecord record;
  record.size = saved.size;
  record.moves = saved.line;
  return controller.load(record, saved.rule, saved.ply, saved.resigned);
}

}  // namespace gomoku::gui
