// Game chart panel: black's winning chance after every move of the game, one series — the
// engine's evaluation where it searched that position (remembered by ply and position key as
// scores arrive), a gap elsewhere; a click on the chart shows that move. Analysis mode is switched
// here: the engine then searches the position shown for whoever is to move, without playing.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/models/game_controller.h"
#include "app/gui/models/move_text.h"
#include "app/gui/models/watch_model.h"
#include "app/gui/panels/panels.h"

namespace gomoku::gui {
namespace {

class AnalysisPanel final : public Panel {
 public:
  const char* title() const override { return "Game chart"; }
  bool openByDefault() const override { return false; }

  void update(UiContext& ui) override {
    const GameController& c = ui.controller;
    const SearchInfo& info = c.searchInfo();
    const Game& game = c.game();
    // Remember the deepest score of each searched position as it arrives, and the position
    // after the move the search chose once the game has played it.
    if (info.searchId != 0 && c.searchPly() >= 0 &&
        (info.searchId != seenSearch_ || info.completedDepth != seenDepth_ ||
         info.finished != seenFinished_ || game.line().size() != seenLineSize_)) {
      seenSearch_ = info.searchId;
      seenDepth_ = info.completedDepth;
      seenFinished_ = info.finished;
      seenLineSize_ = game.line().size();
      rememberSearch(memory_, game.line(), game.size(), game.rule(), c.searchPly(), c.searchKey(),
                     info);
    }
    if (game.line() != chartLine_ || game.size() != chartSize_ || game.rule() != chartRule_ ||
        memory_.changes() != chartChanges_) {
      if (game.size() != chartSize_ || game.rule() != chartRule_) memory_.clear();
      chartLine_ = game.line();
      chartSize_ = game.size();
      chartRule_ = game.rule();
      chart_ = gameChart(chartSize_, chartRule_, chartLine_, memory_);
      chartChanges_ = memory_.changes();
    }
  }

  void draw(UiContext& ui) override {
    GameController& c = ui.controller;
    const Game& game = c.game();
    const float em = ImGui::GetFontSize();

    bool analysing = c.analysing();
    if (ImGui::Checkbox("Analyse the position shown", &analysing)) c.setAnalysis(analysing);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "The engine searches the position on the board for the side to move,\n"
          "without end and without playing; it starts again after every move,\n"
          "undo or jump. The computer does not move meanwhile; a click plays\n"
          "for either color. The Search panel shows what it finds.");
    }
    if (analysing) {
      const SearchInfo& info = c.searchInfo();
      if (game.isOver()) {
        ImGui::TextDisabled("The game is over: nothing to analyse here.");
      } else if (info.completedDepth > 0 && c.searchKey() == game.board().key()) {
        // The score may come from the iteration still running (a move that beat the best in it):
        // the depth it was scored at is said, as the Search panel's root table does ("(part)").
        int scoredAt = info.completedDepth;
        if (!info.rootMoves.empty() && info.rootMoves.front().move == info.bestMove)
          scoredAt = std::max(scoredAt, info.rootMoves.front().depth);
        ImGui::TextWrapped("%s to move: best %s, %s, depth %d%s", sideName(game.sideToMove()),
                           pointToText(info.bestMove).c_str(),
                           scoreForText(info.score, game.sideToMove()).c_str(), scoredAt,
                           scoredAt > info.completedDepth ? " (part)" : "");
      } else {
        ImGui::TextDisabled("Searching...");
      }
    }

    drawChart(c, em);
  }

