// The search-tree window of the Teaching panel: the position shown searched with alpha-beta
// and with plain minimax, side by side as expandable trees. Each row is a node: the move, the
// window it was entered with, the value it returned (negamax: for the side to move there) and
// the same value from the root player's view (max and min levels, as textbooks draw it), and
// why it was pruned or how its value came about. A click selects the node in both trees and
// shows its position on the board; a leaf's static evaluation is broken down below.
#include <imgui.h>
#include <cctype>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "app/gui/board/board_view.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/models/move_text.h"
#include "app/gui/panels/teaching_panel.h"
#include "app/gui/panels/tree_diagram.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {
namespace {

const ImVec4 kAccent(0.94f, 0.75f, 0.35f, 1.0f);  // the chosen line
const ImVec4 kCut(0.95f, 0.55f, 0.30f, 1.0f);     // cutoffs

int prunedChildren(const SearchTree& t, const TreeNode& n) {
  return static_cast<int>(std::count_if(n.children.begin(), n.children.end(),
                                        [&](int c) { return !t.nodes[c].searched; }));
}

// How a node's value came about, or why it was never searched.
std::string whyText(const SearchTree& t, const TreeNode& n) {
  if (!n.searched) return n.note;
  if (n.cutoff) {
    const int pruned = prunedChildren(t, n);
    return std::string(isMaxLevel(n) ? "beta" : "alpha") + " cutoff: " + std::to_string(pruned) +
           (pruned == 1 ? " move pruned" : " moves pruned");
  }
  if (n.terminal) return n.note;
  if (n.children.empty())
    return n.note == kStaticLeaf ? "a leaf: its static evaluation" : n.note;  // a win, a loss
  const std::string children =
      isMaxLevel(n) ? "the max of its children" : "the min of its children";
  // Past the depth asked: only the blocks of a four, so that no leaf faces one.
  return n.note == kSearchedOn ? "past the depth, it must block a four: " + children : children;
}

// A pruned node's reason, short enough to read across its row.
// With DejaVu loaded the tree writes the textbook symbols (α, β, ∞, and a true minus on -∞);
// ImGui's built-in fallback font has none of them, so then the words stay.
std::string textbook(std::string text, bool symbols) {
  if (!symbols) return text;
  // Whole words only: "alpha-beta" (the method's name) keeps its letters.
  auto replaceAll = [&text](const std::string& from, const std::string& to, bool word) {
    auto isWordChar = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
    };
    for (size_t at = text.find(from); at != std::string::npos;) {
      const size_t end = at + from.size();
      if (word &&
          ((at > 0 && isWordChar(text[at - 1])) || (end < text.size() && isWordChar(text[end])))) {
        at = text.find(from, end);
        continue;
      }
      text.replace(at, from.size(), to);
      at = text.find(from, at + to.size());
    }
  };
  replaceAll("alpha", "\u03B1", true);
  replaceAll("beta", "\u03B2", true);
  replaceAll("-inf", "\u2212\u221E", false);
  replaceAll("+inf", "+\u221E", false);
  return text;
}

std::string prunedText(const std::string& note) {
  std::string text = note;
  const std::string wordy = " already scored ";
  if (auto at = text.find(wordy); at != std::string::npos)
    text.replace(at, wordy.size(), " scored ");
  return text;
}

