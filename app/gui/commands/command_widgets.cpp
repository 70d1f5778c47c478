#include "app/gui/commands/command_widgets.h"

#include <string>

namespace gomoku::gui {

bool commandMenuItem(const CommandTable& commands, CommandId id, bool hideWhenDisabled) {
  const Command& command = commands[id];
  const bool enabled = command.isEnabled();
  if (hideWhenDisabled && !enabled) return false;
  const std::string keys = command.keys.empty() ? "" : chordText(command.keys.front());
  if (!ImGui::MenuItem(command.label, keys.empty() ? nullptr : keys.c_str(), command.isChecked(),
                       enabled))
    return false;
  command.run();
  return true;
}

bool commandButton(const CommandTable& commands, CommandId id, ImVec2 size, LabelWidth width) {
  const Command& command = commands[id];
  ImGui::BeginDisabled(!command.isEnabled());
  const bool clicked =
      ImGui::Button(width == LabelWidth::Short ? command.buttonLabel() : command.label, size);
  ImGui::EndDisabled();
  if (clicked) command.run();
  return clicked;
}

bool commandCheckbox(const CommandTable& commands, CommandId id) {
  const Command& command = commands[id];
  bool checked = command.isChecked();
  if (!ImGui::Checkbox(command.buttonLabel(), &checked)) return false;
  command.run();
  return true;
}

bool commandRadioButton(const CommandTable& commands, CommandId id) {
  const Command& command = commands[id];
  if (!ImGui::RadioButton(command.buttonLabel(), command.isChecked())) return false;
  command.run();
  return true;
}

void commandTooltip(const CommandTable& commands, CommandId id) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  const Command& command = commands[id];
  const std::string keys = keysText(command);
  if (keys.empty()) {
    ImGui::SetTooltip("%s", command.helpText());
  } else {
    ImGui::SetTooltip("%s (%s)", command.helpText(), keys.c_str());
  }
}

}  // namespace gomoku::gui
