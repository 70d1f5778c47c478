// Puzzles panel: find-the-win puzzles — the built-in set and the player's own collection (the
// review's missed wins) — chosen by source, length and rule, then played on the board: the
// board shows the puzzle instead of the game (which waits, unchanged), a click is checked and
// answered by the engine's defence on the model's own thread, a wrong move is explained and
// may be retried, hints come in three steps. The player's progress stays under the list. The
// logic is in models/puzzle_model.h.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/notices.h"
#include "app/gui/models/move_text.h"
#include "app/gui/panels/panels.h"
#include "core/game/record.h"

namespace gomoku::gui {
namespace {

constexpr ImU32 kWrongColor = IM_COL32(232, 90, 70, 255);
constexpr ImU32 kSolvedColor = IM_COL32(110, 200, 110, 255);
// The first hint's area, under the stones: a light wash with a clear edge.
constexpr ImU32 kHintAreaFill = IM_COL32(70, 150, 255, 64);
constexpr ImU32 kHintAreaEdge = IM_COL32(40, 120, 240, 220);

std::string sourceText(const Puzzle& p) {
  return p.source == "game" ? "your game" : p.source;
}

// "Win in 3 · freestyle · built-in"
std::string puzzleText(const Puzzle& p) {
  return puzzleLengthText(p) + " \xC2\xB7 " + ruleName(p.rule) + " \xC2\xB7 " + sourceText(p);
}

class PuzzlePanel final : public Panel {
 public:
  const char* title() const override { return "Puzzles"; }
  bool openByDefault() const override { return false; }

  void update(UiContext& ui) override {
    PuzzleModel& model = ui.actions.puzzles();
    if (!model.opened()) model.open(ui.assetsDir, ui.prefDir);
    model.update();
    for (std::string& message : model.takeMessages()) {
      const bool problem = message.find("could not") != std::string::npos ||
                           message.find("not found") != std::string::npos;
      ui.notices.add(std::move(message), problem ? NoticeKind::Warning : NoticeKind::Info,
                     problem ? 0 : 5);
    }
  }

  void draw(UiContext& ui) override {
    PuzzleModel& model = ui.actions.puzzles();
    drawProgress(model);
    ImGui::Separator();
    if (model.active()) {
      drawPuzzle(ui, model);
    } else {
      drawChooser(model);
    }
  }

  std::optional<BoardTakeover> takeBoard(UiContext& ui) override {
    PuzzleModel& model = ui.actions.puzzles();
    if (!model.active()) return std::nullopt;
    BoardTakeover t;
    t.board = &model.board();
    const Puzzle* p = model.current();
    if (model.solved()) {
      t.status = "Puzzle solved: Next puzzle, or Back to the game (Puzzles panel)";
    } else if (model.busy()) {
      t.status = "Puzzle: the engine is answering...";
    } else {
      t.status = std::string("Puzzle: ") + sideName(model.attacker()) + " to play and win (" +
                 puzzleLengthText(*p) + ")";
    }
    t.clickable = !model.busy() && !model.solved();
    t.click = [&model](Point point) { model.play(point); };
    t.underStones = [&model](ImDrawList* list, const BoardGeometry& g) {
      drawHintArea(model, list, g);
    };
    return t;
  }

