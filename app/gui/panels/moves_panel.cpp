// Moves panel: the record of the game, two moves to a row, with the review's marks (?!, ?, ??,
// #) once the game is reviewed; a click shows the position after that move (moves undone stay
// listed, dimmed, until a new move replaces them). Below it the position code box (type or paste a
// code, Enter sets it up) and the record buttons.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>
#include <utility>

#include "app/gui/commands/command_widgets.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/position_code.h"
#include "app/gui/panels/panels.h"
#include "app/gui/panels/review_colors.h"
#include "core/game/record.h"

namespace gomoku::gui {
namespace {

class MovesPanel final : public Panel {
 public:
  const char* title() const override { return "Moves"; }

  void draw(UiContext& ui) override {
    GameController& c = ui.controller;
    const Game& game = c.game();
    const std::vector<Point>& line = game.line();
    const int ply = game.ply();
    const int total = static_cast<int>(line.size());
    const float em = ImGui::GetFontSize();
    const ReviewModel& review = ui.actions.review();

    // Navigation: start, back, forward, end of the line.
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - 3 * spacing) / 4;
    // While a puzzle has the board the game underneath waits: its record is shown greyed
    // out and cannot be stepped through or replaced.
    const bool frozen = c.frozen();
    if (frozen) ImGui::TextDisabled("The game waits while the puzzle is on.");
    ImGui::BeginDisabled(frozen);
    ImGui::BeginDisabled(ply == 0);
    if (ImGui::Button("|<", ImVec2(w, 0))) c.jumpTo(0);
    ImGui::SameLine();
    if (ImGui::Button("<", ImVec2(w, 0))) c.jumpTo(ply - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(ply >= total);
    if (ImGui::Button(">", ImVec2(w, 0))) c.jumpTo(ply + 1);
    ImGui::SameLine();
    if (ImGui::Button(">|", ImVec2(w, 0))) c.jumpTo(total);
    ImGui::EndDisabled();

    // Fill the sidebar down to what still has to fit below: the code, the buttons and the
    // headers of the panels after this one.
    const float below =
        ImGui::GetFrameHeightWithSpacing() * (2.0f + 1.3f * static_cast<float>(ui.panelsBelow));
    const float height = std::clamp(ImGui::GetContentRegionAvail().y - below,
                                    ImGui::GetTextLineHeightWithSpacing() * 5.5f, em * 24);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame;
    if (ImGui::BeginTable("moves", 3, flags, ImVec2(0, height))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, em * 2.5f);
      ImGui::TableSetupColumn("Black");
      ImGui::TableSetupColumn("White");
      ImGui::TableHeadersRow();
      const int rows = (total + 1) / 2;
      for (int row = 0; row < rows; ++row) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%d", row + 1);
        for (int side = 0; side < 2; ++side) {
          ImGui::TableNextColumn();
          const int i = row * 2 + side;
          if (i >= total) break;
          const bool played = i < ply;
          const bool current = i == ply - 1;
          std::string label = pointToText(line[static_cast<size_t>(i)]) + "##" + std::to_string(i);
          if (!played)
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
          if (ImGui::Selectable(label.c_str(), current)) c.jumpTo(i + 1);
          if (!played) ImGui::PopStyleColor();
          // The review's mark after the move (?!, ?, ??, #), in its colour.
          if (const ReviewedMove* m = review.showable() ? review.moveAt(i + 1) : nullptr) {
            const std::string mark = reviewMark(*m);
            if (!mark.empty() && isReviewMistake(*m)) {
              ImGui::SameLine(em * 2.6f);
              ImGui::PushStyleColor(ImGuiCol_Text, reviewMoveColor(*m));
              ImGui::TextUnformatted(mark.c_str());
              ImGui::PopStyleColor();
            }
          }
          if (current && lastShownPly_ != ply) ImGui::SetScrollHereY(0.5f);
        }
      }
      if (total == 0) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("No moves yet");
      }
      ImGui::EndTable();
    }
    lastShownPly_ = ply;

    // Position code: shows the game's; type or paste one and press Enter to set it up, Esc
    // to leave the box. While the box is not being edited, shortcuts go to the game.
    const std::string gameCode = toPositionCode(game.moves());
    if (gameCode != lastGameCode_) codeBox_.error.clear();  // the game moved on
    lastGameCode_ = gameCode;
    if (!codeActive_ && codeBox_.error.empty()) codeBox_.follow(gameCode);
    ImGui::SetNextItemWidth(-1);
    const bool entered = ImGui::InputTextWithHint(
        "##code", "position code, e.g. h8i9j10", &codeBox_.text,
        ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    codeActive_ = ImGui::IsItemActive();
    if (ImGui::IsItemHovered() && !codeActive_ && codeBox_.error.empty())
      ImGui::SetTooltip(
          "The moves so far as a code. Type or paste one and press Enter to set\n"
          "up that position; Esc leaves the box.");
    if (entered) {
      // Through the game actions: a code that would replace moves not saved asks first.
      // A code refused keeps the keyboard, so that it can be mended at once (typing went to the
      // shortcuts: "h8" asked for a hint).
      if (!codeBox_.submit(
              [&ui](const std::string& code) { return ui.actions.enterCode(code, "typed"); })) {
        ImGui::SetKeyboardFocusHere(-1);
        keepError_ = true;
      }
    } else if (ImGui::IsItemDeactivated() &&
               ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      codeBox_.cancel(gameCode);
    } else if (ImGui::IsItemActivated()) {
      if (!std::exchange(keepError_, false)) codeBox_.error.clear();  // (not when refocused)
    }
    if (!codeBox_.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.90f, 0.36f, 0.30f, 1));
      ImGui::TextWrapped("%s", codeBox_.error.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::EndDisabled();  // frozen; the record buttons below know by themselves when they apply
    const float w3 = (ImGui::GetContentRegionAvail().x - 3 * spacing) / 4;
    using enum CommandId;
    const ImVec2 buttonSize(w3, 0);
    commandButton(ui.commands, CopyPosition, buttonSize, LabelWidth::Short);
    ImGui::SameLine();
    commandButton(ui.commands, PastePosition, buttonSize, LabelWidth::Short);
    ImGui::SameLine();
    commandButton(ui.commands, OpenRecord, buttonSize, LabelWidth::Short);
    ImGui::SameLine();
    commandButton(ui.commands, SaveRecord, buttonSize, LabelWidth::Short);
  }

 private:
  int lastShownPly_ = -1;
  PositionCodeBox codeBox_;
  bool codeActive_ = false;
  bool keepError_ = false;  // the box took the keyboard back after a refused code
  std::string lastGameCode_;
};

}  // namespace

std::unique_ptr<Panel> makeMovesPanel() {
  return std::make_unique<MovesPanel>();
}

}  // namespace gomoku::gui