void drawTree(TeachingState& s, int which, float height, bool symbols) {
  TreeStudy& study = s.study;
  const SearchTree& t = study.tree(which);
  const std::vector<TreeRow> rows =
      flattenTree(t, [&](int node) { return study.isOpen(which, node); });
  const std::vector<int> chosen = principalLine(t);
  const int selected = study.selectedNode(which);
  const float em = ImGui::GetFontSize();
  const float indent = em * 0.9f;

  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable(which == 0 ? "##alphabeta" : "##minimax", 5, flags, ImVec2(0, height)))
    return;
  // The columns as wide as their widest text (a window of two four-digit scores did not fit a
  // fixed width, "(+1718, +182"): measured over the rows shown, at least the header's.
  const float pad = em * 0.6f;
  float windowWidth = ImGui::CalcTextSize(symbols ? "\u03B1, \u03B2" : "alpha, beta").x;
  float valueWidth = ImGui::CalcTextSize("value").x;
  float engineWidth = ImGui::CalcTextSize("engine").x;
  // The move column: its indentation (a forced line below the depth goes deeper) plus the
  // tree's arrow and the move.
  float moveWidth = em * 3.2f;
  for (const TreeRow& row : rows) {
    const TreeRowText text = describeNode(t, row.node);
    moveWidth = std::max(moveWidth, static_cast<float>(row.level) * indent + em * 1.4f +
                                        ImGui::CalcTextSize(text.move.c_str()).x);
    if (text.pruned) continue;  // its reason runs on over the empty cells
    windowWidth =
        std::max(windowWidth, ImGui::CalcTextSize(textbook(text.window, symbols).c_str()).x);
    valueWidth = std::max(valueWidth, ImGui::CalcTextSize(textbook(text.value, symbols).c_str()).x);
  }
  for (const auto& m : study.engineRootMoves())
    engineWidth = std::max(engineWidth, ImGui::CalcTextSize(treeScoreText(m.score).c_str()).x);
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Move", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize,
                          moveWidth + pad);
  ImGui::TableSetupColumn(symbols ? "\u03B1, \u03B2" : "alpha, beta",
                          ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize,
                          windowWidth + pad);
  ImGui::TableSetupColumn(
      "value", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize, valueWidth + pad);
  ImGui::TableSetupColumn("engine",
                          ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize,
                          engineWidth + pad);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, em * 2.2f);
  ImGui::TableHeadersRow();

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const int node = rows[static_cast<size_t>(r)].node;
      const TreeNode& n = t.nodes[static_cast<size_t>(node)];
      const TreeRowText text = describeNode(t, node);
      const bool onLine = std::find(chosen.begin(), chosen.end(), node) != chosen.end();
      ImGui::TableNextRow();
      if (text.pruned)
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));

      ImGui::TableNextColumn();
      const float level = static_cast<float>(rows[static_cast<size_t>(r)].level) * indent;
      if (level > 0) ImGui::Indent(level);
      ImGuiTreeNodeFlags nodeFlags =
          ImGuiTreeNodeFlags_SpanFullWidth | ImGuiTreeNodeFlags_OpenOnArrow |
          ImGuiTreeNodeFlags_OpenOnDoubleClick | ImGuiTreeNodeFlags_NoTreePushOnOpen;
      if (n.children.empty()) nodeFlags |= ImGuiTreeNodeFlags_Leaf;
      if (node == selected) nodeFlags |= ImGuiTreeNodeFlags_Selected;
      ImGui::SetNextItemOpen(study.isOpen(which, node), ImGuiCond_Always);
      if (onLine && !text.pruned) ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
      const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<intptr_t>(node)),
                                          nodeFlags, "%s", text.move.c_str());
      if (onLine && !text.pruned) ImGui::PopStyleColor();
      if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
        study.select(which, node);
        s.overlay = TeachingState::Overlay::TreeLine;
      }
      if (ImGui::IsItemToggledOpen()) study.setOpen(which, node, open);
      if (ImGui::IsItemHovered() && (text.pruned || onLine)) {
        ImGui::SetTooltip("%s", text.pruned ? "Pruned: alpha-beta never searched this move"
                                            : "On the chosen line (the best play for both sides)");
      }
      if (level > 0) ImGui::Unindent(level);

      ImGui::TableNextColumn();
      if (text.pruned) {
        // The reason runs on over the row's empty cells, to the table's visible edge.
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
        ImDrawList* list = ImGui::GetWindowDrawList();
        list->PushClipRect(ImVec2(at.x, at.y),
                           ImVec2(right, at.y + ImGui::GetTextLineHeightWithSpacing()), false);
        list->AddText(at, ImGui::GetColorU32(ImGuiCol_Text),
                      textbook(prunedText(text.note), symbols).c_str());
        list->PopClipRect();
        ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));
        ImGui::PopStyleColor();
        continue;
      }
      ImGui::TextUnformatted(textbook(text.window, symbols).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(textbook(text.value, symbols).c_str());
      ImGui::TableNextColumn();
      // The engine's own score for a root move (its search to the same depth), root view.
      if (n.parent == 0) {
        const auto& engine = study.engineRootMoves();
        const auto it = std::find_if(engine.begin(), engine.end(),
                                     [&](const RootMoveInfo& m) { return m.move == n.move; });
        if (it != engine.end()) {
          ImGui::TextUnformatted(treeScoreText(it->score).c_str());
          if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("The engine's score for %s at depth %d (its rank %d), from %s's view",
                              pointToText(n.move).c_str(), it->depth,
                              static_cast<int>(it - engine.begin()) + 1,
                              sideName(study.root().sideToMove()));
          }
        }
      }
      // A mark for the nodes that end early: a cutoff, or the game over.
      ImGui::TableNextColumn();
      if (text.cutoff || n.terminal) {
        ImGui::PushStyleColor(ImGuiCol_Text, kCut);
        ImGui::TextUnformatted(text.cutoff ? "cut" : "end");
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", whyText(t, n).c_str());
      }
    }
  }
  ImGui::EndTable();
}

