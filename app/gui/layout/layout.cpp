#include "app/gui/layout/layout.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/commands/command_widgets.h"
#include "app/gui/commands/game_actions.h"
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
      {"Game",
       {Undo, Redo, Hint, kSeparator, ViewFirst, ViewPrevious, ViewNext, ViewLast, kSeparator,
        SwapSides, Resign, Resume}},
      {"Review",
       {ReviewGame, CancelReview, kSeparator, PreviousMistake, NextMistake, kSeparator, Puzzles}},
      {"View",
       {ShowCoordinates, ShowMoveNumbers, ShowLastMove, ShowForbidden, ShowGhost, kSeparator,
        DarkTheme, LightTheme, kSeparator, ToggleSidebar, FullScreen}},
      {"Help", {ShowShortcuts, ShowAbout}},
  };
  return kMenus;
}

}  // namespace

float Layout::sidebarWidth(const UiContext& ui, float width, float height) const {
  if (ui.settings.sidebarCollapsed) return 0;
  const float scale = ui.uiScale;
  const float pad = 14.0f * scale;
  const float minSidebar = 250.0f * scale, minBoard = 280.0f * scale;
  // The board keeps at least half the width, however wide the sidebar was dragged (or saved
  // from a larger screen).
  const float most = std::max(minSidebar, std::min(width - minBoard, width * 0.5f));
  if (ui.settings.sidebarWidth > 0)
    return std::clamp(static_cast<float>(ui.settings.sidebarWidth) * scale, minSidebar, most);
  // Automatic: the board takes the height and the sidebar what is left of the width (within
  // limits), so there is no dead band between them.
  const float top = ImGui::GetFrameHeight();
  const float boardHeight = height - top - 3 * pad - ImGui::GetFrameHeight();
  const float boardSide = std::min(boardHeight, width - 300.0f * scale - 2 * pad);
  return std::clamp(width - boardSide - 2 * pad, std::min(300.0f * scale, most),
                    std::min(470.0f * scale, most));
}

void Layout::draw(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels,
                  Dialogs& dialogs, Notices& notices, float pixelDensity, uint64_t) {
  const ImGuiIO& io = ImGui::GetIO();
  const float width = io.DisplaySize.x, height = io.DisplaySize.y;
  drawMenuBar(ui);
  const float top = ImGui::GetFrameHeight();
  const float splitter = std::round(12.0f * ui.uiScale);
  const float sidebar = sidebarWidth(ui, width, height);
  const float boardWidth = width - sidebar - splitter;
  boardArea_.draw(ui, panels, top, boardWidth, height - top, pixelDensity);
  drawSplitter(ui, boardWidth, top, splitter, height - top);
  if (sidebar > 0) drawSidebar(ui, panels, width - sidebar, top, sidebar, height - top);
  const RectF area = boardArea_.noticeArea();
  notices.draw(area.x, area.y, area.w, ui.uiScale);
  dialogs.draw(ui);
}