  void drawOverBoard(UiContext& ui, ImDrawList* list, const BoardGeometry& g) override {
    PuzzleModel& model = ui.actions.puzzles();
    if (!model.active() || !g.valid()) return;
    BoardView& view = ui.boardView;
    if (model.pendingMove() != kNullPoint)
      view.drawStone(list, model.pendingMove(), model.attacker(), 0.55f);
    if (model.lastWrong() != kNullPoint) {
      const Vec2f c = g.center(model.lastWrong());
      const float r = g.stoneRadius() * 0.55f, w = std::max(2.0f, g.cell() * 0.09f);
      list->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), kWrongColor, w);
      list->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), kWrongColor, w);
    }
  }

 private:
  void drawProgress(const PuzzleModel& model) {
    const PuzzleProgress& p = model.progress();
    ImGui::TextWrapped("Solved %d of %d tried \xC2\xB7 streak %d (best %d) \xC2\xB7 rating %.0f",
                       p.solved, p.attempted, p.streak, p.bestStreak, p.rating);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "A puzzle counts as solved when it is solved without a wrong move\n"
          "and without showing the move; the rating goes up and down with that.");
  }

  void drawChooser(PuzzleModel& model) {
    const float em = ImGui::GetFontSize();
    // Three combos side by side, or one under another when the sidebar is narrow.
    const float avail = ImGui::GetContentRegionAvail().x;
    const bool row = (avail - 2 * ImGui::GetStyle().ItemSpacing.x) / 3 >= em * 7.5f;
    const float third = row ? (avail - 2 * ImGui::GetStyle().ItemSpacing.x) / 3 : avail;
    static const char* kSources[] = {"All sources", "Built-in", "Your games"};
    static const char* kLengths[] = {"Any length", "Win in 2", "Win in 3", "Win in 4", "Win in 5+"};
    static const char* kRules[] = {"Any rule", "freestyle", "standard", "renju"};
    int source = static_cast<int>(filter_.source);
    ImGui::SetNextItemWidth(third);
    if (ImGui::Combo("##source", &source, kSources, 3))
      filter_.source = static_cast<PuzzleSource>(source);
    if (row) ImGui::SameLine();
    int length = filter_.winIn == 0 ? 0 : filter_.winIn - 1;
    ImGui::SetNextItemWidth(third);
    if (ImGui::Combo("##length", &length, kLengths, 5))
      filter_.winIn = length == 0 ? 0 : length + 1;
    if (row) ImGui::SameLine();
    int rule = filter_.rule + 1;
    ImGui::SetNextItemWidth(third);
    if (ImGui::Combo("##rule", &rule, kRules, 4)) filter_.rule = rule - 1;

    const std::vector<const Puzzle*> list = model.matching(filter_);
    if (model.collection().empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("Your collection is empty: every missed win a review finds joins it.");
      ImGui::PopTextWrapPos();
    }
    if (list.empty()) {
      ImGui::TextDisabled("No puzzle matches.");
      return;
    }
    selected_ = std::clamp(selected_, 0, static_cast<int>(list.size()) - 1);
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    const float height = std::min(rowHeight * static_cast<float>(list.size()) + 6, em * 10);
    if (ImGui::BeginChild("##puzzle-list", ImVec2(0, height), true)) {
      for (size_t i = 0; i < list.size(); ++i) {
        const Puzzle& p = *list[i];
        ImGui::PushID(static_cast<int>(i));
        const bool solved = model.isSolved(p);
        const std::string label = std::string(solved ? "\xE2\x9C\x93 " : "   ") +
                                  std::to_string(i + 1) + ". " + puzzleText(p);
        if (solved) ImGui::PushStyleColor(ImGuiCol_Text, kSolvedColor);
        if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == selected_,
                              ImGuiSelectableFlags_AllowDoubleClick)) {
          selected_ = static_cast<int>(i);
          if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) model.begin(p);
        }
        if (solved) ImGui::PopStyleColor();
        ImGui::PopID();
      }
    }
    ImGui::EndChild();
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    if (ImGui::Button("Start", ImVec2(half, 0))) model.begin(*list[static_cast<size_t>(selected_)]);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play the selected puzzle on the board");
    ImGui::SameLine();
    const Puzzle* next = nextUnsolved(model, list);
    ImGui::BeginDisabled(!next);
    if (ImGui::Button("Next unsolved", ImVec2(half, 0)) && next) model.begin(*next);
    ImGui::EndDisabled();
  }

  void drawPuzzle(UiContext& ui, PuzzleModel& model) {
    const Puzzle& p = *model.current();
    ImGui::TextUnformatted(puzzleText(p).c_str());
    ImGui::TextDisabled("%s to play; the engine defends. %s", sideName(model.attacker()),
                        p.vcf ? "Fours alone win." : "Threes are needed too.");
    const ImU32 color = model.solved()                    ? kSolvedColor
                        : model.lastWrong() != kNullPoint ? kWrongColor
                                                          : ImGui::GetColorU32(ImGuiCol_Text);
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    if (model.busy()) {
      ImGui::TextWrapped("The engine is thinking...");
    } else {
      ImGui::TextWrapped("%s", model.message().c_str());
    }
    ImGui::PopStyleColor();
    for (size_t i = 0; i < model.hints().size(); ++i)
      ImGui::TextWrapped("Hint %d: %s", static_cast<int>(i + 1), model.hints()[i].c_str());

    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float half = (ImGui::GetContentRegionAvail().x - spacing) / 2;
    ImGui::BeginDisabled(!model.canHint());
    const int level = static_cast<int>(model.hints().size());
    static const char* kHintLabels[] = {"Hint: where?", "Hint: what kind?", "Hint: the move",
                                        "No more hints"};
    if (ImGui::Button(kHintLabels[std::min(level, 3)], ImVec2(half, 0))) model.requestHint();
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(
          "First the area, then the kind of threat, then the move\n"
          "(showing the move means the puzzle does not count as solved)");
    ImGui::SameLine();
    ImGui::BeginDisabled(model.busy());
    if (ImGui::Button("Restart", ImVec2(half, 0))) model.restart();
    const std::vector<const Puzzle*> list = model.matching(filter_);
    const Puzzle* next = nextUnsolved(model, list);
    ImGui::BeginDisabled(!next);
    if (ImGui::Button("Next puzzle", ImVec2(half, 0)) && next) model.begin(*next);
    ImGui::EndDisabled();
    ImGui::EndDisabled();
    ImGui::SameLine();
    // Through the actions: the game is thawed at once, not at the next frame.
    if (ImGui::Button("Back to the game", ImVec2(half, 0))) ui.actions.closePuzzle();
  }

  // The first hint's area over the points it names, half a cell beyond them on every side.
  static void drawHintArea(const PuzzleModel& model, ImDrawList* list, const BoardGeometry& g) {
    if (model.hintAreaLow() == kNullPoint) return;
    const Vec2f a = g.center(model.hintAreaLow()), b = g.center(model.hintAreaHigh());
    const float half = g.cell() * 0.5f;
    const ImVec2 from(std::min(a.x, b.x) - half, std::min(a.y, b.y) - half);
    const ImVec2 to(std::max(a.x, b.x) + half, std::max(a.y, b.y) + half);
    const float round = g.cell() * 0.2f;
    list->AddRectFilled(from, to, kHintAreaFill, round);
    list->AddRect(from, to, kHintAreaEdge, round, 0, std::max(2.0f, g.cell() * 0.06f));
  }

  // The first unsolved puzzle of the list after the current one (or from the top).
  const Puzzle* nextUnsolved(const PuzzleModel& model, const std::vector<const Puzzle*>& list) {
    const std::string currentId = model.current() ? model.current()->id() : "";
    size_t start = 0;
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i]->id() == currentId) start = i + 1;
    for (size_t k = 0; k < list.size(); ++k) {
      const Puzzle* p = list[(start + k) % list.size()];
      if (!model.isSolved(*p) && p->id() != currentId) return p;
    }
    return nullptr;
  }

  PuzzleFilter filter_;
  int selected_ = 0;
};

}  // namespace

std::unique_ptr<Panel> makePuzzlePanel() {
  return std::make_unique<PuzzlePanel>();
}

}  // namespace gomoku::gui
