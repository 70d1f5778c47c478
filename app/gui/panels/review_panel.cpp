// Review panel: every move of the game graded in the background (progress bar, Cancel), the
// game browsable meanwhile. The move on the board: its class and mark, the win chance before
// and after, the better move with its line (drawn on the board as lettered stones) and one
// sentence why. A summary per side (accuracy, counts per class), the win-chance chart with the
// graded moves marked (a click shows that move) and the list of mistakes. The logic is in
// models/review_model.h; the review itself is started from the command table.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/command_widgets.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/notices.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/move_text.h"
#include "app/gui/panels/panels.h"
#include "app/gui/panels/review_colors.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {
namespace {

const char* className(const ReviewedMove& m) {
  return m.missedWin ? "missed win" : moveClassName(m.moveClass);
}

// "12. White h9"
std::string moveTitle(const ReviewedMove& m) {
  return std::to_string(m.ply) + ". " + sideName(m.color) + " " + pointToText(m.move);
}

void coloredText(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
}

class ReviewPanel final : public Panel {
 public:
  const char* title() const override { return "Review"; }
  bool openByDefault() const override { return false; }

  void update(UiContext& ui) override {
    ReviewModel& review = ui.actions.review();
    const ReviewModel::State before = review.state();
    review.update(ui.controller.game());
    // Missed wins become puzzles of the player's collection.
    std::vector<ReviewedMove> missed = review.takeNewMissedWins();
    if (!missed.empty()) ui.actions.puzzles().addMissedWins(review.result(), missed);
    if (before == ReviewModel::State::Running && review.state() == ReviewModel::State::Done) {
      const ReviewSummary& s = review.result().summary;
      char text[160];
      std::snprintf(text, sizeof text, "Review done: accuracy black %.0f, white %.0f.",
                    s.accuracy[0], s.accuracy[1]);
      ui.notices.add(text, NoticeKind::Info, 4);
      // The panel has grown with the results: bring it into view again if it is open.
      if (drawnFrame_ >= ImGui::GetFrameCount() - 2) ui.actions.show(GameActions::Show::Review);
    }
    if (before != ReviewModel::State::Stale && review.state() == ReviewModel::State::Stale)
      ui.notices.add("The review no longer matches the game: " + review.staleReason() + ".",
                     NoticeKind::Info, 4);
  }

  void draw(UiContext& ui) override {
    drawnFrame_ = ImGui::GetFrameCount();
    ReviewModel& review = ui.actions.review();
    const Game& game = ui.controller.game();
    const float em = ImGui::GetFontSize();
    drawControls(ui, review, game);
    if (!review.showable() || review.result().graded.empty()) return;
    ImGui::Separator();
    // Under a puzzle the board is the puzzle's: the game's move would be described beside it.
    if (ui.actions.puzzles().active()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled(
          "A puzzle has the board; the review is of the game underneath (Back to "
          "the game in the Puzzles panel).");
      ImGui::PopTextWrapPos();
    } else {
      drawCurrentMove(ui, review, game.ply());
    }
    ImGui::Separator();
    drawSummary(review.result());
    drawChart(ui, review, game.ply(), em);
    drawMistakeList(ui, review, game.ply(), em);
  }

