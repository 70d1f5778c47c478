// Game panel: who plays which color, the computer's strength and time, and the game's
// buttons (new, undo, redo, hint, swap, resign).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/command_widgets.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/level_combo.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/panels/panels.h"

namespace gomoku::gui {
namespace {

const char* const kRuleLabels[] = {"Freestyle", "Standard", "Renju"};

class GamePanel final : public Panel {
 public:
  const char* title() const override { return "Game"; }

  void draw(UiContext& ui) override {
    GameController& c = ui.controller;
    const Game& game = c.game();
    const float em = ImGui::GetFontSize();

    ImGui::TextDisabled("%s, %d x %d, move %d", kRuleLabels[static_cast<int>(game.rule())],
                        game.size(), game.size(), game.ply());

    // Players
    const float labelWidth = em * 5.5f;
    for (Color color : {Color::Black, Color::White}) {
      ImGui::PushID(static_cast<int>(color));
      ImDrawList* list = ImGui::GetWindowDrawList();
      ImVec2 pos = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetFrameHeight();
      const ImVec2 center(pos.x + h * 0.4f, pos.y + h / 2);
      drawStoneIcon(list, center.x, center.y, h * 0.3f, color);
      if (game.sideToMove() == color && !game.isOver()) {
        list->AddCircle(center, h * 0.44f, IM_COL32(230, 170, 80, 255), 24, 2.0f);
      }
      ImGui::Dummy(ImVec2(h, h));
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(color == Color::Black ? "Black" : "White");
      ImGui::SameLine(labelWidth);
      int kind = static_cast<int>(c.player(color));
      ImGui::SetNextItemWidth(-1);
      if (ImGui::Combo("##player", &kind, kPlayerKindLabels, kPlayerKindCount))
        ui.actions.setPlayer(color, static_cast<PlayerKind>(kind));
      if (c.player(color) == PlayerKind::Engine) {
        // The engine's own name once it has started; choosing one is done in New game.
        ImGui::SetCursorPosX(labelWidth);
        ImGui::TextDisabled("%s", c.playerName(color).c_str());
        if (ImGui::IsItemHovered() && !c.enginePath(color).empty())
          ImGui::SetTooltip("%s", c.enginePath(color).c_str());
      }
      ImGui::PopID();
    }

    // The computer
    int strength = c.ai().strength;
    float seconds = static_cast<float>(c.ai().timeMs) / 1000.0f;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Level");
    ImGui::SameLine(labelWidth);
    bool changed = levelCombo("##level", strength, ImGui::GetContentRegionAvail().x, labelWidth);
    // The level is the built-in engine's alone: say so when no side plays it (beside an external
    // engine it read as that engine's strength).
    if (c.player(Color::Black) != PlayerKind::Computer &&
        c.player(Color::White) != PlayerKind::Computer) {
      ImGui::SetCursorPosX(labelWidth);
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("(the built-in computer's level; neither side plays it now)");
      ImGui::PopTextWrapPos();
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Time");
    ImGui::SameLine(labelWidth);
    ImGui::SetNextItemWidth(-1);
    changed |= ImGui::SliderFloat("##time", &seconds, 0.1f, 30.0f, "%.1f s per move",
                                  ImGuiSliderFlags_Logarithmic);
    if (changed) ui.actions.setAi(strength, static_cast<int>(std::lround(seconds * 1000)));

    // Thinking bar (also under the board): elapsed against allotted time. The row stays
    // when idle, with the last search's summary, so the buttons below never jump.
    const SearchInfo& info = c.searchInfo();
    std::string overlay;
    float fraction = 0;
    if (c.searching() == SearchPurpose::Analysis || c.searching() == SearchPurpose::Study ||
        (c.searching() != SearchPurpose::None && c.searchAllottedMs() <= 0)) {
      // No time limit (analysis, a teaching iteration): the bar shows depth and time only.
      overlay = fmt::format("{}: depth {}, {:.1f} s",
                            c.searching() == SearchPurpose::Study ? "Studying" : "Analysing",
                            info.completedDepth, static_cast<double>(c.searchElapsedMs()) / 1000.0);
    } else if (c.searching() != SearchPurpose::None) {
      const double elapsed = static_cast<double>(c.searchElapsedMs()) / 1000.0;
      const double allotted =
          std::max<double>(0.001, static_cast<double>(c.searchAllottedMs()) / 1000.0);
      overlay = fmt::format("{}: depth {}, {:.1f} / {:.1f} s", c.thinking() ? "Thinking" : "Hint",
                            info.completedDepth, elapsed, allotted);
      fraction = static_cast<float>(std::min(1.0, elapsed / allotted));
    } else if (c.frozen()) {
      overlay = "The game waits under the puzzle";
    } else if (c.engineFailed()) {
      overlay = "Paused: the engine could not move";
    } else if (info.finished && info.bestMove != kNullPoint) {
      if (info.completedDepth > 0)
        overlay = fmt::format("Last search: {}, depth {}, {:.1f} s", pointToText(info.bestMove),
                              info.completedDepth, static_cast<double>(info.elapsedMs) / 1000.0);
      else  // an external engine that did not say how deep it looked
        overlay = fmt::format("Last move: {} after {:.1f} s", pointToText(info.bestMove),
                              static_cast<double>(info.elapsedMs) / 1000.0);
    } else {
      overlay = c.game().isOver()
                    ? "The game is over"  // (it said "Computer ready" after a resignation)
                : c.player(Color::Black) == PlayerKind::Human &&
                        c.player(Color::White) == PlayerKind::Human
                    ? "Two players, no computer"
                : c.isHumanTurn() ? "Your move"
                                  : "Computer ready";
    }
    // The bar's text is centred and cut at both ends when it does not fit: then the bar goes
    // without it, and the text follows below, wrapped.
    const bool fits =
        ImGui::CalcTextSize(overlay.c_str()).x + ImGui::GetStyle().FramePadding.x * 2 <=
        ImGui::GetContentRegionAvail().x;
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), fits ? overlay.c_str() : "");
    if (!fits) ImGui::TextWrapped("%s", overlay.c_str());

    // Buttons, three to a row.
    ImGui::Spacing();
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - 2 * spacing) / 3;
    const ImVec2 size(w, 0);
    using enum CommandId;
    // Short labels ("New game", not "New game..."): a third of a narrow sidebar is little.
    const CommandId buttons[6] = {NewGame, Undo, Redo, Hint, SwapSides, Resign};
    for (int i = 0; i < 6; ++i) {
      if (i % 3 != 0) ImGui::SameLine();
      commandButton(ui.commands, buttons[i], size, LabelWidth::Short);
      commandTooltip(ui.commands, buttons[i]);
    }

    // Resume's row stays (greyed while play goes on) whenever a computer plays, the only games
    // that pause: a row that came and went moved everything below it under the mouse (a double
    // click on Previous mistake landed on Review this game).
    const bool computerPlays =
        c.player(Color::Black) != PlayerKind::Human || c.player(Color::White) != PlayerKind::Human;
    if (c.paused() || computerPlays) commandButton(ui.commands, Resume, ImVec2(-1, 0));
  }
};

}  // namespace

std::unique_ptr<Panel> makeGamePanel() {
  return std::make_unique<GamePanel>();
}

}  // namespace gomoku::gui
