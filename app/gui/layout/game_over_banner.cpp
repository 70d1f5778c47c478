// The game-over banner: who won and how, with New game and Undo, placed in the part of the
// board the winning line leaves free.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/command_widgets.h"
#include "app/gui/layout/board_area.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/move_text.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {

namespace {}  // namespace

void BoardArea::drawGameOverBanner(UiContext& ui) {
  GameController& c = ui.controller;
  const Game& game = c.game();
  const float scale = ui.uiScale;
  const int humans =
      (c.player(Color::Black) == PlayerKind::Human) + (c.player(Color::White) == PlayerKind::Human);
  std::string title, subtitle;
  const Color winner = game.winner();
  if (game.result() == GameResult::Draw) {
    title = "Draw";
    subtitle = "The board is full.";
  } else {
    if (humans == 1) {
      title = c.player(winner) == PlayerKind::Human ? "You win!" : "The computer wins";
    } else {
      title = std::string(sideName(winner)) + " wins";
    }
    subtitle = game.endReason() == EndReason::Resignation
                   ? std::string(sideName(opponent(winner))) + " resigned."
                   : std::string(sideName(winner)) + " made five in a row.";
  }
  const BoardGeometry& g = ui.boardView.geometry();
  const RectF b = g.board();
  ImFont* large = ui.fonts.large;
  const float titleSize = large->FontSize * ImGui::GetIO().FontGlobalScale;
  ImVec2 titleExtent = large->CalcTextSizeA(titleSize, 1e9f, 0, title.c_str());
  ImVec2 subExtent = ImGui::CalcTextSize(subtitle.c_str());
  const float pad = 16 * scale;
  const float buttonWidth = ImGui::GetFontSize() * 6.5f;
  const float contentWidth = std::max({titleExtent.x, subExtent.x, buttonWidth * 2 + pad});
  const float boxWidth = contentWidth + 2 * pad;
  const float boxHeight = titleExtent.y + subExtent.y + ImGui::GetFrameHeight() + pad * 3;
  // Away from the five: in the third of the board that the winning line leaves free.
  float lineTop = b.y + b.h, lineBottom = b.y;
  for (Point p : winningLine_) {
    lineTop = std::min(lineTop, g.center(p).y - g.cell() * 0.6f);
    lineBottom = std::max(lineBottom, g.center(p).y + g.cell() * 0.6f);
  }
  float centerY = b.y + b.h * 0.5f;
  if (!winningLine_.empty()) {
    const float above = lineTop - b.y, below = b.y + b.h - lineBottom;
    centerY = above >= below ? b.y + std::max(above / 2, boxHeight / 2 + pad)
                             : b.y + b.h - std::max(below / 2, boxHeight / 2 + pad);
  }
  ImVec2 p0(std::round(b.x + (b.w - boxWidth) / 2), std::round(centerY - boxHeight / 2));
  ImVec2 p1(p0.x + boxWidth, p0.y + boxHeight);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(ImVec2(p0.x + 3, p0.y + 5), ImVec2(p1.x + 3, p1.y + 5), IM_COL32(0, 0, 0, 60),
                      12 * scale);
  list->AddRectFilled(p0, p1, IM_COL32(30, 26, 22, 232), 12 * scale);
  list->AddRect(p0, p1, IM_COL32(245, 196, 70, 200), 12 * scale, 0, 1.5f);
  list->AddText(large, titleSize, ImVec2(p0.x + (boxWidth - titleExtent.x) / 2, p0.y + pad),
                IM_COL32(250, 236, 200, 255), title.c_str());
  list->AddText(
      ImVec2(p0.x + (boxWidth - subExtent.x) / 2, p0.y + pad + titleExtent.y + pad * 0.4f),
      IM_COL32(225, 215, 200, 255), subtitle.c_str());
  const float buttonsY = p1.y - pad - ImGui::GetFrameHeight();
  ImGui::SetCursorScreenPos(ImVec2(p0.x + (boxWidth - (buttonWidth * 2 + pad)) / 2, buttonsY));
  commandButton(ui.commands, CommandId::PlayAgain, ImVec2(buttonWidth, 0));
  ImGui::SameLine(0, pad);
  commandButton(ui.commands, CommandId::Undo, ImVec2(buttonWidth, 0));
  const float closeSize = ImGui::GetFontSize();
  ImGui::SetCursorScreenPos(ImVec2(p1.x - closeSize - pad * 0.5f, p0.y + pad * 0.5f));
  ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
  if (ImGui::Button("x##close-banner", ImVec2(closeSize, closeSize))) dismissBanner(c);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Close (Esc)");
}

}  // namespace gomoku::gui
