// Engine log panel: what the external engines said while they played — their MESSAGE, DEBUG
// and ERROR lines and their stderr, newest at the bottom — and their thinking time. Closed
// by default; a game with an external engine is where it matters.
#include <imgui.h>

#include <string>

#include "app/gui/models/game_controller.h"
#include "app/gui/panels/panels.h"

namespace gomoku::gui {
namespace {

class EngineLogPanel final : public Panel {
 public:
  const char* title() const override { return "Engine log"; }
  bool openByDefault() const override { return false; }

  void draw(UiContext& ui) override {
    GameController& c = ui.controller;
    const auto& log = c.engineLog();
    bool anyEngine = false;
    for (Color color : {Color::Black, Color::White}) {
      if (c.player(color) != PlayerKind::Engine) continue;
      anyEngine = true;
      ImGui::TextWrapped("%s: %s", color == Color::Black ? "Black" : "White",
                         c.playerName(color).c_str());
    }
    if (c.thinking() && c.player(c.game().sideToMove()) == PlayerKind::Engine)
      ImGui::TextDisabled("thinking for %.1f s", static_cast<double>(c.searchElapsedMs()) / 1000.0);
    if (!anyEngine && log.empty()) {
      ImGui::TextWrapped(
          "No external engine plays. Choose \"External engine\" for a side in New game to play "
          "against any Gomocup brain; what it says appears here.");
      return;
    }
    const float em = ImGui::GetFontSize();
    if (ImGui::BeginChild("##log", ImVec2(0, em * 12), true,
                          ImGuiWindowFlags_HorizontalScrollbar)) {
      ImGuiListClipper clipper;
      clipper.Begin(static_cast<int>(log.size()));
      while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
          ImGui::TextUnformatted(log[size_t(i)].c_str());
      if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - em) ImGui::SetScrollHereY(1.0f);
    }
    ImGui::EndChild();
    if (ImGui::SmallButton("Clear")) c.clearEngineLog();
    ImGui::SameLine();
    ImGui::TextDisabled("%d lines", static_cast<int>(log.size()));
  }
};

}  // namespace

std::unique_ptr<Panel> makeEngineLogPanel() { return std::make_unique<EngineLogPanel>(); }

}  // namespace gomoku::gui
