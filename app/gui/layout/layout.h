// The screen's layout: the menu bar on top (read from the command table), the board area on
// the left, the sidebar of panels on the right, notices over the board, dialogs over all.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/layout/board_area.h"
#include "app/gui/panels/panel.h"
#include "app/gui/ui_context.h"

namespace gomoku::gui {

class Dialogs;
class Notices;

class Layout {
 public:
  // `openPanels`: the panels open at start, by title (the others closed; empty: each panel's
  // default). `hoverPoint`: see BoardArea.
  Layout(std::vector<std::string> openPanels, std::optional<std::string> hoverPoint)
      : openPanels_(std::move(openPanels)), boardArea_(std::move(hoverPoint)) {}

  // Draws one frame's interface. `frame` is the frame number (0: the first).
  void draw(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, Dialogs& dialogs,
            Notices& notices, float pixelDensity, uint64_t frame);

  BoardArea& boardArea() { return boardArea_; }
  const BoardArea& boardArea() const { return boardArea_; }

 private:
  void drawMenuBar(UiContext& ui);
  void drawSidebar(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, float x,
                   float top, float width, float height, uint64_t frame);

  std::vector<std::string> openPanels_;
  BoardArea boardArea_;
};

}  // namespace gomoku::gui
