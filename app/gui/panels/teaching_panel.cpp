// The Teaching panel: step controls, iteration stepping, the search tree's settings and the
// log of the computer's moves explained. The tree itself is drawn by teaching_tree_window.cpp.
#include "app/gui/panels/teaching_panel.h"
#include "app/gui/models/move_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/command_widgets.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/watch_model.h"
#include "app/gui/panels/panels.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {
namespace {

constexpr ImU32 kAccent = IM_COL32(240, 190, 90, 255);
const ImVec4 kAccentV(0.94f, 0.75f, 0.35f, 1.0f);

std::string countText(uint64_t n) {
  char text[32];
  if (n >= 10'000'000) {
    std::snprintf(text, sizeof text, "%.1fM", static_cast<double>(n) / 1e6);
  } else if (n >= 100'000) {
    std::snprintf(text, sizeof text, "%lluk", static_cast<unsigned long long>((n + 500) / 1000));
  } else {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(n));
  }
  return text;
}

void tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

void heading(UiContext& ui, const char* text) {
  ImGui::Spacing();
  ImGui::PushFont(ui.fonts.bold);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
  ImGui::Separator();
}

}  // namespace

void TeachingPanel::update(UiContext& ui) {
  GameController& c = ui.controller;
  state_.explanations.update(c);
  state_.iterations.update(c);
  if (state_.selectedIteration >= static_cast<int>(state_.iterations.iterations().size())) {
    state_.selectedIteration = -1;
    if (state_.overlay == TeachingState::Overlay::IterationPv)
      state_.overlay = TeachingState::Overlay::None;
  }

  // Space and Backspace are App's shortcuts (taken from SDL's key events, so a quick tap
  // within one frame still counts).

  if (state_.treeWindow) {
    const Board& board = c.game().board();
    if (!state_.study.built() || state_.study.stale(board) ||
        state_.study.depth() != state_.treeDepth || state_.study.width() != state_.treeWidth) {
      state_.study.build(board, state_.treeDepth, state_.treeWidth);
    }
    drawSearchTreeWindow(ui, state_);
  }
}

void TeachingPanel::openTree(const Board& position, int depth, int width) {
  state_.treeDepth = std::clamp(depth, TreeStudy::kMinDepth, TreeStudy::kMaxDepth);
  state_.treeWidth = std::clamp(width, TreeStudy::kMinWidth, TreeStudy::kMaxWidth);
  state_.study.build(position, state_.treeDepth, state_.treeWidth);
  state_.treeWindow = true;
}

void TeachingPanel::draw(UiContext& ui) {
  state_.drawnFrame = ImGui::GetFrameCount();
  drawStepping(ui);
  drawIterations(ui);
  drawTreeControls(ui);
  drawExplanations();
}

void TeachingPanel::drawStepping(UiContext& ui) {
  GameController& c = ui.controller;
  const Game& game = c.game();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;

  bool stepMode = c.stepMode();
  if (ImGui::Checkbox("Step mode", &stepMode)) c.setStepMode(stepMode);
  tooltip(
      "The computer moves only when told: Step (Space) plays its next move,\n"
      "Back (Backspace) takes one move back. With two computers, each Step is one move.");
  ImGui::SameLine();
  const std::string keys = keysText(ui.commands[CommandId::Step]) + ": step, " +
                           keysText(ui.commands[CommandId::StepBack]) + ": back";
  ImGui::PushTextWrapPos(0.0f);  // wraps under a narrow sidebar instead of being cut
  ImGui::TextDisabled("%s", keys.c_str());
  ImGui::PopTextWrapPos();

  ImGui::BeginDisabled(!c.stepMode());
  const float half = (ImGui::GetContentRegionAvail().x - spacing) / 2;
  commandButton(ui.commands, CommandId::StepBack, ImVec2(half, 0));
  commandTooltip(ui.commands, CommandId::StepBack);
  ImGui::SameLine();
  commandButton(ui.commands, CommandId::Step, ImVec2(half, 0));
  commandTooltip(ui.commands, CommandId::Step);

  bool autoPlay = c.autoPlay();
  if (ImGui::Checkbox("Auto-play", &autoPlay)) c.setAutoPlay(autoPlay);
  tooltip("Step by itself, waiting this long after each move");
  ImGui::SameLine();
  float seconds = static_cast<float>(c.autoPlayDelayMs()) / 1000.0f;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##delay", &seconds, 0.1f, 10.0f, "%.1f s between moves",
                         ImGuiSliderFlags_Logarithmic)) {
    c.setAutoPlayDelayMs(static_cast<int64_t>(std::lround(seconds * 1000.0f)));
  }
  ImGui::EndDisabled();

  std::string status;
  if (!c.stepMode()) {
    status = "Step mode is off: the computer answers on its own.";
  } else if (game.isOver()) {
    status = "The game is over. Back takes the last move back.";
  } else if (c.thinking()) {
    status = std::string(sideName(game.sideToMove())) + " (computer) is thinking, depth " +
             std::to_string(c.searchInfo().completedDepth) + "...";
  } else if (c.analysing()) {
    status = "Analysis mode is on: turn it off to step.";
  } else if (c.isComputerTurn()) {
    status = std::string(sideName(game.sideToMove())) + " (computer) to move: press Step.";
  } else {
    status = std::string(sideName(game.sideToMove())) + " to move: play on the board.";
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", status.c_str());
  ImGui::PopTextWrapPos();
  if (const MoveExplanation* last = state_.explanations.last()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kAccentV);
    ImGui::TextWrapped("%d. %s", last->moveNumber, last->text.c_str());
    ImGui::PopStyleColor();
  }
}

