// The questions asked before resigning and before a game with unsaved moves is replaced (Open,
// Paste): the game actions hold the pending request, this dialog shows it and answers (Enter
// goes ahead, Esc keeps the game). Resigning can also be taken back afterwards with Undo, and
// the dialog says so; a replaced game cannot, and the dialog says that too.
#include <imgui.h>

#include <string>

#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/dialogs.h"

namespace gomoku::gui {

void Dialogs::drawConfirm(UiContext& ui) {
  GameActions& actions = ui.actions;
  if (actions.pending() != GameActions::Pending::None && !ImGui::IsPopupOpen(kConfirmTitle))
    ImGui::OpenPopup(kConfirmTitle);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const bool replace = actions.pending() == GameActions::Pending::ReplaceGame;
  const std::string title = std::string(replace ? "Replace the game?" : "Resign?") + kConfirmTitle;
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (actions.pending() == GameActions::Pending::None) {  // answered elsewhere (a test, a key)
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  if (replace) {
    ImGui::Text("Replace the game on the board with %s?", actions.pendingReplacement().c_str());
    ImGui::TextDisabled("Its moves are not saved: Save (Ctrl+S) first to keep them.");
  } else {
    ImGui::TextUnformatted("Resign this game?");
    ImGui::TextDisabled("Undo (Ctrl+Z) takes a resignation back.");
  }
  ImGui::Spacing();
  const float buttonWidth = ImGui::GetFontSize() * 8;
  const bool yes =
      ImGui::Button(replace ? "Replace" : "Resign", ImVec2(buttonWidth, 0)) || enterPressed();
  ImGui::SameLine();
  const bool no =
      ImGui::Button(replace ? "Keep this game" : "Keep playing", ImVec2(buttonWidth, 0)) ||
      escapePressed();
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
