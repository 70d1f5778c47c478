// Settings panel: sound (volume, mute), what the board shows, the colour theme, the built-in
// engine's threads and hash, and where the settings and the game are kept.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/gui/commands/command_widgets.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/models/engine_resources.h"
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
    // Without a sound device the slider is kept (the setting is saved for the next start) but
    // greyed, and the line below says why nothing is heard.
    ImGui::BeginDisabled(s.muted || !ui.audio.available());
    changed |= ImGui::SliderInt("##volume", &s.volume, 0, 100, "%d%%");
    ImGui::EndDisabled();
    ImGui::SameLine();
    changed |= ImGui::Checkbox("Mute", &s.muted);
    if (!ui.audio.available()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("No sound (%s). The volume is kept for when there is.",
                          ui.audio.status().c_str());
      ImGui::PopTextWrapPos();
    }

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

    drawEngine(ui, labelWidth);

    ImGui::Separator();
    ImGui::TextDisabled("Saved in %s",
                        ui.prefDir.empty() ? "(nowhere: not kept)" : ui.prefDir.c_str());
  }

 private:
  // The built-in engine's resources. The values shown are the ones this run uses (a --threads
  // or --hash on the command line included); a change is used at once and remembered.
  static void drawEngine(UiContext& ui, float labelWidth) {
    ImGui::Separator();
    ImGui::TextUnformatted("Engine");
    EngineResources r = ui.controller.engineResources();
    const int most = hardwareThreads();
    r.threads = std::min(r.threads, most);
    bool changed = false;

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Threads");
    ImGui::SameLine(labelWidth);
    ImGui::SetNextItemWidth(-1);
    // A number with - and + rather than a slider: with the few threads most computers have a
    // slider's grab fills half its track and hides the number.
    ImGui::BeginDisabled(most <= 1);
    if (ImGui::InputInt("##threads", &r.threads, 1, 1)) {
      r.threads = std::clamp(r.threads, 1, most);
      changed |= r.threads != ui.controller.engineResources().threads;
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(
          "How many processor threads the engine searches with (this computer has %d).\n"
          "More threads look deeper in the same time: Master level, hints and analysis\n"
          "use them; levels 1 to 9 keep one thread, as their strength was measured.",
          most);

    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Hash size");
    ImGui::SameLine(labelWidth);
    ImGui::SetNextItemWidth(-1);
    const std::string current = std::to_string(r.hashMb) + " MB";
    if (ImGui::BeginCombo("##hash", current.c_str())) {
      for (int mb : kHashChoicesMb) {
        const std::string label = std::to_string(mb) + " MB";
        if (ImGui::Selectable(label.c_str(), mb == r.hashMb) && mb != r.hashMb) {
          r.hashMb = mb;
          changed = true;
        }
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Memory for the engine's table of positions already searched.\n"
          "A bigger table helps long thinking times and analysis; a change\n"
          "empties the table (at once, or when the engine's current search ends).");

    if (changed) ui.actions.setEngineResources(r);
  }
};

}  // namespace

std::unique_ptr<Panel> makeSettingsPanel() {
  return std::make_unique<SettingsPanel>();
}

}  // namespace gomoku::gui
