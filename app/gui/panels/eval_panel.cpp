// Evaluation panel: the threats on the board as a player counts them, renju-forbidden points
// as black's weaknesses, and why the engine's static evaluation scores the position as it
// does — each line as count x weight and its signed contribution, adding up to evaluate(); what the
// empty point under the mouse means to each color (its four line patterns, threat class and value);
// and a heat map over the board of the candidate moves, coloured by the engine's ordering score.
// Recomputed only when the position changes.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/board/board_view.h"
#include "app/gui/models/eval_words.h"
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
      words_ = evalWords(board);
      heat_ = heatMap(board);
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
    const Color mover = words_.toMove;
    // The threats as a player counts them, then what the engine makes of the position.
    ImGui::PushTextWrapPos(0.0f);
    for (Color c : {Color::Black, Color::White}) {
      const std::string sentence = threatSentence(c, words_.threats[index(c)]);
      ImGui::TextUnformatted(sentence.c_str());
    }
    if (!words_.blackWeaknesses.empty()) {
      std::string text = "black's weaknesses (forbidden to black, renju): ";
      int credited = 0;
      for (size_t i = 0; i < words_.blackWeaknesses.size(); ++i) {
        const Weakness& w = words_.blackWeaknesses[i];
        text += (i ? ", " : "") + pointToText(w.point) + " (" + forbidName(w.kind) + ")";
        credited += w.credited;
      }
      ImGui::TextColored(ImVec4(0.90f, 0.36f, 0.30f, 1), "%s", text.c_str());
      if (credited > 0) {
        ImGui::TextDisabled(
            "The evaluation below still counts %d for black at these points, as if black could "
            "play there.",
            credited);
      }
    }
    ImGui::PopTextWrapPos();

    ImGui::Separator();
    ImGui::TextWrapped("The engine's static evaluation for %s (to move), line by line:",
                       sideName(mover));
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    // One table per color, each under a heading that wraps across the panel's width.
    const float em = ImGui::GetFontSize();
    const float countWidth = ImGui::CalcTextSize("999 \xC3\x97 999").x;
    const float pointsWidth = std::max(ImGui::CalcTextSize("-99999").x, em * 2.5f);
    // The total first: in view however long the lists below are.
    ImGui::Text("Total, the sum of the lines: %+d", words_.total);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "Each line counts the empty points where a stone would make that combination\n"
          "of patterns on its four lines, times its weight; %s's lines add, the other\n"
          "color's subtract. The lines add up exactly to the engine's static score.",
          sideName(mover));
    }
    if (words_.addsUp()) {
      ImGui::TextColored(ImVec4(0.35f, 0.78f, 0.40f, 1), "= the engine's evaluation, %+d",
                         words_.score);
    } else {
      ImGui::TextColored(ImVec4(0.90f, 0.36f, 0.30f, 1), "!= the engine's evaluation %+d",
                         words_.score);
    }

    if (!words_.notQuiet.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(ImVec4(0.95f, 0.70f, 0.30f, 1), "%s", words_.notQuiet.c_str());
      ImGui::PopTextWrapPos();
    }

    drawAloneSummary(mover);

    for (Color group : {mover, opponent(mover)}) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("Empty points where a %s stone would make (%s the score):",
                          colorName(group), group == mover ? "adds to" : "subtracts from");
      ImGui::PopTextWrapPos();
      if (!ImGui::BeginTable(group == Color::Black ? "black-lines" : "white-lines", 3, flags))
        continue;
      ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn("n x w", ImGuiTableColumnFlags_WidthFixed, countWidth);
      ImGui::TableSetupColumn("points", ImGuiTableColumnFlags_WidthFixed, pointsWidth);
      // The lines that say why first, then the lone points' lines as one row that opens.
      for (const EvalLine& line : words_.lines)
        if (line.color == group && !line.alone) drawLine(line, 0.0f);
      const AloneSum& alone = words_.alone[index(group)];
      if (alone.lines > 0) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(index(group));
        const bool open = ImGui::TreeNodeEx("lone points", ImGuiTreeNodeFlags_SpanFullWidth);
        if (ImGui::IsItemHovered()) {
          ImGui::SetTooltip(
              "Lone points: empty points where a %s stone would stand alone on every\n"
              "line (or be blocked there), with no two or three of its own. Most of an\n"
              "open board, for both colors alike: click to list the %d kinds.",
              colorName(group), alone.lines);
        }
        ImGui::TableNextColumn();
        ImGui::Text("%d points", alone.points);
        ImGui::TableNextColumn();
        ImGui::Text("%+d", alone.contribution);
        if (open) {
          for (const EvalLine& line : words_.lines)
            if (line.color == group && line.alone) drawLine(line, em);
          ImGui::TreePop();
        }
        ImGui::PopID();
      }
      ImGui::EndTable();
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
  // One row of a color's table: what, count x weight, the signed points.
  static void drawLine(const EvalLine& line, float indent) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (indent > 0) ImGui::Indent(indent);
    ImGui::PushTextWrapPos(0.0f);  // wraps inside the column: never cut
    ImGui::TextUnformatted(line.what.c_str());
    ImGui::PopTextWrapPos();
    if (indent > 0) ImGui::Unindent(indent);
    ImGui::TableNextColumn();
    ImGui::Text("%d \xC3\x97 %d", line.count, line.weight);
    ImGui::TableNextColumn();
    ImGui::Text("%+d", line.contribution);
  }

  // The lone points of both colors make the largest sums, much of which cancels between the
  // two: say what they come to together, and what the lines that say why come to.
  void drawAloneSummary(Color mover) {
    const AloneSum& ours = words_.alone[index(mover)];
    const AloneSum& theirs = words_.alone[index(opponent(mover))];
    if (ours.lines + theirs.lines == 0) return;
    const int net = ours.contribution + theirs.contribution;
    // Off 15x15 the board size line is counted with them: it exists to offset the lone points
    // a board of another size adds or lacks, so their share reads as it would on 15x15.
    const int size = words_.boardSizeTerm;
    char sizePart[160] = "";
    if (size != 0)
      std::snprintf(sizePart, sizeof sizePart,
                    ": %+d, and %+d of the board size line, which takes out what this board's "
                    "size adds to them",
                    net, size);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "Of it, %+d comes from the lone points, where a stone would stand alone on every line "
        "(%d for %s, %d for %s%seach color's row at the end of its list%s), %+d from the %s.",
        net + size, ours.points, colorName(mover), theirs.points, colorName(opponent(mover)),
        size != 0 ? ", " : "; ", sizePart, words_.total - net - size,
        size != 0 ? "other lines" : "lines that follow");
    ImGui::PopTextWrapPos();
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
    ImGui::PushTextWrapPos(0.0f);  // long names wrap in their column instead of being cut
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
    ImGui::PopTextWrapPos();
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
  EvalWords words_;
  HeatMap heat_;
  std::optional<Point> pinned_;
  bool showHeat_ = true;
};

}  // namespace

std::unique_ptr<Panel> makeEvalPanel() {
  return std::make_unique<EvalPanel>();
}

}  // namespace gomoku::gui
