// The question asked before resigning: the game actions hold the pending request, this dialog
// shows it and answers (Enter resigns, Esc keeps playing). Resigning can also be taken back
// afterwards with Undo, and the dialog says so.
#include <imgui.h>

#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/dialogs.h"

namespace gomoku::gui {

void Dialogs::drawConfirm(UiContext& ui) {
  GameActions& actions = ui.actions;
  if (actions.pending() != GameActions::Pending::None && !ImGui::IsPopupOpen(kConfirmTitle))
    ImGui::OpenPopup(kConfirmTitle);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kConfirmTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (actions.pending() == GameActions::Pending::None) {  // answered elsewhere (a test, a key)
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  ImGui::TextUnformatted("Resign this game?");
  ImGui::TextDisabled("Undo (Ctrl+Z) takes a resignation back.");
  ImGui::Spacing();
  const float buttonWidth = ImGui::GetFontSize() * 8;
  const bool yes = ImGui::Button("Resign", ImVec2(buttonWidth, 0)) || enterPressed();
  ImGui::SameLine();
  const bool no = ImGui::Button("Keep playing", ImVec2(buttonWidth, 0)) || escapePressed();
  if (yes) {
    actions.confirm();
    ImGui::CloseCurrentPopup();
  } else if (no) {
    actions.cancel();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace gomoku::gui