void drawBreakdown(const Breakdown& b) {
  const float em = ImGui::GetFontSize();
  ImGui::Text("Static evaluation for %s (to move): %s = %d - %d", sideName(b.perspective),
              scoreToText(b.score).c_str(), b.mover.total, b.other.total);
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##breakdown", 2, ImGuiTableFlags_SizingStretchSame)) return;
  for (const ColorBreakdown* side : {&b.mover, &b.other}) {
    ImGui::TableNextColumn();
    ImGui::PushID(side == &b.mover ? 0 : 1);
    ImGui::TextDisabled("%s%s: %d", sideName(side->color), side->toMove ? " (to move)" : "",
                        side->total);
    if (ImGui::BeginTable("##terms", 3, flags)) {
      ImGui::TableSetupColumn("pattern", ImGuiTableColumnFlags_WidthFixed, em * 8.0f);
      ImGui::TableSetupColumn("count x weight", ImGuiTableColumnFlags_WidthFixed, em * 6.5f);
      ImGui::TableSetupColumn("=", ImGuiTableColumnFlags_WidthFixed, em * 3.5f);
      ImGui::TableHeadersRow();
      for (const EvalTerm& term : side->terms) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(term.name.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d x %d", term.count, term.weight);
        ImGui::TableNextColumn();
        ImGui::Text("%d", term.contribution);
      }
      ImGui::EndTable();
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void drawDetails(TeachingState& s, bool symbols) {
  TreeStudy& study = s.study;
  if (!study.selection()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "Click a node: its position appears on the board, the moves leading to it lettered a, b, "
        "c. Click a leaf to see how its static evaluation adds up.");
    ImGui::PopTextWrapPos();
    return;
  }
  const std::vector<Point>& line = *study.selection();
  const Color rootSide = study.root().sideToMove();
  std::string lineText;
  Color c = rootSide;
  for (size_t i = 0; i < line.size(); ++i, c = opponent(c)) {
    char part[40];
    std::snprintf(part, sizeof part, "%s%s %s %s", i ? ",  " : "", variationLetter(i).c_str(),
                  sideName(c), pointToText(line[i]).c_str());
    lineText += part;
  }
  ImGui::TextWrapped("Line: %s",
                     line.empty() ? "the root (the position on the board)" : lineText.c_str());

  bool leaf = false;
  for (int which = 0; which < 2; ++which) {
    const int node = study.selectedNode(which);
    const char* name = which == 0 ? "Alpha-beta" : "Minimax";
    if (node < 0) continue;
    const SearchTree& t = study.tree(which);
    const TreeNode& n = t.nodes[static_cast<size_t>(node)];
    if (!n.searched) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("%s: never searched - %s.", name,
                         textbook(describeNode(t, node).note, symbols).c_str());
      ImGui::PopStyleColor();
      continue;
    }
    const auto [lo, hi] = rootViewWindow(n);
    ImGui::TextWrapped("%s: a %s level, entered with %s = %s, returned %s; %s.", name,
                       isMaxLevel(n) ? "max" : "min", textbook("(alpha, beta)", symbols).c_str(),
                       textbook(windowText(lo, hi), symbols).c_str(),
                       textbook(treeScoreText(rootViewValue(n)), symbols).c_str(),
                       textbook(whyText(t, n), symbols).c_str());
    leaf = leaf || (n.children.empty() && n.note == kStaticLeaf);  // a leaf the evaluation scored
  }
  if (leaf) {
    if (auto breakdown = study.selectedBreakdown()) {
      ImGui::Spacing();
      drawBreakdown(*breakdown);
    }
  }
}

}  // namespace

