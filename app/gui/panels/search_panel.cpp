// Search panel: what the engine is doing, live while it thinks and kept after it ends — depth,
// nodes, speed, cutoffs, the transposition table, the score and what it means, the principal
// variation (also drawn on the board as lettered translucent stones), the root moves in a
// sortable table, and graphs of nodes and speed over time and of the score by depth.
// The numbers come from the controller's copy of the engine's info (taken once per frame);
// everything derived from it is cached and refreshed when the info changes.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/board/board_view.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/move_text.h"
#include "app/gui/models/watch_model.h"
#include "app/gui/panels/panels.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {
namespace {

class SearchPanel final : public Panel {
 public:
  const char* title() const override { return "Search"; }
  bool openByDefault() const override { return false; }

  void update(UiContext& ui) override {
    const GameController& c = ui.controller;
    const SearchInfo& info = c.searchInfo();
    const int64_t nowMs = static_cast<int64_t>(ui.now * 1000.0);
    sampler_.observe(info, nowMs);

    // The root moves: on a new search, a new depth, and otherwise ten times a second.
    if (info.searchId != rowsSearch_ || info.completedDepth != rowsDepth_ ||
        info.finished != rowsFinished_ || (nowMs - rowsAtMs_ >= 100 && info.nodes != rowsNodes_)) {
      rowsDepth_ = info.completedDepth;
      rowsFinished_ = info.finished;
      rowsSearch_ = info.searchId;
      rowsNodes_ = info.nodes;
      rowsAtMs_ = nowMs;
      rows_ = rootRows(info);
      rowsDirty_ = true;
    }
    if (info.searchId != seriesSearch_ || info.iterations.size() != seriesCount_) {
      seriesSearch_ = info.searchId;
      seriesCount_ = info.iterations.size();
      series_ = iterationSeries(info);
    }
    // The PV as stones from the position shown (it follows the game while the game follows it).
    const Board& board = c.game().board();
    if (info.searchId != pvSearch_ || info.pv != pvSource_ || board.key() != pvBoardKey_ ||
        board.stoneCount() != pvBoardPly_) {
      pvSearch_ = info.searchId;
      pvSource_ = info.pv;
      pvBoardKey_ = board.key();
      pvBoardPly_ = board.stoneCount();
      pvAhead_ = pvFromHere(board, c.searchPly(), c.searchKey(), info.pv);
      pvStones_ = pvStones(board, pvAhead_);
    }
  }