void TeachingPanel::drawIterations(UiContext& ui) {
  GameController& c = ui.controller;
  IterationStepper& it = state_.iterations;
  heading(ui, "Iterative deepening");

  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  char label[64];
  std::snprintf(label, sizeof label, "Search to depth %d", it.depth() + 1);
  const float resetWidth =
      ImGui::CalcTextSize("Start over").x + ImGui::GetStyle().FramePadding.x * 2;
  const ImVec2 buttonSize(ImGui::GetContentRegionAvail().x - resetWidth - spacing, 0);
  if (it.searching()) {
    std::snprintf(label, sizeof label, "Stop (searching depth %d)", it.requestedDepth());
    if (ImGui::Button(label, buttonSize)) c.stopSearchDepth();
  } else {
    ImGui::BeginDisabled(!it.canStep(c));
    if (ImGui::Button(label, buttonSize)) it.step(c);
    ImGui::EndDisabled();
  }
  tooltip(
      "Search the position shown one depth further than before. The transposition table\n"
      "keeps the earlier depths' work, so each step costs about one new iteration.");
  ImGui::SameLine();
  ImGui::BeginDisabled(it.iterations().empty() || it.searching());
  if (ImGui::Button("Start over")) {
    it.reset();
    state_.selectedIteration = -1;
  }
  ImGui::EndDisabled();

  if (it.searching()) {
    ImGui::TextDisabled("Searching depth %d... (%s nodes)", it.requestedDepth(),
                        countText(c.searchInfo().nodes).c_str());
  } else if (!it.solver().empty()) {
    ImGui::TextWrapped("The %s threat solver proved a win before any iteration was needed.",
                       it.solver().c_str());
  } else if (it.exhausted()) {
    ImGui::TextWrapped(
        "The engine stopped at depth %d (a forced move or a proven result): deeper adds nothing.",
        it.depth());
  } else if (!c.canSearchDepth() && it.iterations().empty()) {
    ImGui::TextDisabled("%s", c.game().isOver() ? "The game is over."
                              : c.searching() != SearchPurpose::None
                                  ? "Wait for the search in progress."
                                  : "Turn on step mode to study the computer's move.");
  }

  const auto& rows = it.iterations();
  if (rows.empty()) return;
  const float em = ImGui::GetFontSize();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  const float height = std::min(static_cast<float>(rows.size()) + 1.4f, 9.0f) * rowHeight;
  if (ImGui::BeginTable("##depths", 5, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Depth", ImGuiTableColumnFlags_WidthFixed, em * 2.8f);
    ImGui::TableSetupColumn("Best", ImGuiTableColumnFlags_WidthFixed, em * 2.8f);
    ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_WidthFixed, em * 6.0f);
    ImGui::TableSetupColumn("Nodes", ImGuiTableColumnFlags_WidthFixed, em * 3.4f);
    ImGui::TableSetupColumn("Principal variation", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < rows.size(); ++i) {
      const IterationInfo& row = rows[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char text[40];
      std::snprintf(text, sizeof text, "%d##it%zu", row.depth, i);
      const bool selected = state_.selectedIteration == static_cast<int>(i) &&
                            state_.overlay == TeachingState::Overlay::IterationPv;
      if (ImGui::Selectable(text, selected, ImGuiSelectableFlags_SpanAllColumns)) {
        state_.selectedIteration = selected ? -1 : static_cast<int>(i);
        state_.overlay =
            selected ? TeachingState::Overlay::None : TeachingState::Overlay::IterationPv;
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Show this depth's principal variation on the board");
      ImGui::TableNextColumn();
      const bool changed = it.bestChanged(i);
      if (changed) ImGui::PushStyleColor(ImGuiCol_Text, kAccentV);
      ImGui::Text("%s%s", pointToText(row.bestMove).c_str(), changed ? " *" : "");
      if (changed) ImGui::PopStyleColor();
      if (changed && ImGui::IsItemHovered())
        ImGui::SetTooltip("The best move changed at this depth");
      ImGui::TableNextColumn();
      const std::string research = researchText(row);
      if (research.empty()) {
        ImGui::TextUnformatted(scoreToText(row.score).c_str());
      } else {
        // Re-searched: the first window failed. Marked, and the tooltip says why.
        ImGui::TextColored(kAccentV, "%s %s", scoreToText(row.score).c_str(),
                           row.failHighs > 0 && row.failLows == 0   ? "(high)"
                           : row.failLows > 0 && row.failHighs == 0 ? "(low)"
                                                                    : "(both)");
      }
      if (ImGui::IsItemHovered()) {
        const std::string why = scoreMoveText(rows, i);
        ImGui::SetTooltip("%s%s%s", why.c_str(),
                          research.empty() ? "" : "\nRe-searches: ", research.c_str());
      }
      ImGui::TableNextColumn();
      // Nodes of this depth alone, in the step that reached it.
      const uint64_t nodes = it.iterationNodes(i);
      ImGui::TextUnformatted(countText(nodes).c_str());
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(lineText(row.pv, 8).c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }

  // The root moves at the latest depth: the class sees the scores the choice was made from.
  const IterationInfo& latest = rows.back();
  if (latest.rootMoves.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(
      "Root moves at depth %d (first %d searched with full windows; their nodes are summed over "
      "depths 1-%d, where the table above counts each depth alone)",
      latest.depth, IterationStepper::kExactRootMoves, latest.depth);
  ImGui::PopTextWrapPos();
  const size_t shown = std::min<size_t>(latest.rootMoves.size(), 12);
  const float rootHeight = (std::min<float>(static_cast<float>(shown), 7.0f) + 1.4f) * rowHeight;
  if (ImGui::BeginTable("##rootmoves", 4, flags, ImVec2(0, rootHeight))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Move", ImGuiTableColumnFlags_WidthFixed, em * 2.8f);
    ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_WidthFixed, em * 4.5f);
    // Summed over the depths so far (the search adds each iteration's to its move).
    const std::string nodesHeader = "Nodes 1-" + std::to_string(latest.depth);
    ImGui::TableSetupColumn(nodesHeader.c_str(), ImGuiTableColumnFlags_WidthFixed,
                            std::max(em * 3.4f, ImGui::CalcTextSize(nodesHeader.c_str()).x));
    ImGui::TableSetupColumn("Scored at", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < shown; ++i) {
      const RootMoveInfo& m = latest.rootMoves[i];
      const bool stale = m.depth < latest.depth;
      if (stale)
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(pointToText(m.move).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(
          m.depth == 0 || m.score <= -kScoreInfinite ? "-" : scoreToText(m.score).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(countText(m.nodes).c_str());
      ImGui::TableNextColumn();
      // Past the first few, a move is only shown not to beat the best (a null window): that
      // is a bound, not a score, so its score is the last exact one it had, at that depth.
      if (m.depth == 0) {
        ImGui::TextUnformatted("no exact score; not better");
      } else if (stale) {
        ImGui::Text("at depth %d; not better at %d", m.depth, latest.depth);
      } else {
        ImGui::Text("depth %d", m.depth);
      }
      if (ImGui::IsItemHovered() && (m.depth == 0 || stale)) {
        ImGui::SetTooltip(
            "Searched with a null window around the best move's score: the search only\n"
            "proved it is not better (an upper bound). The score shown is its last exact\n"
            "one, from an earlier depth, so compare it only with scores of that depth.");
      }
      if (stale) ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
}

void TeachingPanel::drawTreeControls(UiContext& ui) {
  heading(ui, "Search tree");
  const float em = ImGui::GetFontSize();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Depth");
  ImGui::SameLine(em * 3.6f);
  ImGui::SetNextItemWidth(em * 5);
  ImGui::SliderInt("##treedepth", &state_.treeDepth, TreeStudy::kMinDepth, TreeStudy::kMaxDepth);
  ImGui::SameLine();
  ImGui::TextUnformatted("Width");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderInt("##treewidth", &state_.treeWidth, TreeStudy::kMinWidth, TreeStudy::kMaxWidth,
                   "best %d");
  tooltip("How many of the best-ordered candidates each node looks at");
  if (ImGui::Button(state_.treeWindow ? "Close the tree window" : "Open the search tree",
                    ImVec2(-1, 0))) {
    if (state_.treeWindow) {
      state_.treeWindow = false;
      if (state_.overlay == TeachingState::Overlay::TreeLine)
        state_.overlay = TeachingState::Overlay::None;
    } else {
      openTree(ui.controller.game().board(), state_.treeDepth, state_.treeWidth);
    }
  }
  tooltip(
      "Record the search of the position shown: alpha-beta beside plain minimax, every\n"
      "node with its window, its value and what was pruned.");
  const TreeStudy& s = state_.study;
  if (state_.treeWindow && s.built()) {
    ImGui::TextWrapped(
        "Alpha-beta visited %d nodes where minimax visited %d (%.0f%% saved); both find %s.",
        s.alphaBeta().visited, s.minimax().visited, s.savedShare() * 100.0,
        s.valuesAgree() ? (treeScoreText(s.alphaBeta().rootValue()) + " at the root").c_str()
                        : "different values (a bug!)");
  }
}

void TeachingPanel::drawExplanations() {
  const auto& entries = state_.explanations.entries();
  ImGui::Spacing();
  ImGui::TextDisabled("Why the computer played (%zu)", entries.size());
  if (entries.empty()) return;
  const float height = std::min<float>(static_cast<float>(entries.size()) * 2.2f + 0.5f, 9.0f) *
                       ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginChild("##explanations", ImVec2(0, height), true)) {
    for (const MoveExplanation& e : entries)
      ImGui::TextWrapped("%d. %s", e.moveNumber, e.text.c_str());
    // New sentences come in at the bottom: follow them unless the reader scrolled up.
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1) ImGui::SetScrollHereY(1.0f);
  }
  ImGui::EndChild();
}

void TeachingPanel::drawOverBoard(UiContext& ui, ImDrawList* list, const BoardGeometry& g) {
  if (!g.valid()) return;
  const GameController& c = ui.controller;
  const Board& board = c.game().board();
  const bool visible = state_.drawnFrame >= ImGui::GetFrameCount() - 1 || state_.treeWindow;

  // The line to the selected tree node, or the selected depth's PV, as lettered stones.
  std::vector<Point> line;
  if (visible && state_.overlay == TeachingState::Overlay::TreeLine && state_.treeWindow &&
      state_.study.built() && !state_.study.stale(board) && state_.study.selection()) {
    line = *state_.study.selection();
  } else if (visible && state_.overlay == TeachingState::Overlay::IterationPv &&
             state_.selectedIteration >= 0 &&
             state_.selectedIteration < static_cast<int>(state_.iterations.iterations().size())) {
    line = state_.iterations.iterations()[static_cast<size_t>(state_.selectedIteration)].pv;
  }
  BoardView& view = ui.boardView;
  Color color = board.sideToMove();
  for (size_t i = 0; i < line.size(); ++i, color = opponent(color)) {
    if (!board.isEmpty(line[i])) break;
    view.drawVariationStone(list, ui.fonts.boardNumbers, line[i], color, i);
  }
  if (!line.empty() && board.isEmpty(line.back())) {
    const Vec2f p = g.center(line.back());
    list->AddCircle(ImVec2(p.x, p.y), g.stoneRadius() * 1.08f, kAccent, 32,
                    std::max(2.0f, g.cell() * 0.07f));
  }

  // In step mode the latest computer move's sentence sits along the bottom of the board.
  const MoveExplanation* last = state_.explanations.last();
  if (!c.stepMode() || !last || last->moveNumber != board.stoneCount()) return;
  // Between the edge line and the coordinates (which sit 0.58-0.98 of a cell beyond it), at
  // the bottom, or at the top where it covers fewer stones there: it used to cover the letters
  // a teacher reads the moves by.
  const RectF b = g.board(), grid = g.grid();
  const float pad = ImGui::GetFontSize() * 0.5f;
  const float wrap = b.w * 0.9f - 2 * pad;
  const std::string text = std::to_string(last->moveNumber) + ". " + last->text;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const float x0 = std::round(b.x + (b.w - size.x) / 2 - pad), x1 = x0 + size.x + 2 * pad;
  const float height = size.y + 2 * pad, beyond = g.cell() * 0.5f;
  const float bottomY = grid.y + grid.h + beyond - height, topY = grid.y - beyond;
  // Stones whose discs the caption at y0 would cover (a tall caption reaches past the edge row).
  auto covered = [&](float y0) {
    int n = 0;
    const float r = g.stoneRadius();
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x) {
        if (board.at(makePoint(x, y)) == Color::Empty) continue;
        const Vec2f c = g.center(x, y);
        n += c.x + r > x0 && c.x - r < x1 && c.y + r > y0 && c.y - r < y0 + height;
      }
    return n;
  };
  const float y0 = covered(topY) < covered(bottomY) ? topY : bottomY;
  const ImVec2 p0(x0, std::round(y0));
  const ImVec2 p1(x1, p0.y + height);
  list->AddRectFilled(p0, p1, IM_COL32(28, 24, 20, 215), pad);
  list->AddText(nullptr, 0, ImVec2(p0.x + pad, p0.y + pad), IM_COL32(250, 236, 200, 255),
                text.c_str(), nullptr, wrap);
}

std::unique_ptr<Panel> makeTeachingPanel() {
  return std::make_unique<TeachingPanel>();
}

}  // namespace gomoku::gui
