// A panel of the sidebar. Each panel lives in its own file under app/gui/panels/ and is listed
// once in panels.cpp; the sidebar shows them in that order, each under a collapsible header.
// A panel sees the program through a UiContext (the controller, the command table, the game
// actions, the settings), never through the App.
#pragma once

#include <memory>
#include <vector>

#include "app/gui/ui_context.h"

struct ImDrawList;

namespace gomoku::gui {

class BoardGeometry;

class Panel {
 public:
  virtual ~Panel() = default;
  virtual const char* title() const = 0;
  virtual bool openByDefault() const { return true; }
  // Every frame, open or collapsed (to follow the game or the engine).
  virtual void update(UiContext&) {}
  // The panel's contents, inside the sidebar (the sidebar draws the header).
  virtual void draw(UiContext& ui) = 0;
  // Optional drawing over the board, after the stones (principal variation, heat map, ...).
  virtual void drawOverBoard(UiContext&, ImDrawList*, const BoardGeometry&) {}
};

}  // namespace gomoku::gui
