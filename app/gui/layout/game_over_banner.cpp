// The result banner, over the board when a game ends: who won and how (the winning line stays
// marked on the board), how long the game was, and what to do next — Play again, Swap colours,
// Review this game (not there yet: shown disabled, saying so), Save. Placed in the part of the
// board the winning line (else the stones) leaves free; Esc or its close button puts it away.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/command_widgets.h"
#include "app/gui/layout/board_area.h"
#include "app/gui/models/game_clock.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/result_text.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {

void BoardArea::drawGameOverBanner(UiContext& ui) {
  GameController& c = ui.controller;
  const float scale = ui.uiScale;
  const ResultText text = describeResult(c, ui.clock.seconds(ui.now), ui.clock.wholeGame());
  const BoardGeometry& g = ui.boardView.geometry();
  const RectF b = g.board();
  ImFont* large = ui.fonts.large;
  const float titleSize = large->FontSize * ImGui::GetIO().FontGlobalScale;
  const ImVec2 titleExtent = large->CalcTextSizeA(titleSize, 1e9f, 0, text.title.c_str());
  const ImVec2 howExtent = ImGui::CalcTextSize(text.how.c_str());
  const ImVec2 lengthExtent = ImGui::CalcTextSize(text.length.c_str());
  const float pad = 16 * scale;
  const float spacing = pad * 0.5f;
  // Two rows of two buttons, each as wide as the widest label.
  using enum CommandId;
  const CommandId buttons[4] = {PlayAgain, PlaySwapped, ReviewGame, SaveRecord};
  float buttonWidth = 0;
  for (CommandId id : buttons)
    buttonWidth = std::max(buttonWidth, ImGui::CalcTextSize(ui.commands[id].buttonLabel()).x);
  buttonWidth += ImGui::GetStyle().FramePadding.x * 4;
  const float rowHeight = ImGui::GetFrameHeight();
  // On a small board the card may spread over the margins of the board area; if even that is
  // too narrow for two buttons side by side, they go one under another.
  const float areaWidth = ImGui::GetWindowWidth();
  const float textWidth = std::max({titleExtent.x, howExtent.x, lengthExtent.x});
  const bool twoColumns = std::max(textWidth, buttonWidth * 2 + spacing) + 2 * pad <= areaWidth;
  const int columns = twoColumns ? 2 : 1, rows = 4 / columns;
  const float contentWidth = std::max(textWidth, buttonWidth * columns + spacing * (columns - 1));
  const float boxWidth = std::min(contentWidth + 2 * pad, areaWidth);
  const float boxHeight = titleExtent.y + howExtent.y + lengthExtent.y + rows * rowHeight +
                          (rows - 1) * spacing + pad * 3.2f;
  // Away from the five: in the part of the board that the winning line leaves free; without
  // one (a resignation, a draw), the part the stones leave free (it sat over the centre's).
  const std::vector<Point>& avoid = winningLine_.empty() ? c.game().moves() : winningLine_;
  float lineTop = b.y + b.h, lineBottom = b.y;
  for (Point p : avoid) {
    lineTop = std::min(lineTop, g.center(p).y - g.cell() * 0.6f);
    lineBottom = std::max(lineBottom, g.center(p).y + g.cell() * 0.6f);
  }
  float centerY = b.y + b.h * 0.5f;
  if (!avoid.empty()) {
    const float above = lineTop - b.y, below = b.y + b.h - lineBottom;
    centerY = above >= below ? b.y + std::max(above / 2, boxHeight / 2 + pad)
                             : b.y + b.h - std::max(below / 2, boxHeight / 2 + pad);
  }
  const float windowTop = ImGui::GetWindowPos().y;
  centerY = std::clamp(
      centerY, windowTop + boxHeight / 2,
      std::max(windowTop + boxHeight / 2, windowTop + ImGui::GetWindowHeight() - boxHeight / 2));
  const float left0 = std::clamp(b.x + (b.w - boxWidth) / 2, 0.0f, areaWidth - boxWidth);
  const ImVec2 p0(std::round(left0), std::round(centerY - boxHeight / 2));
  const ImVec2 p1(p0.x + boxWidth, p0.y + boxHeight);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(ImVec2(p0.x + 3, p0.y + 5), ImVec2(p1.x + 3, p1.y + 5), IM_COL32(0, 0, 0, 60),
                      12 * scale);
  list->AddRectFilled(p0, p1, IM_COL32(30, 26, 22, 236), 12 * scale);
  list->AddRect(p0, p1, IM_COL32(245, 196, 70, 200), 12 * scale, 0, 1.5f);
  float y = p0.y + pad;
  list->AddText(large, titleSize, ImVec2(p0.x + (boxWidth - titleExtent.x) / 2, y),
                IM_COL32(250, 236, 200, 255), text.title.c_str());
  y += titleExtent.y + pad * 0.4f;
  list->AddText(ImVec2(p0.x + (boxWidth - howExtent.x) / 2, y), IM_COL32(235, 225, 210, 255),
                text.how.c_str());
  y += howExtent.y + pad * 0.2f;
  list->AddText(ImVec2(p0.x + (boxWidth - lengthExtent.x) / 2, y), IM_COL32(190, 180, 165, 255),
                text.length.c_str());

  // The buttons: labels from the command table; a disabled one still explains itself.
  const float rowsTop = p1.y - pad - rows * rowHeight - (rows - 1) * spacing;
  const float left = p0.x + (boxWidth - (buttonWidth * columns + spacing * (columns - 1))) / 2;
  for (int i = 0; i < 4; ++i) {
    ImGui::SetCursorScreenPos(ImVec2(left + (i % columns) * (buttonWidth + spacing),
                                     rowsTop + (i / columns) * (rowHeight + spacing)));
    commandButton(ui.commands, buttons[i], ImVec2(buttonWidth, 0), LabelWidth::Short);
    commandTooltip(ui.commands, buttons[i]);
  }

  const float closeSize = ImGui::GetFontSize();
  ImGui::SetCursorScreenPos(ImVec2(p1.x - closeSize - pad * 0.5f, p0.y + pad * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
  if (ImGui::Button("x##close-banner", ImVec2(closeSize, closeSize))) dismissBanner(c);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Close (Esc); Undo (Ctrl+Z) takes back the last move");
}

}  // namespace gomoku::gui