  void draw(UiContext& ui) override {
    drawnFrame_ = ImGui::GetFrameCount();
    GameController& c = ui.controller;
    const SearchInfo& info = c.searchInfo();
    const float em = ImGui::GetFontSize();

    if (info.searchId == 0) {
      ImGui::TextDisabled("No search yet. The engine's statistics show here while it thinks");
      ImGui::TextDisabled("(computer's move, hint, or analysis in the Game chart panel).");
      return;
    }
    const Color side = c.searchPly() % 2 == 0 ? Color::Black : Color::White;
    const SearchPurpose purpose = c.searching();
    const char* what = purpose == SearchPurpose::None       ? "Last search"
                       : purpose == SearchPurpose::Analysis ? "Analysing"
                       : purpose == SearchPurpose::Hint     ? "Looking for a hint"
                       : purpose == SearchPurpose::Move     ? "Thinking"
                                                            : "Searching";
    ImGui::Text("%s: %s to move after move %d", what, sideName(side), c.searchPly());

    // The numbers, two pairs to a row when both fit the panel's width side by side (measured:
    // a fixed threshold let "5.91k (95% by the 1st move)" run into "TT hits" at 1024x640), one
    // pair to a row otherwise.
    struct Stat {
      const char* key;
      std::string value;
    };
    const auto ms = [](int64_t t) { return static_cast<uint64_t>(std::max<int64_t>(t, 0)); };
    char text[64];
    std::snprintf(text, sizeof text, "%d (sel %d)", info.completedDepth, info.selDepth);
    std::string depth = text;
    std::snprintf(text, sizeof text, "%s (%.0f%% by the 1st move)",
                  formatCount(info.betaCutoffs).c_str(),
                  100.0 * share(info.firstMoveCutoffs, info.betaCutoffs));
    std::string cutoffs = text;
    std::snprintf(text, sizeof text, "%.0f%% of %s", 100.0 * share(info.ttHits, info.ttProbes),
                  formatCount(info.ttProbes).c_str());
    std::string ttHits = text;
    std::snprintf(text, sizeof text, "%.0f%%",
                  100.0 * share(ms(info.solverMs), ms(info.elapsedMs)));
    const Stat stats[8] = {
        {"Depth", depth},
        {"Nodes", formatCount(info.nodes)},
        {"Speed", speedText(info)},
        {"Time", elapsedText(info.elapsedMs)},
        {"Cutoffs", cutoffs},
        {"TT hits", ttHits},
        {"Solvers", formatCount(info.solverNodes) + " nodes"},
        {"Their time", text},
    };
    float widest[4] = {};  // key, value of the left pair; key, value of the right pair
    for (int i = 0; i < 8; ++i) {
      const int pair = i % 2;
      widest[2 * pair] = std::max(widest[2 * pair], ImGui::CalcTextSize(stats[i].key).x);
      widest[2 * pair + 1] =
          std::max(widest[2 * pair + 1], ImGui::CalcTextSize(stats[i].value.c_str()).x);
    }
    const float gaps = 4 * 2 * ImGui::GetStyle().CellPadding.x + em;
    const float sideBySide = widest[0] + widest[1] + widest[2] + widest[3] + gaps;
    const int columns = ImGui::GetContentRegionAvail().x >= sideBySide ? 4 : 2;
    if (ImGui::BeginTable("stats", columns, ImGuiTableFlags_SizingStretchProp)) {
      for (const Stat& stat : stats) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", stat.key);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(stat.value.c_str());
      }
      ImGui::EndTable();
    }
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "Depth: the last depth completed (sel: the deepest ply reached).\n"
          "Speed: nodes per second of this search (the one shown, also after it ends),\n"
          "the threat solvers' nodes included.\n"
          "Cutoffs: beta cutoffs, and the share made by the first move tried\n"
          "(good move ordering makes it high). TT hits: transposition-table\n"
          "probes that found the position.\n"
          "Solvers: the nodes of the threat solvers (VCF/VCT at the root and at the\n"
          "leaves), counted in Nodes too, and their share of the time. A solver node\n"
          "(one threat tried) costs far less than a search node.");
    }

    // The score and what it means, in the side to move's words.
    if (isMateScore(info.score)) {
      const bool win = info.score > 0;
      ImGui::TextColored(win ? ImVec4(0.35f, 0.78f, 0.40f, 1) : ImVec4(0.90f, 0.36f, 0.30f, 1),
                         "%s", scoreForText(info.score, side).c_str());
    } else {
      ImGui::TextWrapped("Score %s: a %.0f%% winning chance",
                         scoreForText(info.score, side).c_str(),
                         100.0 * winProbability(info.score, info.rule));
    }
    if (!info.solver.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("(proved by the %s threat solver)", info.solver.c_str());
      ImGui::PopTextWrapPos();
    }

    // Principal variation, from the position shown (never a move already played), lettered
    // as its stones are on the board.
    ImGui::Checkbox("PV on the board", &showPv_);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "The principal variation (the best play for both sides the engine found) as\n"
          "translucent stones lettered a, b, c: not moves of the game.");
    }
    if (pvAhead_.empty()) {
      ImGui::TextDisabled("PV: - (the game has left the line searched)");
    } else {
      const Color next = ui.controller.game().board().sideToMove();
      const std::string pv = variationText(pvAhead_, 16);
      ImGui::TextWrapped("PV, %s to move: %s", sideName(next), pv.c_str());
    }

    drawTimeGraphs(info, em);
    drawDepthChart(info, em);
    drawRootTable();
  }

  void drawOverBoard(UiContext& ui, ImDrawList* list, const BoardGeometry& g) override {
    if (!showPv_ || drawnFrame_ < ImGui::GetFrameCount() - 1 || pvStones_.empty() || !g.valid())
      return;
    BoardView& view = ui.boardView;
    for (size_t i = 0; i < pvStones_.size(); ++i)
      view.drawVariationStone(list, ui.fonts.boardNumbers, pvStones_[i].point, pvStones_[i].color,
                              i);
    // The first move of the line gets a ring, so the engine's choice reads at a glance.
    const Vec2f c = g.center(pvStones_.front().point);
    list->AddCircle(ImVec2(c.x, c.y), g.stoneRadius() * 1.05f, IM_COL32(80, 170, 240, 230), 32,
                    std::max(2.0f, g.cell() * 0.06f));
  }

 private:
  void drawTimeGraphs(const SearchInfo& info, float em) {
    const auto& nodes = sampler_.nodesSeries();
    const auto& speed = sampler_.speedSeries();
    const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    const ImVec2 size(w, em * 4.0f);
    char overlay[64];
    // The overlays name the search's own figures (the samples may have missed a fast one).
    std::snprintf(overlay, sizeof overlay, "nodes %s, %s", formatCount(info.nodes).c_str(),
                  elapsedText(info.elapsedMs).c_str());
    ImGui::PlotLines("##nodes", nodes.data(), static_cast<int>(nodes.size()), 0, overlay, 0.0f,
                     FLT_MAX, size);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Nodes searched over time (a sample every %lld ms)",
                        static_cast<long long>(sampler_.intervalMs()));
    ImGui::SameLine();
    std::snprintf(overlay, sizeof overlay, "speed %s",
                  info.elapsedMs > 0 ? speedText(info).c_str() : "-");
    ImGui::PlotLines("##speed", speed.data(), static_cast<int>(speed.size()), 0, overlay, 0.0f,
                     FLT_MAX, size);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Nodes per second over time");
  }

  // The score (as a winning chance) and the best move at each completed depth.
  void drawDepthChart(const SearchInfo& info, float em) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Winning chance and best move by depth (ring: re-searched)");
    ImGui::PopTextWrapPos();
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = em * 5.0f;
    const float labelRow = em * 1.2f;
    ImGui::InvisibleButton("##depth-chart", ImVec2(width, height + labelRow));
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 p1(p0.x + width, p0.y + height);
    list->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg));
    list->AddLine(ImVec2(p0.x, (p0.y + p1.y) / 2), ImVec2(p1.x, (p0.y + p1.y) / 2),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.5f));
    const size_t n = series_.size();
    if (n == 0) {
      list->AddText(ImVec2(p0.x + em * 0.5f, p0.y + em * 0.3f),
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), "no completed iteration yet");
      return;
    }
    const float step = width / static_cast<float>(std::max<size_t>(n, 2));
    auto at = [&](size_t i) {
      return ImVec2(p0.x + step * (static_cast<float>(i) + 0.5f),
                    p1.y - series_[i].chance * (height - 6) - 3);
    };
    const ImU32 line = ImGui::GetColorU32(ImGuiCol_PlotLines);
    for (size_t i = 1; i < n; ++i) list->AddLine(at(i - 1), at(i), line, 2.0f);
    char text[32];
    float lastLabelRight = -1e9f;
    for (size_t i = 0; i < n; ++i) {
      const IterationPoint& it = series_[i];
      const ImVec2 q = at(i);
      list->AddCircleFilled(q, it.bestChanged ? 4.5f : 3.0f,
                            it.bestChanged ? IM_COL32(80, 170, 240, 255) : line, 12);
      // Re-searched after an aspiration fail: a ring (the tooltip says which way and why).
      if (i < info.iterations.size() &&
          info.iterations[i].failHighs + info.iterations[i].failLows > 0) {
        list->AddCircle(q, 6.5f, IM_COL32(240, 150, 40, 255), 16, 1.5f);
      }
      // The best move under its depth, whenever it changes (and at the first depth).
      if (i == 0 || it.bestChanged) {
        std::snprintf(text, sizeof text, "%s", pointToText(it.bestMove).c_str());
        const float tw = ImGui::CalcTextSize(text).x;
        const float x = std::clamp(q.x - tw / 2, p0.x, p1.x - tw);
        if (x > lastLabelRight + 4) {
          list->AddText(ImVec2(x, p1.y + 2), ImGui::GetColorU32(ImGuiCol_Text), text);
          lastLabelRight = x + tw;
        }
      }
    }
    if (hovered) {
      const float mx = ImGui::GetIO().MousePos.x;
      const size_t i =
          static_cast<size_t>(std::clamp((mx - p0.x) / step, 0.0f, static_cast<float>(n - 1)));
      const IterationPoint& it = series_[i];
      const std::string why = i < info.iterations.size() ? scoreMoveText(info.iterations, i) : "";
      const std::string research =
          i < info.iterations.size() ? researchText(info.iterations[i]) : "";
      ImGui::SetTooltip("depth %d: best %s, %.0f%% winning chance, %s nodes%s%s\n%s", it.depth,
                        pointToText(it.bestMove).c_str(), 100.0 * it.chance,
                        formatCount(it.nodes).c_str(), research.empty() ? "" : ", ",
                        research.c_str(), why.c_str());
    }
  }

  void drawRootTable() {
    ImGui::TextDisabled("Root moves (%d)", static_cast<int>(rows_.size()));
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingStretchProp;
    const float height = ImGui::GetTextLineHeightWithSpacing() * 8.5f;
    if (!ImGui::BeginTable("root-moves", 5, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort, 0.5f,
                            static_cast<ImGuiID>(RootColumn::Rank));
    ImGui::TableSetupColumn("Move", ImGuiTableColumnFlags_None, 0.9f,
                            static_cast<ImGuiID>(RootColumn::Move));
    ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_PreferSortDescending, 1.3f,
                            static_cast<ImGuiID>(RootColumn::Score));
    ImGui::TableSetupColumn("Nodes", ImGuiTableColumnFlags_PreferSortDescending, 1.2f,
                            static_cast<ImGuiID>(RootColumn::Nodes));
    ImGui::TableSetupColumn("Depth", ImGuiTableColumnFlags_PreferSortDescending, 0.8f,
                            static_cast<ImGuiID>(RootColumn::Depth));
    ImGui::TableHeadersRow();
    if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
      if (specs->SpecsDirty || rowsDirty_) {
        if (specs->SpecsCount > 0) {
          const ImGuiTableColumnSortSpecs& s = specs->Specs[0];
          sortColumn_ = static_cast<RootColumn>(s.ColumnUserID);
          ascending_ = s.SortDirection == ImGuiSortDirection_Ascending;
        }
        sortRows();
        specs->SpecsDirty = false;
        rowsDirty_ = false;
      }
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows_.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const RootRow& r = rows_[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        if (r.rank == 0) {
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1,
                                 ImGui::GetColorU32(ImGuiCol_HeaderActive, 0.45f));
        }
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%d", r.rank + 1);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(pointToText(r.move).c_str());
        ImGui::TableNextColumn();
        if (r.depth > 0) {
          ImGui::TextUnformatted(scoreToText(r.score).c_str());
        } else {
          ImGui::TextDisabled("-");
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(formatCount(r.nodes).c_str());
        ImGui::TableNextColumn();
        if (r.depth > rowsDepth_ && rowsDepth_ > 0) {
          // Scored by an iteration not completed (running, or cut by the time): beside "Depth 9"
          // above, a bare 10 read as a contradiction.
          ImGui::Text("%d (part)", r.depth);
          if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "Scored by depth %d's iteration, which %s.\nDepth above counts the completed "
                "iterations (%d); a move that beat the best in a partial one is still played.",
                r.depth, rowsFinished_ ? "the search ended inside" : "is still running",
                rowsDepth_);
          }
        } else {
          ImGui::Text("%d", r.depth);
        }
      }
    }
    ImGui::EndTable();
  }

  void sortRows() { sortRootRows(rows_, sortColumn_, ascending_); }

  StatsSampler sampler_;
  std::vector<RootRow> rows_;
  uint64_t rowsSearch_ = 0, rowsNodes_ = 0;
  int rowsDepth_ = -1;
  bool rowsFinished_ = false;
  int64_t rowsAtMs_ = 0;
  bool rowsDirty_ = false;
  RootColumn sortColumn_ = RootColumn::Rank;
  bool ascending_ = true;

  std::vector<IterationPoint> series_;
  uint64_t seriesSearch_ = 0;
  size_t seriesCount_ = 0;

  bool showPv_ = true;
  int drawnFrame_ = -10;
  std::vector<PvStone> pvStones_;
  std::vector<Point> pvAhead_;  // the PV from the position shown
  std::vector<Point> pvSource_;
  uint64_t pvSearch_ = 0, pvBoardKey_ = 0;
  int pvBoardPly_ = -1;
};

}  // namespace

std::unique_ptr<Panel> makeSearchPanel() {
  return std::make_unique<SearchPanel>();
}

}  // namespace gomoku::gui
