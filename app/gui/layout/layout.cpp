#include "app/gui/layout/layout.h"

#include <imgui.h>

#include <algorithm>

#include "app/gui/commands/command_widgets.h"
#include "app/gui/layout/dialogs.h"
#include "app/gui/layout/notices.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {

namespace {

// The menus: command ids, kSeparator between groups.
constexpr CommandId kSeparator = CommandId::Count;
struct Menu {
  const char* title;
  std::vector<CommandId> items;
};

const std::vector<Menu>& menus() {
  using enum CommandId;
  static const std::vector<Menu> kMenus = {
      {"File",
       {NewGame, OpenRecord, SaveRecord, kSeparator, CopyPosition, PastePosition, kSeparator,
        Quit}},
      {"Game", {Undo, Redo, Hint, kSeparator, SwapSides, Resign, Resume}},
      {"View",
       {ShowCoordinates, ShowMoveNumbers, ShowLastMove, ShowForbidden, ShowGhost, kSeparator,
        DarkTheme, LightTheme, kSeparator, FullScreen}},
      {"Help", {ShowShortcuts, ShowAbout}},
  };
  return kMenus;
}

}  // namespace

void Layout::draw(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels,
                  Dialogs& dialogs, Notices& notices, float pixelDensity, uint64_t frame) {
  const ImGuiIO& io = ImGui::GetIO();
  const float width = io.DisplaySize.x, height = io.DisplaySize.y;
  drawMenuBar(ui);
  const float top = ImGui::GetFrameHeight();
  // The board takes the height; the sidebar takes what is left of the width (within limits),
  // so there is no dead band between them.
  const float pad = 14.0f * ui.uiScale;
  const float boardHeight = height - top - 3 * pad - ImGui::GetFrameHeight();
  const float minSidebar = 300.0f * ui.uiScale, maxSidebar = 470.0f * ui.uiScale;
  const float boardSide = std::min(boardHeight, width - minSidebar - 2 * pad);
  const float sidebar = std::clamp(width - boardSide - 2 * pad, minSidebar, maxSidebar);
  boardArea_.draw(ui, panels, top, width - sidebar, height - top, pixelDensity);
  drawSidebar(ui, panels, width - sidebar, top, sidebar, height - top, frame);
  const RectF area = boardArea_.noticeArea();
  notices.draw(area.x, area.y, area.w, ui.uiScale);
  dialogs.draw(ui);
}

void Layout::drawMenuBar(UiContext& ui) {
  if (!ImGui::BeginMainMenuBar()) return;
  for (const Menu& menu : menus()) {
    if (!ImGui::BeginMenu(menu.title)) continue;
    for (CommandId id : menu.items) {
      if (id == kSeparator) {
        ImGui::Separator();
      } else {
        // An item that belongs to one state only (Resume while reviewing) is shown only then.
        commandMenuItem(ui.commands, id, /*hideWhenDisabled=*/id == CommandId::Resume);
      }
    }
    ImGui::EndMenu();
  }
  if (ui.settings.muted) {
    const char* text = "Sound off";
    ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(text).x -
                    ImGui::GetStyle().ItemSpacing.x * 2);
    ImGui::TextDisabled("%s", text);
  }
  ImGui::EndMainMenuBar();
}

void Layout::drawSidebar(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, float x,
                         float top, float width, float height, uint64_t frame) {
  ImGui::SetNextWindowPos(ImVec2(x, top));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##sidebar", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(x, top), ImVec2(x + 1, top + height),
                                            ImGui::GetColorU32(ImGuiCol_Separator));
  for (size_t i = 0; i < panels.size(); ++i) {
    Panel& panel = *panels[i];
    ui.panelsBelow = static_cast<int>(panels.size() - i - 1);
    panel.update(ui);
    ImGui::PushID(panel.title());
    if (frame == 0 && !openPanels_.empty()) {
      const bool open =
          std::find(openPanels_.begin(), openPanels_.end(), panel.title()) != openPanels_.end();
      ImGui::SetNextItemOpen(open);
    }
    ImGui::PushFont(ui.fonts.bold);
    const bool open = ImGui::CollapsingHeader(
        panel.title(), panel.openByDefault() ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    ImGui::PopFont();
    if (open) {
      ImGui::Spacing();
      panel.draw(ui);
      ImGui::Spacing();
    }
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace gomoku::gui
