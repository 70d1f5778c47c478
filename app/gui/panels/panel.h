// A panel of the sidebar. Each panel lives in its own file under app/gui/panels/ and is listed
// once in panels.cpp; the sidebar shows them in that order, each under a collapsible header.
// A panel sees the program through a UiContext (the controller, the command table, the game
// actions, the settings), never through the App.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/ui_context.h"
#include "core/board/types.h"

struct ImDrawList;

namespace gomoku {
class Board;
}

namespace gomoku::gui {

class BoardGeometry;

// A panel that has the board to itself for a while (the puzzle trainer): the position shown
// instead of the game's (the game waits underneath, unchanged), the status line, and where a
// click goes. Only that panel draws over the board meanwhile.
struct BoardTakeover {
  const Board* board = nullptr;
  std::string status;
  bool clickable = false;  // false while the engine answers
  std::function<void(Point)> click;
  // Drawn on the wood under the stones (a hint's area), so the stones keep their colours.
  std::function<void(ImDrawList*, const BoardGeometry&)> underStones;
};

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
  // The board taken over (see BoardTakeover), or nullopt (the usual: the game is shown).
  virtual std::optional<BoardTakeover> takeBoard(UiContext&) { return std::nullopt; }
};

}  // namespace gomoku::gui
