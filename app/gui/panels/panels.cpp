#include "app/gui/panels/panels.h"

namespace gomoku::gui {

std::vector<std::unique_ptr<Panel>> makePanels() {
  std::vector<std::unique_ptr<Panel>> panels;
  panels.push_back(makeGamePanel());
  panels.push_back(makeMovesPanel());
  // Evaluation before Search: its heat map is drawn over the board first, under the PV stones.
  panels.push_back(makeEvalPanel());
  panels.push_back(makeSearchPanel());
  panels.push_back(makeAnalysisPanel());
  panels.push_back(makeReviewPanel());
  panels.push_back(makePuzzlePanel());
  panels.push_back(makeTeachingPanel());
  panels.push_back(makeEngineLogPanel());
  panels.push_back(makeSettingsPanel());
  return panels;
}

}  // namespace gomoku::gui