void drawSearchTreeWindow(UiContext& ui, TeachingState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  const float em = ImGui::GetFontSize();
  const float top = ImGui::GetFrameHeight();  // below the menu bar
  // Beside the board, never over it: from the board's right edge to the window's, over the
  // sidebar, which it stands in for while it is open.
  const BoardGeometry& g = ui.boardView.geometry();
  const float boardRight =
      g.valid() ? g.board().x + g.board().w + em * 0.5f : io.DisplaySize.x * 0.6f;
  const float left = std::min(boardRight, io.DisplaySize.x - em * 16.0f);
  ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x - left, io.DisplaySize.y - top),
                           ImGuiCond_Always);
  bool open = true;
  const bool shown = ImGui::Begin("Search tree: alpha-beta and minimax###teaching-tree", &open,
                                  ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (!open) {
    s.treeWindow = false;
    if (s.overlay == TeachingState::Overlay::TreeLine) s.overlay = TeachingState::Overlay::None;
  }
  if (!shown || !s.study.built()) {
    ImGui::End();
    return;
  }
  s.drawnFrame = ImGui::GetFrameCount();
  TreeStudy& study = s.study;
  const Board& root = study.root();
  const Color rootSide = root.sideToMove();

  // Shape of the search and what to open.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Depth");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 5);
  ImGui::SliderInt("##depth", &s.treeDepth, TreeStudy::kMinDepth, TreeStudy::kMaxDepth);
  ImGui::SameLine();
  ImGui::TextUnformatted("Width");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 5);
  ImGui::SliderInt("##width", &s.treeWidth, TreeStudy::kMinWidth, TreeStudy::kMaxWidth, "best %d");
  // The buttons follow on the same row while they fit, else on the next: never cut.
  auto nextFits = [](const char* label) {
    const float w = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
  };
  nextFits("Chosen line");
  if (ImGui::Button("Chosen line")) {
    study.openAll(false);
    study.openPrincipalLine();
  }
  nextFits("Open all");
  if (ImGui::Button("Open all")) study.openAll(true);
  nextFits("Close all");
  if (ImGui::Button("Close all")) study.openAll(false);

  const SearchTree& ab = study.alphaBeta();
  const SearchTree& mm = study.minimax();
  // The one convention, in one line.
  ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
  ImGui::TextWrapped(
      "%s",
      textbook("Every number is from " + std::string(sideName(rootSide)) + "'s view: max levels (" +
                   sideName(rootSide) + ") raise alpha, min levels (" +
                   sideName(opponent(rootSide)) + ") lower beta; a node stops when alpha >= beta.",
               ui.fonts.system)
          .c_str());
  ImGui::PopStyleColor();
  const std::string engineBest = study.engineRootMoves().empty()
                                     ? std::string("-")
                                     : pointToText(study.engineRootMoves().front().move);
  char about[768];
  std::snprintf(
      about, sizeof about,
      "Move %d. The root's moves are the engine's top %d at depth %d, in its order (engine: its "
      "score); below them each node tries its best %d (past the depth, the blocks of a four). "
      "Both searches return %s%s; best %s "
      "(the engine's: %s; the tree stops at static evaluations, the engine searches on). "
      "Alpha-beta searched %d nodes where minimax searched %d: %.0f%% saved. Greyed: pruned.",
      root.stoneCount() + 1, static_cast<int>(study.engineRootMoves().size()), study.depth(),
      study.width(), treeScoreText(ab.rootValue()).c_str(),
      study.valuesAgree()
          ? ""
          : (" and " + treeScoreText(mm.rootValue()) + " (they should agree!)").c_str(),
      ab.bestMove() == kNullPoint ? "-" : pointToText(ab.bestMove()).c_str(), engineBest.c_str(),
      ab.visited, mm.visited, study.savedShare() * 100.0);
  // Narrow (beside the board on a small screen): the trees get the room, the summary a line.
  const bool wide = ImGui::GetContentRegionAvail().x >= em * 44.0f;
  if (wide) {
    ImGui::TextWrapped("%s", about);
  } else {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Tree's best %s (engine's %s); alpha-beta saved %.0f%% (hover for more)",
                        ab.bestMove() == kNullPoint ? "-" : pointToText(ab.bestMove()).c_str(),
                        engineBest.c_str(), study.savedShare() * 100.0);
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemHovered()) {
      ImGui::PushTextWrapPos(em * 30.0f);
      ImGui::SetTooltip("%s", about);
      ImGui::PopTextWrapPos();
    }
  }

  // The two trees side by side, the details of the selected node below.
  const float detailsHeight =
      wide ? std::max(em * 9.0f, ImGui::GetContentRegionAvail().y * 0.3f) : em * 8.0f;
  const float treesHeight = std::max(em * 8.0f, ImGui::GetContentRegionAvail().y - detailsHeight);
  const float headerHeight = ImGui::GetTextLineHeightWithSpacing();
  auto treeTitle = [&](int which) {
    const SearchTree& t = study.tree(which);
    const int pruned = static_cast<int>(t.nodes.size()) - t.visited;
    char title[64];
    if (which == 0) {
      std::snprintf(title, sizeof title, "Alpha-beta: %d nodes, %d pruned###ab", t.visited, pruned);
    } else {
      std::snprintf(title, sizeof title, "Minimax: %d nodes###mm", t.visited);
    }
    return std::string(title);
  };
  if (wide) {
    // Wide: the two trees side by side.
    if (ImGui::BeginTable("##sides", 2, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV,
                          ImVec2(0, treesHeight))) {
      for (int which = 0; which < 2; ++which) {
        ImGui::TableNextColumn();
        ImGui::PushFont(ui.fonts.bold);
        const std::string title = treeTitle(which);
        ImGui::TextUnformatted(title.substr(0, title.find("###")).c_str());
        ImGui::PopFont();
        drawTree(s, which, treesHeight - headerHeight - ImGui::GetStyle().ItemSpacing.y,
                 ui.fonts.system);
      }
      ImGui::EndTable();
    }
  } else if (ImGui::BeginTabBar("##trees")) {
    // Narrow (beside the board on a small screen): one tree at a time, each the full width.
    for (int which = 0; which < 2; ++which) {
      if (ImGui::BeginTabItem(which == 0 ? "Alpha-beta" : "Minimax")) {
        const std::string title = treeTitle(which);
        ImGui::TextDisabled(
            "%s",
            title.substr(title.find(':') + 2, title.find("###") - title.find(':') - 2).c_str());
        drawTree(s, which, treesHeight - headerHeight - ImGui::GetStyle().ItemSpacing.y,
                 ui.fonts.system);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  ImGui::Separator();
  // The selected position as a diagram (the board itself may be under this window), then
  // what both searches made of it.
  const float diagram = std::min(ImGui::GetContentRegionAvail().y, em * 13.0f);
  if (study.selection()) {
    drawDiagram(ui, ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), diagram, root,
                *study.selection());
    ImGui::Dummy(ImVec2(diagram, diagram));
    ImGui::SameLine();
  }
  if (ImGui::BeginChild("##details", ImVec2(0, 0))) drawDetails(s, ui.fonts.system);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace gomoku::gui
