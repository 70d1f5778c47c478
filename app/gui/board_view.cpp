#include "app/gui/board_view.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace gomoku::gui {

namespace {

ImVec2 toIm(Vec2f v) { return ImVec2(v.x, v.y); }

constexpr ImU32 kGridColor = IM_COL32(58, 38, 18, 235);
constexpr ImU32 kLabelColor = IM_COL32(86, 58, 28, 255);
constexpr ImU32 kMarkRed = IM_COL32(222, 52, 40, 255);

}  // namespace

void drawStoneIcon(ImDrawList* list, float x, float y, float radius, Color color) {
  const bool black = color == Color::Black;
  list->AddCircleFilled(ImVec2(x + radius * 0.12f, y + radius * 0.18f), radius, IM_COL32(0, 0, 0, 70), 24);
  list->AddCircleFilled(ImVec2(x, y), radius, black ? IM_COL32(24, 24, 27, 255) : IM_COL32(226, 224, 216, 255), 24);
  // A soft highlight towards the top left, in two steps.
  const ImVec2 spot(x - radius * 0.28f, y - radius * 0.30f);
  list->AddCircleFilled(spot, radius * 0.55f, black ? IM_COL32(70, 70, 76, 150) : IM_COL32(250, 249, 244, 200), 20);
  list->AddCircleFilled(spot, radius * 0.28f, black ? IM_COL32(120, 120, 128, 120) : IM_COL32(255, 255, 255, 255), 16);
  list->AddCircle(ImVec2(x, y), radius, black ? IM_COL32(110, 104, 96, 255) : IM_COL32(150, 146, 138, 255), 24, 1.0f);
}

BoardView::~BoardView() { releaseTextures(); }

void BoardView::releaseTextures() {
  if (wood_) SDL_DestroyTexture(wood_);
  for (auto& stone : stones_) {
    if (stone) SDL_DestroyTexture(stone);
    stone = nullptr;
  }
  wood_ = nullptr;
  woodPixels_ = 0;
  stonePixels_ = 0;
}

void BoardView::layout(RectF area, int size, bool coordinates, float pixelDensity) {
  density_ = pixelDensity > 0 ? pixelDensity : 1.0f;
  geometry_ = BoardGeometry::fit(area, size, coordinates);
  if (geometry_.valid()) refreshTextures();
}

SDL_Texture* BoardView::upload(const Image& image) {
  if (!renderer_ || image.width <= 0) return nullptr;
  SDL_Texture* texture = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA32,
                                           SDL_TEXTUREACCESS_STATIC, image.width, image.height);
  if (!texture) return nullptr;
  SDL_UpdateTexture(texture, nullptr, image.pixels.data(), image.width * 4);
  SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
  SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear);
  return texture;
}

void BoardView::refreshTextures() {
  const int woodPixels = static_cast<int>(std::lround(geometry_.board().w * density_));
  if (woodPixels != woodPixels_ || !wood_) {
    if (wood_) SDL_DestroyTexture(wood_);
    wood_ = upload(paintWood(woodPixels, woodPixels));
    woodPixels_ = woodPixels;
  }
  const float stonePixels = geometry_.stoneRadius() * density_;
  if (std::abs(stonePixels - stonePixels_) > 0.01f || !stones_[0]) {
    for (int c = 0; c < 2; ++c) {
      if (stones_[c]) SDL_DestroyTexture(stones_[c]);
      Image image = paintStone(c == 0 ? Color::Black : Color::White, stonePixels);
      stones_[c] = upload(image);
      stoneSide_ = image.width;
    }
    stonePixels_ = stonePixels;
  }
}

