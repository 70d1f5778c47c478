// A panel of the sidebar. Each panel lives in its own file under app/gui/panels/ and is listed
// once in panels.cpp; the sidebar shows them in that order, each under a collapsible header.
#pragma once

#include <memory>
#include <vector>

struct ImDrawList;

namespace gomoku::gui {

class App;
class BoardGeometry;

class Panel {
 public:
  virtual ~Panel() = default;
  virtual const char* title() const = 0;
  virtual bool openByDefault() const { return true; }
  // Every frame, open or collapsed (to follow the game or the engine).
  virtual void update(App&) {}
  // The panel's contents, inside the sidebar (the sidebar draws the header).
  virtual void draw(App& app) = 0;
  // Optional drawing over the board, after the stones (principal variation, heat map, ...).
  virtual void drawOverBoard(App&, ImDrawList*, const BoardGeometry&) {}
};

}  // namespace gomoku::gui
