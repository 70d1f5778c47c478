// The screen's layout: the menu bar on top (read from the command table), the board area on
// the left, the sidebar of panels on the right (its edge dragged to resize it, a button to
// fold it away), notices over the board, dialogs over all. The sidebar's width, whether it is
// folded and which panels are open are settings, so they are remembered between runs.
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

  // Draws one frame's interface (`frame`, the frame number, is not needed any more).
  void draw(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, Dialogs& dialogs,
            Notices& notices, float pixelDensity, uint64_t frame);

  BoardArea& boardArea() { return boardArea_; }
  // The titles of the sidebar's panels that were open in the last frame.
  const std::vector<std::string>& openPanels() const { return shownOpen_; }
  const BoardArea& boardArea() const { return boardArea_; }

 private:
  void drawMenuBar(UiContext& ui);
  void drawSidebar(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, float x,
                   float top, float width, float height);
  // The strip between the board and the sidebar: drag it to resize, click its button to fold.
  void drawSplitter(UiContext& ui, float x, float top, float width, float height);
  // The sidebar's width this frame (0 when folded away).
  float sidebarWidth(const UiContext& ui, float windowWidth, float windowHeight) const;

  std::vector<std::string> openPanels_;
  std::vector<std::string> shownOpen_;
  // A panel asked for (Review this game, Puzzles): opened, and scrolled to for a few frames
  // (its contents are laid out only once it is open).
  std::string scrollTo_;
  int scrollFrames_ = 0;
  bool started_ =
      false;  // the sidebar has been drawn once  // the panels open last frame (changes are saved)
  BoardArea boardArea_;
};

}  // namespace gomoku::gui