void BoardView::drawStone(ImDrawList* list, Point p, Color color, float alpha) {
  if (!geometry_.valid() || (color != Color::Black && color != Color::White)) return;
  SDL_Texture* texture = stones_[index(color)];
  Vec2f c = geometry_.center(p);
  if (!texture) {
    ImU32 fill = color == Color::Black ? IM_COL32(20, 20, 22, 255) : IM_COL32(240, 238, 230, 255);
    fill = (fill & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha * 255) << IM_COL32_A_SHIFT);
    list->AddCircleFilled(toIm(c), geometry_.stoneRadius(), fill, 48);
    return;
  }
  const float half = stoneSide_ / (2.0f * density_);
  const int a = std::clamp(static_cast<int>(std::lround(alpha * 255)), 0, 255);
  list->AddImage(reinterpret_cast<ImTextureID>(texture), ImVec2(c.x - half, c.y - half),
                 ImVec2(c.x + half, c.y + half), ImVec2(0, 0), ImVec2(1, 1),
                 IM_COL32(255, 255, 255, a));
}

void BoardView::drawLabel(ImDrawList* list, ImFont* font, Point p, const char* text, ImU32 color,
                          float relativeSize) {
  if (!geometry_.valid() || !font) return;
  const float size = std::max(8.0f, geometry_.cell() * relativeSize);
  ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text);
  Vec2f c = geometry_.center(p);
  list->AddText(font, size, ImVec2(std::round(c.x - extent.x / 2), std::round(c.y - extent.y / 2)),
                color, text);
}

