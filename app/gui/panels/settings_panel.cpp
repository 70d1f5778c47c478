// Settings panel: sound (volume, mute), what the board shows, the colour theme, and where the
// settings and the game are kept.
#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/panels/panels.h"

namespace gomoku::gui {
namespace {

class SettingsPanel final : public Panel {
 public:
  const char* title() const override { return "Settings"; }
  bool openByDefault() const override { return false; }

  void draw(App& app) override {
    Settings& s = app.settings();
    bool changed = false;
    const float labelWidth = ImGui::GetFontSize() * 5.5f;

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Volume");
    ImGui::SameLine(labelWidth);
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5);
    ImGui::BeginDisabled(s.muted);
    changed |= ImGui::SliderInt("##volume", &s.volume, 0, 100, "%d%%");
    ImGui::EndDisabled();
    ImGui::SameLine();
    changed |= ImGui::Checkbox("Mute", &s.muted);
    if (!app.audio().available()) ImGui::TextDisabled("%s", app.audio().status().c_str());

    ImGui::Separator();
    changed |= ImGui::Checkbox("Coordinates", &s.showCoordinates);
    ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.5f + ImGui::GetStyle().WindowPadding.x);
    changed |= ImGui::Checkbox("Move numbers", &s.showMoveNumbers);
    changed |= ImGui::Checkbox("Last move", &s.showLastMove);
    ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.5f + ImGui::GetStyle().WindowPadding.x);
    changed |= ImGui::Checkbox("Stone under mouse", &s.showGhost);
    changed |= ImGui::Checkbox("Forbidden points (renju)", &s.showForbidden);

    int theme = static_cast<int>(s.theme);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Theme");
    ImGui::SameLine(labelWidth);
    changed |= ImGui::RadioButton("Dark", &theme, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("Light", &theme, 1);
    s.theme = static_cast<Theme>(theme);

    if (changed) app.settingsChanged();

    ImGui::Separator();
    ImGui::TextDisabled("Saved in %s",
                        app.prefDir().empty() ? "(nowhere: not kept)" : app.prefDir().c_str());
  }
};

}  // namespace

std::unique_ptr<Panel> makeSettingsPanel() {
  return std::make_unique<SettingsPanel>();
}

}  // namespace gomoku::gui
