// The board area, left of the sidebar: the board itself (a click plays), the panels' drawings
// over it, the game-over banner, and the status line under it (whose move, the thinking bar).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/board/board_geometry.h"
#include "app/gui/panels/panel.h"
#include "app/gui/ui_context.h"
#include "core/board/types.h"

namespace gomoku::gui {

class BoardArea {
 public:
  // `hoverPoint` ("h8"): a point treated as under the mouse while the mouse is off the board
  // (screenshots).
  explicit BoardArea(std::optional<std::string> hoverPoint) : hoverPoint_(std::move(hoverPoint)) {}

  void draw(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, float top,
            float width, float height, float pixelDensity);
  // Where notices go this frame: the top of the board (the width in w).
  RectF noticeArea() const { return noticeArea_; }

  // The game-over banner is up (Esc or its close button puts it away until the next change).
  bool bannerVisible(const GameController& controller) const;
  void dismissBanner(const GameController& controller);

 private:
  void drawStatus(UiContext& ui, float x, float y, float width,
                  const BoardTakeover* takeover = nullptr);
  void drawGameOverBanner(UiContext& ui);  // game_over_banner.cpp

  std::optional<std::string> hoverPoint_;
  RectF noticeArea_{};
  uint64_t bannerDismissedAt_ = 0;  // the revision whose game-over banner was closed
  // Caches refreshed when the controller's revision changes.
  uint64_t sceneRevision_ = 0;
  std::vector<Point> forbidden_;
  std::vector<Point> winningLine_;
};

}  // namespace gomoku::gui