void BoardView::draw(ImDrawList* list, const BoardScene& scene, ImFont* labelFont,
                     ImFont* numberFont) {
  if (!geometry_.valid() || !scene.board) return;
  const BoardGeometry& g = geometry_;
  const Board& board = *scene.board;
  const int n = g.size();
  const float cell = g.cell();
  const RectF b = g.board();
  const ImVec2 b0(b.x, b.y), b1(b.x + b.w, b.y + b.h);
  const float rounding = std::max(3.0f, cell * 0.12f);

  // Shadow under the board, then the wood with a faint bevel.
  for (int i = 4; i >= 1; --i) {
    float spread = i * std::max(2.0f, cell * 0.08f);
    list->AddRectFilled(ImVec2(b0.x - spread * 0.5f, b0.y + spread * 0.2f),
                        ImVec2(b1.x + spread * 0.5f, b1.y + spread), IM_COL32(0, 0, 0, 22),
                        rounding + spread);
  }
  if (wood_) {
    list->AddImageRounded(reinterpret_cast<ImTextureID>(wood_), b0, b1, ImVec2(0, 0), ImVec2(1, 1),
                          IM_COL32_WHITE, rounding);
  } else {
    list->AddRectFilled(b0, b1, IM_COL32(226, 184, 120, 255), rounding);
  }
  list->AddRect(ImVec2(b0.x + 0.5f, b0.y + 0.5f), ImVec2(b1.x - 0.5f, b1.y - 0.5f),
                IM_COL32(255, 236, 200, 70), rounding, 0, 1.0f);
  list->AddRect(b0, b1, IM_COL32(70, 42, 16, 160), rounding, 0, 1.0f);

  // Grid: axis-aligned rectangles on whole pixels stay crisp on every renderer.
  const float line = std::max(1.0f, std::round(cell / 36.0f * density_) / density_);
  const float border = line + std::max(1.0f, std::round(cell / 40.0f)) ;
  for (int i = 0; i < n; ++i) {
    const bool edge = i == 0 || i == n - 1;
    const float w = edge ? border : line;
    Vec2f top = g.center(i, n - 1), bottom = g.center(i, 0);
    list->AddRectFilled(ImVec2(top.x - w / 2, top.y - w / 2), ImVec2(bottom.x + w / 2, bottom.y + w / 2),
                        kGridColor);
    Vec2f left = g.center(0, i), right = g.center(n - 1, i);
    list->AddRectFilled(ImVec2(left.x - w / 2, left.y - w / 2), ImVec2(right.x + w / 2, right.y + w / 2),
                        kGridColor);
  }
  Point stars[9];
  const int starCount = starPoints(n, stars);
  for (int i = 0; i < starCount; ++i) {
    list->AddCircleFilled(toIm(g.center(stars[i])), std::max(2.2f, cell * 0.095f), kGridColor, 20);
  }

  // Coordinates: letters across (a at the left), numbers up (1 at the bottom), on all sides.
  if (scene.coordinates && labelFont) {
    const float size = std::clamp(cell * 0.40f, 9.0f, 24.0f);
    const float offset = cell * 0.78f;
    char text[16];
    for (int i = 0; i < n; ++i) {
      text[0] = static_cast<char>('a' + i);
      text[1] = 0;
      ImVec2 extent = labelFont->CalcTextSizeA(size, 1e9f, 0, text);
      Vec2f bottom = g.center(i, 0), top = g.center(i, n - 1);
      list->AddText(labelFont, size, ImVec2(std::round(bottom.x - extent.x / 2), std::round(bottom.y + offset - extent.y / 2)),
                    kLabelColor, text);
      list->AddText(labelFont, size, ImVec2(std::round(top.x - extent.x / 2), std::round(top.y - offset - extent.y / 2)),
                    kLabelColor, text);
      std::snprintf(text, sizeof text, "%d", i + 1);
      extent = labelFont->CalcTextSizeA(size, 1e9f, 0, text);
      Vec2f left = g.center(0, i), right = g.center(n - 1, i);
      list->AddText(labelFont, size, ImVec2(std::round(left.x - offset - extent.x / 2), std::round(left.y - extent.y / 2)),
                    kLabelColor, text);
      list->AddText(labelFont, size, ImVec2(std::round(right.x + offset - extent.x / 2), std::round(right.y - extent.y / 2)),
                    kLabelColor, text);
    }
  }

  // Forbidden points for black (renju), under the stones' layer.
  for (Point p : scene.forbidden) {
    Vec2f c = g.center(p);
    const float r = cell * 0.17f, w = std::max(1.5f, cell * 0.06f);
    list->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), kMarkRed, w);
    list->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), kMarkRed, w);
  }

  // Stones, then what goes on top of them.
  const std::vector<Point>& moves = board.moves();
  for (Point p : moves) drawStone(list, p, board.at(p));

  const Point last = board.lastMove();
  if (scene.moveNumbers && numberFont) {
    char text[24];
    for (size_t i = 0; i < moves.size(); ++i) {
      Point p = moves[i];
      std::snprintf(text, sizeof text, "%zu", i + 1);
      ImU32 color = board.at(p) == Color::Black ? IM_COL32(236, 232, 224, 255) : IM_COL32(30, 30, 30, 255);
      if (p == last && scene.lastMove) color = kMarkRed;
      drawLabel(list, numberFont, p, text, color, i + 1 >= 100 ? 0.36f : 0.44f);
    }
  } else if (scene.lastMove && last != kNullPoint) {
    list->AddCircleFilled(toIm(g.center(last)), std::max(2.5f, g.stoneRadius() * 0.2f), kMarkRed, 24);
  }

  if (scene.winningLine.size() >= 2) {
    Vec2f first = g.center(scene.winningLine.front()), lastPoint = g.center(scene.winningLine.back());
    list->AddLine(toIm(first), toIm(lastPoint), IM_COL32(245, 196, 70, 210), std::max(3.0f, cell * 0.10f));
    for (Point p : scene.winningLine) {
      list->AddCircle(toIm(g.center(p)), g.stoneRadius() * 0.98f, IM_COL32(245, 196, 70, 255), 40,
                      std::max(2.0f, cell * 0.06f));
    }
  }

  if (scene.hint != kNullPoint && board.isEmpty(scene.hint)) {
    const float pulse = 0.5f + 0.5f * static_cast<float>(std::sin(scene.time * 5.0));
    drawStone(list, scene.hint, board.sideToMove(), 0.35f + 0.25f * pulse);
    list->AddCircle(toIm(g.center(scene.hint)), g.stoneRadius() * (1.02f + 0.08f * pulse),
                    IM_COL32(70, 205, 95, 255), 40, std::max(2.0f, cell * 0.07f));
  }

  if (scene.ghost && board.isEmpty(*scene.ghost)) drawStone(list, *scene.ghost, scene.ghostColor, 0.5f);
}

}  // namespace gomoku::gui
