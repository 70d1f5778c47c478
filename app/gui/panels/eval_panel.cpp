// Evaluation panel: why the engine's static evaluation scores the position shown as it does —
// every term of both colors as count x weight = contribution, their totals and the difference,
// checked against evaluate(); what the empty point under the mouse means to each color (its
// four line patterns, threat class and value); and a heat map over the board of the candidate
// moves, coloured by the engine's ordering score. Recomputed only when the position changes.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/board/board_view.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/move_text.h"
#include "app/gui/models/watch_model.h"
#include "app/gui/panels/panels.h"

namespace gomoku::gui {
namespace {

const char* const kDirectionNames[kDirCount] = {"horizontal", "vertical", "diagonal",
                                                "anti-diagonal"};

// Cool (weak) to hot (strong): blue, green, yellow, red.
ImU32 heatColour(float heat, int alpha) {
  static const float stops[4][3] = {{60, 110, 230}, {60, 190, 110}, {240, 210, 60}, {230, 60, 40}};
  const float x = std::clamp(heat, 0.0f, 1.0f) * 3.0f;
  const int i = std::min(2, static_cast<int>(x));
  const float t = x - static_cast<float>(i);
  auto mix = [&](int k) {
    return static_cast<int>(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * t);
  };
  return IM_COL32(mix(0), mix(1), mix(2), alpha);
}

// One row of the combined table: a term and what it gives each color.
struct TermRow {
  std::string name;
  bool isThreat = false;
  const EvalTerm* of[2] = {nullptr, nullptr};  // [color]
};

class EvalPanel final : public Panel {
 public:
  const char* title() const override { return "Evaluation"; }
  bool openByDefault() const override { return false; }

  void update(UiContext& ui) override {
    const Board& board = ui.controller.game().board();
    // Only when shown (the panel open or the heat map on): the breakdown costs a little.
    const bool wanted = drawnFrame_ >= ImGui::GetFrameCount() - 2;
    if (wanted && (board.key() != key_ || board.stoneCount() != ply_ || board.rule() != rule_ ||
                   board.size() != size_)) {
      key_ = board.key();
      ply_ = board.stoneCount();
      rule_ = board.rule();
      size_ = board.size();
      view_ = evalView(board);
      heat_ = heatMap(board);
      rebuildRows();
      if (pinned_ && !board.isEmpty(*pinned_)) pinned_.reset();
    }
    if (auto h = ui.boardView.hovered(); h && board.isEmpty(*h)) pinned_ = h;
  }

  void draw(UiContext& ui) override {
    drawnFrame_ = ImGui::GetFrameCount();
    const Board& board = ui.controller.game().board();
    if (board.key() != key_ || board.stoneCount() != ply_) {
      ImGui::TextDisabled("...");
      return;  // the next frame's update() fills it in
    }
    const Breakdown& bd = view_.breakdown;
    const Color mover = bd.perspective;
    ImGui::Text("Static evaluation, %s to move", sideName(mover));

    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("breakdown", 3, flags)) {
      ImGui::TableSetupColumn("Term", ImGuiTableColumnFlags_None, 1.3f);
      ImGui::TableSetupColumn("Black: n \xC3\x97 w = c", ImGuiTableColumnFlags_None, 1.4f);
      ImGui::TableSetupColumn("White: n \xC3\x97 w = c", ImGuiTableColumnFlags_None, 1.4f);
      ImGui::TableHeadersRow();
      char text[64];
      for (const TermRow& row : rows_) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (row.isThreat) {
          ImGui::TextUnformatted(row.name.c_str());
        } else {
          ImGui::Text("%s (line)", row.name.c_str());
        }
        for (int c = 0; c < 2; ++c) {
          ImGui::TableNextColumn();
          if (const EvalTerm* t = row.of[c]) {
            std::snprintf(text, sizeof text, "%d \xC3\x97 %d = %d", t->count, t->weight,
                          t->contribution);
            ImGui::TextUnformatted(text);
          } else {
            ImGui::TextDisabled("-");
          }
        }
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("Total");
      const int blackTotal = mover == Color::Black ? view_.moverSum : view_.otherSum;
      const int whiteTotal = mover == Color::Black ? view_.otherSum : view_.moverSum;
      ImGui::TableNextColumn();
      ImGui::Text("%d", blackTotal);
      ImGui::TableNextColumn();
      ImGui::Text("%d", whiteTotal);
      ImGui::EndTable();
    }
    ImGui::Text("%s's view: %d - %d = %+d", sideName(mover), view_.moverSum, view_.otherSum,
                view_.moverSum - view_.otherSum);
    ImGui::SameLine();
    if (view_.consistent()) {
      ImGui::TextColored(ImVec4(0.35f, 0.78f, 0.40f, 1), "= evaluate() %+d", view_.evaluation);
    } else {
      ImGui::TextColored(ImVec4(0.90f, 0.36f, 0.30f, 1), "!= evaluate() %+d", view_.evaluation);
    }
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "The evaluation is linear in these counts: the terms add up exactly to\n"
          "the engine's static score (weights favour the side to move).");
    }

