// The sidebar's panels, in the order shown. Adding a panel: write panels/<name>_panel.cpp with
// its factory, declare the factory here and list it in makePanels().
#pragma once

#include <memory>
#include <vector>

#include "app/gui/panels/panel.h"

namespace gomoku::gui {

std::unique_ptr<Panel> makeGamePanel();
std::unique_ptr<Panel> makeMovesPanel();
std::unique_ptr<Panel> makeSearchPanel();
std::unique_ptr<Panel> makeEvalPanel();
std::unique_ptr<Panel> makeAnalysisPanel();
std::unique_ptr<Panel> makeTeachingPanel();
std::unique_ptr<Panel> makeReviewPanel();
std::unique_ptr<Panel> makePuzzlePanel();
std::unique_ptr<Panel> makeEngineLogPanel();
std::unique_ptr<Panel> makeSettingsPanel();

std::vector<std::unique_ptr<Panel>> makePanels();

}  // namespace gomoku::gui
