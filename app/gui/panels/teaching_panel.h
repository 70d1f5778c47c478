// Teaching: step mode (the computer moves when told, Space steps, Backspace goes back one
// ply, auto-play at a chosen pace), the search run one iteration at a time, the recorded
// search tree (alpha-beta beside plain minimax, in a window of its own), and a sentence for
// every computer move. Declared here so a headless test can set it up for a screenshot; the
// logic lives in teaching_model.h.
#pragma once

#include <vector>

#include "app/gui/models/teaching_model.h"
#include "app/gui/panels/panel.h"

namespace gomoku::gui {

// What the panel and the tree window share.
struct TeachingState {
  TreeStudy study;
  IterationStepper iterations;
  ExplanationLog explanations;

  bool treeWindow = false;  // the search-tree window is open
  int treeDepth = 3, treeWidth = 4;
  int selectedIteration = -1;  // a row of the depth table: its PV is drawn on the board

  // What is drawn on the board: the line to the selected tree node, or a PV.
  enum class Overlay { None, TreeLine, IterationPv } overlay = Overlay::None;
  int drawnFrame = -10;  // last frame the panel or the tree window was on screen
};

// Draws the search-tree window (teaching_tree_window.cpp).
void drawSearchTreeWindow(UiContext& ui, TeachingState& state);

class TeachingPanel final : public Panel {
 public:
  const char* title() const override { return "Teaching"; }
  bool openByDefault() const override { return false; }
  void update(UiContext& ui) override;
  void draw(UiContext& ui) override;
  void drawOverBoard(UiContext& ui, ImDrawList* list, const BoardGeometry& geometry) override;

  TeachingState& state() { return state_; }
  // Opens the tree window on `position` (the panel's button: the position shown; set-ups for
  // tests and screenshots).
  void openTree(const Board& position, int depth, int width);

 private:
  void drawStepping(UiContext& ui);
  void drawIterations(UiContext& ui);
  void drawTreeControls(UiContext& ui);
  void drawExplanations();

  TeachingState state_;
};

}  // namespace gomoku::gui
