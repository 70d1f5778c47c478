// Draws the board into an ImGui draw list: the wood, grid, star points, coordinates, stones,
// move numbers, the last-move mark, the winning line, forbidden points, the ghost stone under
// the mouse and a hint. Where things go comes from BoardGeometry; the wood and the stones are
// painted (artwork.h) at their on-screen pixel size and kept as SDL textures until the size
// changes. Panels draw their own overlays with the helpers at the bottom.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "app/gui/board/artwork.h"
#include "app/gui/board/board_geometry.h"
#include "core/board/board.h"

struct SDL_Renderer;
struct SDL_Texture;
struct ImDrawList;
struct ImFont;

namespace gomoku::gui {

// One face rasterised at several pixel sizes, so board text is drawn at a size the font was
// made for (crisp on renderers that do not filter) instead of a scaled one.
struct FontLadder {
  std::vector<ImFont*> fonts;  // ascending size
  // The largest font not above `size` window units (the smallest if none); `drawnSize` gets
  // the size to draw it at.
  ImFont* pick(float size, float* drawnSize) const;
};

// What to show, gathered by the app each frame.
struct BoardScene {
  const Board* board = nullptr;
  bool coordinates = true;
  bool moveNumbers = false;
  bool lastMove = true;
  std::vector<Point> winningLine;
  std::vector<Point> forbidden;  // drawn as small red crosses
  std::optional<Point> ghost;    // the point under the mouse where a click would play
  Color ghostColor = Color::Black;
  Point hint = kNullPoint;
  double time = 0;              // seconds, for gentle animations
  unsigned int background = 0;  // the colour around the board (ImU32)
  // Drawn after the wood and before the stones (a puzzle hint's area).
  std::function<void(ImDrawList*)> underStones;
};

class BoardView {
 public:
  explicit BoardView(SDL_Renderer* renderer) : renderer_(renderer) {}
  ~BoardView();
  BoardView(const BoardView&) = delete;
  BoardView& operator=(const BoardView&) = delete;

  // Places the board in `area` (window units). `pixelDensity` is pixels per window unit;
  // `now` (seconds) lets a window being resized show the old wood stretched until the size
  // has been still for a moment, instead of repainting it every frame of the drag.
  void layout(RectF area, int size, bool coordinates, float pixelDensity, double now = 0);
  const BoardGeometry& geometry() const { return geometry_; }
  // The point under the mouse this frame (the app sets it from its input), for panels.
  std::optional<Point> hovered() const { return hovered_; }
  void setHovered(std::optional<Point> p) { hovered_ = p; }

  // Draws the board. The wood, grid, star points and coordinates are painted once into a
  // texture and reused until the size or the look changes, so a frame costs one copy instead
  // of thousands of small triangles (what llvmpipe and SDL's software renderer are slow at);
  // the stones and marks are drawn on top every frame.
  void draw(ImDrawList* list, const BoardScene& scene, const FontLadder& labels,
            const FontLadder& numbers);
  // Forget the cached picture (the renderer lost its textures, or to force a repaint).
  void invalidate() { cacheKey_ = 0; }
  int repaints() const { return repaints_; }

  // Helpers for overlays (principal variation, analysis marks, ...).
  void drawStone(ImDrawList* list, Point p, Color color, float alpha = 1.0f);
  void drawLabel(ImDrawList* list, const FontLadder& fonts, Point p, const char* text,
                 unsigned int color, float relativeSize = 0.42f);
  // A stone that is not a move (PV, tree line): translucent, with a lowercase letter in a
  // colour no real move number uses, so a variation never reads as the game's own moves.
  void drawVariationStone(ImDrawList* list, const FontLadder& fonts, Point p, Color color,
                          size_t index);

 private:
  void refreshTextures(double now);
  void drawBackground(ImDrawList* list, const BoardScene& scene, const FontLadder& labels);
  void drawPieces(ImDrawList* list, const BoardScene& scene, const FontLadder& numbers);
  uint64_t backgroundKey(const BoardScene& scene, const FontLadder& labels) const;
  bool paintCache(const BoardScene& scene, const FontLadder& labels);
  SDL_Texture* upload(const Image& image);
  void releaseTextures();

  SDL_Renderer* renderer_;
  BoardGeometry geometry_;
  float density_ = 1;
  SDL_Texture* wood_ = nullptr;
  SDL_Texture* stones_[2] = {nullptr, nullptr};
  int woodPixels_ = 0;  // side of the wood texture in pixels
  int woodWanted_ = 0;  // the side the board has now, and since when
  double woodWantedSince_ = 0;
  float stonePixels_ = 0;  // stone radius the stone textures were painted for
  int stoneSide_ = 0;      // side of a stone texture in pixels

  // The cached picture of the empty board and the window rectangle it covers.
  SDL_Texture* cache_ = nullptr;
  int cacheX_ = 0, cacheY_ = 0, cacheW_ = 0, cacheH_ = 0;
  int cachePixelsW_ = 0, cachePixelsH_ = 0;
  uint64_t cacheKey_ = 0;
  bool cacheFailed_ = false;
  int repaints_ = 0;
  std::optional<Point> hovered_;
};

// A small stone for the panels and the status line (flat shapes, no texture).
void drawStoneIcon(ImDrawList* list, float x, float y, float radius, Color color);

}  // namespace gomoku::gui