 private:
  void drawChart(GameController& c, float em) {
    const int ply = c.game().ply();
    const int points = static_cast<int>(chart_.size());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "Black's winning chance after each move, from the engine's searches "
        "(click to go there)");
    ImGui::PopTextWrapPos();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = em * 6.0f;
    ImGui::InvisibleButton("##game-chart", ImVec2(width, height));
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 p1(p0.x + width, p0.y + height);
    // White's share above, black's below: the chart reads like the board's two colors.
    list->AddRectFilled(p0, p1, IM_COL32(214, 210, 200, 255));
    const float pad = 3;
    auto x = [&](int i) {
      return points <= 1 ? p0.x + width / 2 : p0.x + pad + (width - 2 * pad) * i / (points - 1);
    };
    auto y = [&](float chance) { return p1.y - pad - chance * (height - 2 * pad); };
    // One series: the engine's evaluations. Known positions are joined in order; a position
    // the engine never searched has no dot, and the line passes over it.
    std::vector<int> known;
    for (int i = 0; i < points; ++i)
      if (chart_[static_cast<size_t>(i)].known) known.push_back(i);
    {
      // The black area under the curve, as vertical strips between points (without
      // anti-aliased edges, which would show as seams between the strips).
      const ImDrawListFlags flags = list->Flags;
      list->Flags &= ~ImDrawListFlags_AntiAliasedFill;
      for (size_t k = 0; k + 1 < known.size(); ++k) {
        const ChartPoint &u = chart_[static_cast<size_t>(known[k])],
                         &v = chart_[static_cast<size_t>(known[k + 1])];
        const ImVec2 a(x(u.ply), y(u.blackChance)), b(x(v.ply), y(v.blackChance));
        list->AddQuadFilled(ImVec2(a.x, p1.y), a, b, ImVec2(b.x, p1.y), IM_COL32(40, 38, 36, 255));
      }
      list->Flags = flags;
    }
    list->AddLine(ImVec2(p0.x, y(0.5f)), ImVec2(p1.x, y(0.5f)), IM_COL32(150, 140, 125, 200));
    // Where the board is now.
    if (ply < points) {
      list->AddLine(ImVec2(x(ply), p0.y), ImVec2(x(ply), p1.y), IM_COL32(80, 170, 240, 255), 2.0f);
    }
    for (int i : known) {
      const ImVec2 q(x(i), y(chart_[static_cast<size_t>(i)].blackChance));
      list->AddCircleFilled(q, 4.0f, IM_COL32(30, 28, 26, 255), 12);
      list->AddCircleFilled(q, 3.0f, IM_COL32(240, 150, 40, 255), 12);
    }
    if (known.empty()) {
      list->AddText(ImVec2(p0.x + em * 0.5f, p0.y + em * 0.3f), IM_COL32(60, 56, 50, 255),
                    "No engine evaluation yet: let the computer move, or analyse.");
    }
    if (hovered && points > 0) {
      const float fx =
          width > 2 * pad ? (ImGui::GetIO().MousePos.x - p0.x - pad) / (width - 2 * pad) : 0;
      const int i = chartPlyAt(fx, points);
      const ChartPoint& cp = chart_[static_cast<size_t>(i)];
      list->AddLine(ImVec2(x(i), p0.y), ImVec2(x(i), p1.y), IM_COL32(80, 170, 240, 120), 1.0f);
      std::string where = i == 0 ? std::string("start")
                                 : "move " + std::to_string(i) + " (" + pointToText(cp.move) + ")";
      if (!cp.known) {
        ImGui::SetTooltip("%s: not searched by the engine (analyse it to fill it in)",
                          where.c_str());
      } else if (cp.depth == 0) {
        ImGui::SetTooltip("%s: %s", where.c_str(), blackScoreText(cp.blackScore).c_str());
      } else {
        ImGui::SetTooltip("%s: %s (%.0f%% for black), engine depth %d", where.c_str(),
                          blackScoreText(cp.blackScore).c_str(), 100.0 * cp.blackChance, cp.depth);
      }
      if (clicked && i != ply) c.jumpTo(i);
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%d moves; %d of %d positions scored by the engine (dots)", points - 1,
                        static_cast<int>(known.size()), points);
    ImGui::PopTextWrapPos();
  }

  ScoreMemory memory_;
  uint64_t seenSearch_ = 0;
  int seenDepth_ = -1;
  bool seenFinished_ = false;
  size_t seenLineSize_ = 0;
  std::vector<Point> chartLine_;
  int chartSize_ = 0;
  Rule chartRule_ = Rule::Freestyle;
  uint64_t chartChanges_ = ~0ull;
  std::vector<ChartPoint> chart_;
};

}  // namespace

std::unique_ptr<Panel> makeAnalysisPanel() {
  return std::make_unique<AnalysisPanel>();
}

}  // namespace gomoku::gui