    drawCell(board);
    drawHeatControls();
  }

  void drawOverBoard(UiContext& ui, ImDrawList* list, const BoardGeometry& g) override {
    const bool open = drawnFrame_ >= ImGui::GetFrameCount() - 1;
    if (!open || !g.valid()) return;
    const Board& board = ui.controller.game().board();
    if (board.key() != key_ || board.stoneCount() != ply_) return;
    if (showHeat_) {
      const float r = g.cell() * 0.36f;
      for (const HeatCell& cell : heat_.cells) {
        const Vec2f c = g.center(cell.point);
        list->AddCircleFilled(ImVec2(c.x, c.y), r, heatColour(cell.heat, 150), 16);
      }
      if (!heat_.cells.empty()) {
        const Vec2f c = g.center(heat_.cells.front().point);
        list->AddCircle(ImVec2(c.x, c.y), r * 1.25f, IM_COL32(230, 60, 40, 255), 24,
                        std::max(2.0f, g.cell() * 0.06f));
      }
    }
    // The point explained below, when the mouse has left it.
    if (pinned_ && pinned_ != ui.boardView.hovered()) {
      const Vec2f c = g.center(*pinned_);
      list->AddCircle(ImVec2(c.x, c.y), g.cell() * 0.3f, IM_COL32(40, 90, 200, 230), 24, 2.0f);
    }
  }

 private:
  void rebuildRows() {
    rows_.clear();
    const Breakdown& bd = view_.breakdown;
    auto add = [&](const ColorBreakdown& side) {
      for (const EvalTerm& t : side.terms) {
        auto it = std::find_if(rows_.begin(), rows_.end(), [&](const TermRow& r) {
          return r.name == t.name && r.isThreat == t.isThreat;
        });
        if (it == rows_.end()) {
          rows_.push_back({t.name, t.isThreat, {nullptr, nullptr}});
          it = rows_.end() - 1;
        }
        it->of[index(side.color) & 1] = &t;
      }
    };
    add(bd.mover);
    add(bd.other);
  }

  void drawCell(const Board& board) {
    ImGui::Separator();
    if (!pinned_ || !board.isEmpty(*pinned_)) {
      ImGui::TextDisabled("Hover an empty point to see what it means to each color.");
      return;
    }
    const Point p = *pinned_;
    const CellExplanation e = explainCell(board, p);
    ImGui::Text("Point %s", pointToText(p).c_str());
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("cell", 3, flags)) {
      ImGui::TableSetupColumn("Line");
      ImGui::TableSetupColumn("Black");
      ImGui::TableSetupColumn("White");
      ImGui::TableHeadersRow();
      for (int d = 0; d < kDirCount; ++d) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", kDirectionNames[d]);
        for (int c = 0; c < 2; ++c) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(linePatternName(e.pattern[c][d]));
        }
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("threat");
      for (int c = 0; c < 2; ++c) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(threatName(e.threat[c]));
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("value");
      for (int c = 0; c < 2; ++c) {
        ImGui::TableNextColumn();
        ImGui::Text("%d", e.value[c]);
      }
      ImGui::EndTable();
    }
    // Where the engine ranks it.
    const auto it = std::find_if(heat_.cells.begin(), heat_.cells.end(),
                                 [p](const HeatCell& c) { return c.point == p; });
    if (it != heat_.cells.end()) {
      ImGui::TextDisabled("Candidate %d of %d for %s, ordering score %d",
                          static_cast<int>(it - heat_.cells.begin()) + 1,
                          static_cast<int>(heat_.cells.size()), sideName(board.sideToMove()),
                          it->score);
    } else {
      ImGui::TextDisabled("Not a candidate move for %s here.", sideName(board.sideToMove()));
    }
  }

  void drawHeatControls() {
    ImGui::Separator();
    ImGui::Checkbox("Heat map of the candidate moves", &showHeat_);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "The points the engine's move generator returns here, coloured by its\n"
          "ordering score (the order it tries them in); the ring marks the first.");
    }
    ImGui::TextDisabled("%d candidates: %s", static_cast<int>(heat_.cells.size()),
                        nodeKindText(heat_.kind));
    // Legend: the colour scale and the strongest few.
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetFontSize() * 6, h = ImGui::GetFontSize() * 0.7f;
    const int steps = 12;
    for (int i = 0; i < steps; ++i) {
      const float x0 = p0.x + w * static_cast<float>(i) / steps,
                  x1 = p0.x + w * static_cast<float>(i + 1) / steps;
      list->AddRectFilled(ImVec2(x0, p0.y + 3), ImVec2(x1, p0.y + 3 + h),
                          heatColour(static_cast<float>(i) / (steps - 1), 255));
    }
    ImGui::Dummy(ImVec2(w, h + 6));
    ImGui::SameLine();
    ImGui::TextDisabled("weak .. strong");
    std::string top = "First tried:";
    for (size_t i = 0; i < heat_.cells.size() && i < 5; ++i) {
      top += i ? ", " : " ";
      top += pointToText(heat_.cells[i].point) + " (" + std::to_string(heat_.cells[i].score) + ")";
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", top.c_str());
    ImGui::PopTextWrapPos();
  }

  int drawnFrame_ = -10;
  uint64_t key_ = 0;
  int ply_ = -1;
  Rule rule_ = Rule::Freestyle;
  int size_ = 0;
  EvalView view_;
  HeatMap heat_;
  std::vector<TermRow> rows_;
  std::optional<Point> pinned_;
  bool showHeat_ = true;
};

}  // namespace

std::unique_ptr<Panel> makeEvalPanel() {
  return std::make_unique<EvalPanel>();
}

}  // namespace gomoku::gui