void Layout::drawSplitter(UiContext& ui, float x, float top, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(x, top));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::Begin("##splitter", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoNavFocus);
  ImGui::PopStyleVar(2);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const bool folded = ui.settings.sidebarCollapsed;
  // The fold button on top: an arrow pointing where the sidebar will go.
  const float button = width;
  ImGui::SetCursorScreenPos(ImVec2(x, top + 4 * ui.uiScale));
  if (ImGui::InvisibleButton("##fold", ImVec2(button, button * 1.6f)))
    ui.commands.run(CommandId::ToggleSidebar);
  const bool foldHovered = ImGui::IsItemHovered();
  if (foldHovered) commandTooltip(ui.commands, CommandId::ToggleSidebar);
  const ImU32 ink = ImGui::GetColorU32(foldHovered ? ImGuiCol_Text : ImGuiCol_TextDisabled);
  const float cx = x + width / 2, cy = top + 4 * ui.uiScale + button * 0.8f, r = width * 0.28f;
  if (folded) {
    list->AddTriangleFilled(ImVec2(cx - r, cy), ImVec2(cx + r * 0.6f, cy - r),
                            ImVec2(cx + r * 0.6f, cy + r), ink);
  } else {
    list->AddTriangleFilled(ImVec2(cx + r, cy), ImVec2(cx - r * 0.6f, cy - r),
                            ImVec2(cx - r * 0.6f, cy + r), ink);
  }
  // The rest of the strip is the handle: drag it to resize the sidebar.
  const float handleTop = top + 4 * ui.uiScale + button * 1.6f;
  ImGui::SetCursorScreenPos(ImVec2(x, handleTop));
  ImGui::InvisibleButton("##resize", ImVec2(width, std::max(1.0f, top + height - handleTop)));
  const bool active = ImGui::IsItemActive(), hovered = ImGui::IsItemHovered();
  if (!folded && (active || hovered)) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
  if (!folded && active && ImGui::GetIO().MouseDelta.x != 0) {
    const float wanted = ImGui::GetIO().DisplaySize.x - ImGui::GetIO().MousePos.x - width / 2;
    ui.settings.sidebarWidth = std::max(1, static_cast<int>(std::lround(wanted / ui.uiScale)));
    ui.actions.settingsChanged();
  }
  if (!folded && hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    ui.settings.sidebarWidth = 0;  // back to the automatic width
    ui.actions.settingsChanged();
  }
  if (!folded && hovered && !active)
    ImGui::SetTooltip("Drag to resize the side panel; double-click for the automatic width");
  const ImU32 line =
      ImGui::GetColorU32(active || hovered ? ImGuiCol_SeparatorActive : ImGuiCol_Separator);
  list->AddRectFilled(ImVec2(cx - 0.5f, handleTop), ImVec2(cx + 0.5f, top + height), line);
  if (!folded) {
    const float gripY = top + height / 2;
    for (int i = -1; i <= 1; ++i)
      list->AddCircleFilled(ImVec2(cx, gripY + i * 6.0f * ui.uiScale), 1.8f * ui.uiScale, line);
  }
  ImGui::End();
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
        commandMenuItem(
            ui.commands, id,
            /*hideWhenDisabled=*/id == CommandId::Resume || id == CommandId::CancelReview);
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
                         float top, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(x, top));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##sidebar", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  std::vector<std::string> openNow;
  // "Review this game" and "Puzzles" open their panel and scroll to it.
  const GameActions::Show request = ui.actions.takeShowRequest();
  if (request != GameActions::Show::None) {
    scrollTo_ = request == GameActions::Show::Review ? "Review" : "Puzzles";
    scrollFrames_ = 3;
  }
  for (size_t i = 0; i < panels.size(); ++i) {
    Panel& panel = *panels[i];
    ui.panelsBelow = static_cast<int>(panels.size() - i - 1);
    panel.update(ui);
    ImGui::PushID(panel.title());
    // At start: the panels the command line names, else the ones open last time.
    const std::vector<std::string>* wanted = !openPanels_.empty()     ? &openPanels_
                                             : ui.settings.openPanels ? &*ui.settings.openPanels
                                                                      : nullptr;
    if (!started_ && wanted)
      ImGui::SetNextItemOpen(std::find(wanted->begin(), wanted->end(), panel.title()) !=
                             wanted->end());
    const bool requested = scrollFrames_ > 0 && scrollTo_ == panel.title();
    if (requested && request != GameActions::Show::None) ImGui::SetNextItemOpen(true);
    ImGui::PushFont(ui.fonts.bold);
    const bool open = ImGui::CollapsingHeader(
        panel.title(), panel.openByDefault() ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    ImGui::PopFont();
    if (requested) ImGui::SetScrollHereY(0.0f);
    if (open) openNow.push_back(panel.title());
    if (open) {
      ImGui::Spacing();
      panel.draw(ui);
      ImGui::Spacing();
    }
    ImGui::PopID();
  }
  if (scrollFrames_ > 0) --scrollFrames_;
  ImGui::End();
  // A header opened or closed by the player is remembered (the start's state is not a change).
  if (started_ && openNow != shownOpen_) {
    ui.settings.openPanels = openNow;
    ui.actions.settingsChanged();
  }
  shownOpen_ = std::move(openNow);
  started_ = true;
}

}  // namespace gomoku::gui