  void drawOverBoard(UiContext& ui, ImDrawList* list, const BoardGeometry& g) override {
    ReviewModel& review = ui.actions.review();
    if (!g.valid() || !review.showable() || drawnFrame_ < ImGui::GetFrameCount() - 1) return;
    const Board& board = ui.controller.game().board();
    const ReviewedMove* m = review.moveAt(board.stoneCount());
    if (!m) return;
    BoardView& view = ui.boardView;
    const float width = std::max(2.0f, g.cell() * 0.08f);
    // The better line, from the position before the move: lettered stones where the board is
    // still empty (the move played stays on the board).
    if (m->moveClass != MoveClass::Best || m->missedWin) {
      Color color = m->color;
      for (size_t i = 0; i < m->line.size(); ++i, color = opponent(color)) {
        if (board.isEmpty(m->line[i]))
          view.drawVariationStone(list, ui.fonts.boardNumbers, m->line[i], color, i);
      }
      if (!m->line.empty() && board.isEmpty(m->line.front())) {
        const Vec2f p = g.center(m->line.front());
        list->AddCircle(ImVec2(p.x, p.y), g.stoneRadius() * 1.1f, IM_COL32(96, 186, 96, 255), 32,
                        width);
      }
    }
    // The move played: a ring in its class's colour and its mark.
    const Vec2f p = g.center(m->move);
    const ImU32 color = reviewMoveColor(*m);
    list->AddCircle(ImVec2(p.x, p.y), g.stoneRadius() * 1.12f, color, 32, width);
    const std::string mark = reviewMark(*m);
    if (!mark.empty()) {
      float size = 0;
      ImFont* font = ui.fonts.boardNumbers.pick(g.cell() * 0.5f, &size);
      if (!font) return;
      const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, mark.c_str());
      const ImVec2 at(p.x + g.stoneRadius() * 0.7f, p.y - g.stoneRadius() * 1.3f);
      list->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + extent.x + 2, at.y + extent.y),
                          IM_COL32(30, 26, 22, 220), 3);
      list->AddText(font, size, at, color, mark.c_str());
    }
  }

 private:
  void drawControls(UiContext& ui, ReviewModel& review, const Game& game) {
    using State = ReviewModel::State;
    const ReviewResult& r = review.result();
    switch (review.state()) {
      case State::Running: {
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%d of %d moves graded",
                      static_cast<int>(r.graded.size()), static_cast<int>(r.moves.size()));
        const float cancel = ImGui::CalcTextSize("Cancel").x + ImGui::GetStyle().FramePadding.x * 4;
        ImGui::ProgressBar(
            static_cast<float>(review.progress()),
            ImVec2(ImGui::GetContentRegionAvail().x - cancel - ImGui::GetStyle().ItemSpacing.x, 0),
            overlay);
        ImGui::SameLine();
        commandButton(ui.commands, CommandId::CancelReview, ImVec2(cancel, 0), LabelWidth::Short);
        commandTooltip(ui.commands, CommandId::CancelReview);
        ImGui::TextDisabled("Browse the game meanwhile; results fill in as they come.");
        return;
      }
      case State::None:
        ImGui::TextWrapped(
            "Grades every move of the game on the board (finished or not, played, opened or "
            "pasted): the better move and why, and the accuracy of each side.");
        break;
      case State::Done:
        ImGui::TextDisabled("Reviewed: %d moves.", static_cast<int>(r.graded.size()));
        break;
      case State::Cancelled:
        ImGui::TextWrapped("Cancelled: %d of %d moves graded.", static_cast<int>(r.graded.size()),
                           static_cast<int>(r.moves.size()));
        break;
      case State::Stale:
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 170, 70, 255));
        ImGui::TextWrapped("The last review is out of date: %s. Review the game again.",
                           review.staleReason().c_str());
        ImGui::PopStyleColor();
        break;
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float comboWidth = ImGui::CalcTextSize("Normal").x + ImGui::GetFrameHeight() +
                             style.FramePadding.x * 2 + style.ItemInnerSpacing.x;
    const float buttonWidth =
        ImGui::CalcTextSize(ui.commands[CommandId::ReviewGame].label).x + style.FramePadding.x * 2;
    ImGui::SetNextItemWidth(comboWidth);
    int& thoroughness = ui.actions.reviewThoroughness;
    if (ImGui::BeginCombo("##thoroughness", ReviewModel::thoroughnessShortName(thoroughness))) {
      for (int t = 0; t < 3; ++t)
        if (ImGui::Selectable(ReviewModel::thoroughnessName(t), t == thoroughness))
          thoroughness = t;
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s: how long the engine looks at each position (two per move)",
                        ReviewModel::thoroughnessName(thoroughness));
    if (ImGui::GetContentRegionAvail().x >= comboWidth + style.ItemSpacing.x + buttonWidth)
      ImGui::SameLine();
    commandButton(ui.commands, CommandId::ReviewGame, ImVec2(-1, 0));
    commandTooltip(ui.commands, CommandId::ReviewGame);
    if (game.line().empty()) ImGui::TextDisabled("Play or open a game first.");
  }

  void drawCurrentMove(UiContext& ui, ReviewModel& review, int ply) {
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - spacing) / 2;
    commandButton(ui.commands, CommandId::PreviousMistake, ImVec2(w, 0));
    commandTooltip(ui.commands, CommandId::PreviousMistake);
    ImGui::SameLine();
    commandButton(ui.commands, CommandId::NextMistake, ImVec2(w, 0));
    commandTooltip(ui.commands, CommandId::NextMistake);

    const ReviewedMove* m = review.moveAt(ply);
    if (ply == 0) {
      ImGui::TextDisabled("The empty board: go to a move to see its grade.");
      return;
    }
    if (!m) {
      ImGui::TextDisabled("Move %d: not graded yet.", ply);
      return;
    }
    ImGui::PushFont(ui.fonts.bold);
    ImGui::TextUnformatted(moveTitle(*m).c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    std::string grade = className(*m);
    const std::string mark = reviewMark(*m);
    if (!mark.empty()) grade = mark + "  " + grade;
    if (m->onlyMove && !m->missedWin) grade += " (the only move)";
    coloredText(reviewMoveColor(*m), grade);
    ImGui::TextWrapped("Win chance %.0f%% with the best move, %.0f%% after it",
                       100 * m->winChanceBefore, 100 * m->winChanceAfter);
    const bool better = m->best != kNullPoint && m->best != m->move;
    if (better) {
      const std::string line = variationText(m->line, 8);
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(120, 200, 120, 255));
      ImGui::TextWrapped("Better: %s", pointToText(m->best).c_str());
      ImGui::PopStyleColor();
      if (!line.empty()) ImGui::TextWrapped("Line: %s", line.c_str());
    }
    if (!m->reason.empty()) ImGui::TextWrapped("%s", m->reason.c_str());
  }

  void drawSummary(const ReviewResult& r) {
    const ReviewSummary& s = r.summary;
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("review-summary", 3, flags)) return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Black", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("White", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("Accuracy");
    for (int c = 0; c < 2; ++c) {
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", s.accuracy[c]);
    }
    struct Row {
      const char* name;
      ImU32 color;
      int black, white;
    };
    const Row rows[] = {
        {"Best", reviewClassColor(MoveClass::Best), s.counts[0][0], s.counts[1][0]},
        {"Good", reviewClassColor(MoveClass::Good), s.counts[0][1], s.counts[1][1]},
        {"?!  Inaccuracy", reviewClassColor(MoveClass::Inaccuracy), s.counts[0][2], s.counts[1][2]},
        {"?   Mistake", reviewClassColor(MoveClass::Mistake), s.counts[0][3], s.counts[1][3]},
        {"??  Blunder", reviewClassColor(MoveClass::Blunder), s.counts[0][4], s.counts[1][4]},
        {"#   Missed win", kMissedWinColor, s.missedWins[0], s.missedWins[1]},
        {"!   Only move", kOnlyMoveColor, s.onlyMoves[0], s.onlyMoves[1]},
    };
    for (const Row& row : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      coloredText(row.color, row.name);
      ImGui::TableNextColumn();
      ImGui::Text("%d", row.black);
      ImGui::TableNextColumn();
      ImGui::Text("%d", row.white);
    }
    ImGui::EndTable();
  }

  void drawChart(UiContext& ui, ReviewModel& review, int ply, float em) {
    const std::vector<ReviewChartPoint> chart = review.chart();
    const int total = static_cast<int>(review.result().moves.size());
    if (chart.empty() || total <= 0) return;
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Black's win chance; marks: ?! ? ?? and missed wins (click: go there)");
    ImGui::PopTextWrapPos();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = em * 5.0f;
    ImGui::InvisibleButton("##review-chart", ImVec2(std::max(1.0f, width), height));
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 p1(p0.x + width, p0.y + height);
    list->AddRectFilled(p0, p1, IM_COL32(214, 210, 200, 255));
    const float r = std::max(3.5f, em * 0.3f);  // a mark's radius
    const float pad = r * 1.6f;
    auto x = [&](int i) { return p0.x + pad + (width - 2 * pad) * i / std::max(1, total); };
    auto y = [&](double chance) {
      return p1.y - pad - static_cast<float>(chance) * (height - 2 * pad);
    };
    {
      const ImDrawListFlags flags = list->Flags;
      list->Flags &= ~ImDrawListFlags_AntiAliasedFill;
      for (size_t k = 0; k + 1 < chart.size(); ++k) {
        const ImVec2 a(x(chart[k].ply), y(chart[k].blackChance)),
            b(x(chart[k + 1].ply), y(chart[k + 1].blackChance));
        list->AddQuadFilled(ImVec2(a.x, p1.y), a, b, ImVec2(b.x, p1.y), IM_COL32(40, 38, 36, 255));
      }
      list->Flags = flags;
    }
    list->AddLine(ImVec2(p0.x, y(0.5)), ImVec2(p1.x, y(0.5)), IM_COL32(150, 140, 125, 200));
    if (ply <= total)
      list->AddLine(ImVec2(x(ply), p0.y), ImVec2(x(ply), p1.y), IM_COL32(80, 170, 240, 255), 2.0f);
    // The marks: every move graded ?! or worse, and missed wins (a diamond).
    int nearest = -1;
    float nearestDistance = r * 2.5f;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (const ReviewChartPoint& cp : chart) {
      if (!cp.move || !isReviewMistake(*cp.move)) continue;
      const ImVec2 q(x(cp.ply), y(cp.blackChance));
      const ImU32 color = reviewMoveColor(*cp.move);
      if (cp.move->missedWin) {
        list->AddQuadFilled(ImVec2(q.x, q.y - r * 1.3f), ImVec2(q.x + r * 1.3f, q.y),
                            ImVec2(q.x, q.y + r * 1.3f), ImVec2(q.x - r * 1.3f, q.y),
                            IM_COL32(20, 18, 16, 255));
        list->AddQuadFilled(ImVec2(q.x, q.y - r), ImVec2(q.x + r, q.y), ImVec2(q.x, q.y + r),
                            ImVec2(q.x - r, q.y), color);
      } else {
        list->AddCircleFilled(q, r + 1, IM_COL32(20, 18, 16, 255), 12);
        list->AddCircleFilled(q, r, color, 12);
      }
      const float d = std::hypot(mouse.x - q.x, mouse.y - q.y);
      if (hovered && d < nearestDistance) {
        nearestDistance = d;
        nearest = cp.ply;
      }
    }
    if (hovered) {
      // A mark near the mouse wins; elsewhere the nearest move.
      int target = nearest;
      if (target < 0 && width > 2 * pad) {
        const float fx = (mouse.x - p0.x - pad) / (width - 2 * pad);
        target = std::clamp(static_cast<int>(std::lround(fx * total)), 0, total);
      }
      if (const ReviewedMove* m = review.moveAt(target)) {
        ImGui::SetTooltip(
            "%s  %s %s (black %.0f%%)", moveTitle(*m).c_str(), reviewMark(*m).c_str(),
            className(*m),
            100 * (m->color == Color::Black ? m->winChanceAfter : 1 - m->winChanceAfter));
      } else if (target == 0) {
        ImGui::SetTooltip("The start");
      }
      if (clicked && target >= 0 && target != ply) ui.actions.viewReviewed(target);
    }
  }

  void drawMistakeList(UiContext& ui, ReviewModel& review, int ply, float em) {
    std::vector<const ReviewedMove*> mistakes;
    for (const ReviewedMove& m : review.result().graded)
      if (isReviewMistake(m)) mistakes.push_back(&m);
    ImGui::Spacing();
    if (mistakes.empty()) {
      ImGui::TextDisabled("No move graded ?! or worse.");
      return;
    }
    ImGui::TextDisabled("Mistakes (%d):", static_cast<int>(mistakes.size()));
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    const float height =
        std::min(rowHeight * static_cast<float>(mistakes.size()) + 4, std::max(em * 4, em * 8));
    if (!ImGui::BeginChild("##review-mistakes", ImVec2(0, height), false)) {
      ImGui::EndChild();
      return;
    }
    for (const ReviewedMove* m : mistakes) {
      ImGui::PushID(m->ply);
      const std::string label = moveTitle(*m);
      if (ImGui::Selectable(label.c_str(), m->ply == ply, ImGuiSelectableFlags_None,
                            ImVec2(em * 7, 0)))
        ui.actions.viewReviewed(m->ply);
      ImGui::SameLine();
      coloredText(reviewMoveColor(*m), reviewMark(*m) + " " + className(*m));
      ImGui::PopID();
    }
    ImGui::EndChild();
  }

  int drawnFrame_ = -10;
};

}  // namespace

std::unique_ptr<Panel> makeReviewPanel() {
  return std::make_unique<ReviewPanel>();
}

}  // namespace gomoku::gui
