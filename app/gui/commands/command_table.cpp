#include "app/gui/commands/command_table.h"

#include <SDL_keyboard.h>
#include <SDL_keycode.h>

#include <cassert>
#include <cctype>

namespace gomoku::gui {

void CommandTable::add(Command command) {
  const auto index = static_cast<size_t>(command.id);
  assert(index < commands_.size() && !commands_[index].run && "each command is declared once");
  order_.push_back(command.id);
  commands_[index] = std::move(command);
}

const Command& CommandTable::operator[](CommandId id) const {
  return commands_[static_cast<size_t>(id)];
}

void CommandTable::run(CommandId id) const {
  if (const Command& command = (*this)[id]; command.run) command.run();
}

const Command* CommandTable::findByKey(int key, bool ctrl, bool shift, bool alt) const {
  if (alt && !ctrl) return nullptr;
  const Command* loose = nullptr;  // a chord without Shift, taken when no exact one matches
  for (CommandId id : order_) {
    const Command& command = (*this)[id];
    for (const KeyChord& chord : command.keys) {
      if (chord.key != key || chord.ctrl != ctrl || (chord.shift && !shift)) continue;
      if (chord.shift == shift) return &command;
      if (!loose) loose = &command;
    }
  }
  return loose;
}

std::string chordText(const KeyChord& chord) {
  std::string text;
  if (chord.ctrl) text += "Ctrl+";
  if (chord.shift) text += "Shift+";
  switch (chord.key) {
    case SDLK_ESCAPE:
      return text + "Esc";
    case SDLK_SPACE:
      return text + "Space";
    case SDLK_BACKSPACE:
      return text + "Backspace";
    default:
      break;
  }
  if (chord.key >= 'a' && chord.key <= 'z')
    return text + static_cast<char>(std::toupper(chord.key));
  return text + SDL_GetKeyName(chord.key);
}

std::string keysText(const Command& command) {
  std::string text;
  for (const KeyChord& chord : command.keys) {
    if (!text.empty()) text += ", ";
    text += chordText(chord);
  }
  return text;
}

}  // namespace gomoku::gui
