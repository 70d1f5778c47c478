// Settings panel: sound (volume, mute), what the board shows, the colour theme, and where the
// settings and the game are kept.
#include <imgui.h>

#include "app/gui/commands/command_widgets.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/panels/panels.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/audio.h"

namespace gomoku::gui {
namespace {

class SettingsPanel final : public Panel {
 public:
  const char* title() const override { return "Settings"; }
  bool openByDefault() const override { return false; }

  void draw(UiContext& ui) override {
    Settings& s = ui.settings;
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
    if (!ui.audio.available()) ImGui::TextDisabled("%s", ui.audio.status().c_str());

    if (changed) ui.actions.settingsChanged();

    // What the board shows and the theme: the View menu's toggles, from the command table.
    using enum CommandId;
    const CommandTable& commands = ui.commands;
    const float column =
        ImGui::GetContentRegionAvail().x * 0.5f + ImGui::GetStyle().WindowPadding.x;
    ImGui::Separator();
    commandCheckbox(commands, ShowCoordinates);
    ImGui::SameLine(column);
    commandCheckbox(commands, ShowMoveNumbers);
    commandCheckbox(commands, ShowLastMove);
    ImGui::SameLine(column);
    commandCheckbox(commands, ShowGhost);
    commandCheckbox(commands, ShowForbidden);

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Theme");
    ImGui::SameLine(labelWidth);
    commandRadioButton(commands, DarkTheme);
    ImGui::SameLine();
    commandRadioButton(commands, LightTheme);

    ImGui::Separator();
    ImGui::TextDisabled("Saved in %s",
                        ui.prefDir.empty() ? "(nowhere: not kept)" : ui.prefDir.c_str());
  }
};

}  // namespace

std::unique_ptr<Panel> makeSettingsPanel() {
  return std::make_unique<SettingsPanel>();
}

}  // namespace gomoku::gui
