#include "app/gui/layout/level_combo.h"

#include <imgui.h>

#include "app/gui/models/game_controller.h"
#include "app/gui/models/levels.h"

namespace gomoku::gui {

bool levelCombo(const char* id, int& strength, float width, float indent) {
  bool changed = false;
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(id, levelLabel(strength).c_str())) {
    for (int level = kMinStrength; level <= kMaxStrength; ++level) {
      const bool selected = level == strength;
      if (ImGui::Selectable(levelLabel(level).c_str(), selected)) {
        strength = level;
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
      ImGui::SameLine();
      ImGui::TextDisabled("\u2014 %s", levelText(level).sentence);
    }
    ImGui::EndCombo();
  }
  // The sentence of the level chosen, wrapped within the drop-down's width.
  ImGui::SetCursorPosX(indent);
  ImGui::PushTextWrapPos(indent + width);
  ImGui::TextDisabled("%s", levelText(strength).sentence);
  ImGui::PopTextWrapPos();
  return changed;
}

}  // namespace gomoku::gui
