#include "app/gui/board/board_view.h"
#include "app/gui/models/move_text.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace gomoku::gui {

namespace {

ImVec2 toIm(Vec2f v) {
  return ImVec2(v.x, v.y);
}

// Texture coordinates half a texel inside the edges. SDL's software renderer samples texel
// floor(u * width) and reads one past the end at u = 1 (a crash when that lands on an
// unmapped page); the half-texel inset keeps every sample inside and changes no pixel at 1:1.
void insetUv(SDL_Texture* texture, ImVec2& uv0, ImVec2& uv1) {
  int w = 0, h = 0;
  if (!texture || SDL_QueryTexture(texture, nullptr, nullptr, &w, &h) != 0 || w <= 0 || h <= 0) {
    uv0 = ImVec2(0, 0);
    uv1 = ImVec2(1, 1);
    return;
  }
  uv0 = ImVec2(0.5f / static_cast<float>(w), 0.5f / static_cast<float>(h));
  uv1 = ImVec2(1 - uv0.x, 1 - uv0.y);
}

constexpr ImU32 kGridColor = IM_COL32(58, 38, 18, 235);
constexpr ImU32 kLabelColor = IM_COL32(86, 58, 28, 255);
constexpr ImU32 kMarkRed = IM_COL32(222, 52, 40, 255);

}  // namespace

ImFont* FontLadder::pick(float size, float* drawnSize) const {
  ImFont* best = nullptr;
  const float globalScale = ImGui::GetIO().FontGlobalScale;
  for (ImFont* font : fonts) {
    if (!best || font->FontSize * globalScale <= size + 0.01f) best = font;
  }
  if (best && drawnSize) *drawnSize = best->FontSize * globalScale;
  return best;
}

void drawStoneIcon(ImDrawList* list, float x, float y, float radius, Color color) {
  const bool black = color == Color::Black;
  list->AddCircleFilled(ImVec2(x + radius * 0.12f, y + radius * 0.18f), radius,
                        IM_COL32(0, 0, 0, 70), 24);
  list->AddCircleFilled(ImVec2(x, y), radius,
                        black ? IM_COL32(24, 24, 27, 255) : IM_COL32(226, 224, 216, 255), 24);
  // A soft highlight towards the top left, in two steps.
  const ImVec2 spot(x - radius * 0.28f, y - radius * 0.30f);
  list->AddCircleFilled(spot, radius * 0.55f,
                        black ? IM_COL32(70, 70, 76, 150) : IM_COL32(250, 249, 244, 200), 20);
  list->AddCircleFilled(spot, radius * 0.28f,
                        black ? IM_COL32(120, 120, 128, 120) : IM_COL32(255, 255, 255, 255), 16);
  list->AddCircle(ImVec2(x, y), radius,
                  black ? IM_COL32(110, 104, 96, 255) : IM_COL32(150, 146, 138, 255), 24, 1.0f);
}

BoardView::~BoardView() {
  releaseTextures();
}

void BoardView::releaseTextures() {
  if (cache_) SDL_DestroyTexture(cache_);
  cache_ = nullptr;
  cacheKey_ = 0;
  if (wood_) SDL_DestroyTexture(wood_);
  for (auto& stone : stones_) {
    if (stone) SDL_DestroyTexture(stone);
    stone = nullptr;
  }
  wood_ = nullptr;
  woodPixels_ = 0;
  stonePixels_ = 0;
}

void BoardView::layout(RectF area, int size, bool coordinates, float pixelDensity, double now) {
  density_ = pixelDensity > 0 ? pixelDensity : 1.0f;
  geometry_ = BoardGeometry::fit(area, size, coordinates);
  if (geometry_.valid()) refreshTextures(now);
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

void BoardView::refreshTextures(double now) {
  const int woodPixels = static_cast<int>(std::lround(geometry_.board().w * density_));
  if (woodPixels != woodWanted_) {
    woodWanted_ = woodPixels;
    woodWantedSince_ = now;
  }
  constexpr double kSettleSeconds = 0.15;
  if (!wood_ || (woodPixels != woodPixels_ && now - woodWantedSince_ >= kSettleSeconds)) {
    if (wood_) SDL_DestroyTexture(wood_);
    wood_ = upload(paintWood(woodPixels, woodPixels));
    // The wood is opaque: copying beats blending for the largest thing on screen.
    if (wood_) SDL_SetTextureBlendMode(wood_, SDL_BLENDMODE_NONE);
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
  ImVec2 uv0, uv1;
  insetUv(texture, uv0, uv1);
  list->AddImage(reinterpret_cast<ImTextureID>(texture), ImVec2(c.x - half, c.y - half),
                 ImVec2(c.x + half, c.y + half), uv0, uv1, IM_COL32(255, 255, 255, a));
}

void BoardView::drawLabel(ImDrawList* list, const FontLadder& fonts, Point p, const char* text,
                          ImU32 color, float relativeSize) {
  float size = 0;
  ImFont* font = fonts.pick(geometry_.cell() * relativeSize, &size);
  if (!geometry_.valid() || !font) return;
  ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text);
  Vec2f c = geometry_.center(p);
  list->AddText(font, size, ImVec2(std::round(c.x - extent.x / 2), std::round(c.y - extent.y / 2)),
                color, text);
}

void BoardView::drawVariationStone(ImDrawList* list, const FontLadder& fonts, Point p, Color color,
                                   size_t index) {
  drawStone(list, p, color, 0.55f);
  const ImU32 ink =
      color == Color::Black ? IM_COL32(150, 215, 255, 255) : IM_COL32(20, 70, 160, 255);
  drawLabel(list, fonts, p, variationLetter(index).c_str(), ink, 0.5f);
}

namespace {

// FNV-1a over the bytes of plain values: the cache key of what the board shows.
class KeyHasher {
 public:
  template <typename T>
  void add(const T& value) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (size_t i = 0; i < sizeof(T); ++i) hash_ = (hash_ ^ bytes[i]) * 1099511628211ull;
  }
  template <typename T>
  void addAll(const std::vector<T>& values) {
    add(values.size());
    for (const T& v : values) add(v);
  }
  uint64_t value() const { return hash_ == 0 ? 1 : hash_; }

 private:
  uint64_t hash_ = 1469598103934665603ull;
};

}  // namespace

uint64_t BoardView::backgroundKey(const BoardScene& scene, const FontLadder& labels) const {
  KeyHasher h;
  h.add(geometry_.size());
  h.add(geometry_.board().x);
  h.add(geometry_.board().y);
  h.add(geometry_.cell());
  h.add(density_);
  h.add(scene.coordinates);
  h.add(scene.background);
  h.add(labels.fonts.empty() ? nullptr : labels.fonts.front());
  h.add(wood_);
  return h.value();
}

bool BoardView::paintCache(const BoardScene& scene, const FontLadder& labels) {
  // The board, its shadow and its labels, with a margin, on whole window units.
  const RectF b = geometry_.board();
  const float margin = std::ceil(std::max(4.0f, geometry_.cell() * 0.3f));
  const int x = static_cast<int>(std::floor(b.x - margin)),
            y = static_cast<int>(std::floor(b.y - margin));
  const int w = static_cast<int>(std::ceil(b.x + b.w + margin)) - x;
  const int h = static_cast<int>(std::ceil(b.y + b.h + margin)) - y;
  const int pw = static_cast<int>(std::lround(w * density_)),
            ph = static_cast<int>(std::lround(h * density_));
  if (!cache_ || pw != cachePixelsW_ || ph != cachePixelsH_) {
    if (cache_) SDL_DestroyTexture(cache_);
    cache_ =
        SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, pw, ph);
    if (!cache_) return false;
    SDL_SetTextureBlendMode(cache_, SDL_BLENDMODE_NONE);  // it carries its own background
    cachePixelsW_ = pw;
    cachePixelsH_ = ph;
  }
  cacheX_ = x, cacheY_ = y, cacheW_ = w, cacheH_ = h;

  ImDrawList local(ImGui::GetDrawListSharedData());
  local._ResetForNewFrame();
  local.PushClipRect(ImVec2(static_cast<float>(x), static_cast<float>(y)),
                     ImVec2(static_cast<float>(x + w), static_cast<float>(y + h)));
  local.PushTextureID(ImGui::GetIO().Fonts->TexID);
  drawBackground(&local, scene, labels);
  // Into the texture's own coordinates.
  for (ImDrawVert& v : local.VtxBuffer) {
    v.pos.x -= static_cast<float>(x);
    v.pos.y -= static_cast<float>(y);
  }
  for (ImDrawCmd& cmd : local.CmdBuffer) {
    cmd.ClipRect.x -= static_cast<float>(x);
    cmd.ClipRect.z -= static_cast<float>(x);
    cmd.ClipRect.y -= static_cast<float>(y);
    cmd.ClipRect.w -= static_cast<float>(y);
  }
  ImDrawList* lists[1] = {&local};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = local.VtxBuffer.Size;
  data.TotalIdxCount = local.IdxBuffer.Size;
  data.DisplayPos = ImVec2(0, 0);
  data.DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
  data.FramebufferScale = ImVec2(density_, density_);

  SDL_Texture* previous = SDL_GetRenderTarget(renderer_);
  float scaleX = 1, scaleY = 1;
  SDL_RenderGetScale(renderer_, &scaleX, &scaleY);
  if (SDL_SetRenderTarget(renderer_, cache_) != 0) return false;
  SDL_RenderSetScale(renderer_, density_, density_);
  const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(scene.background);
  SDL_SetRenderDrawColor(renderer_, static_cast<Uint8>(bg.x * 255), static_cast<Uint8>(bg.y * 255),
                         static_cast<Uint8>(bg.z * 255), 255);
  SDL_RenderClear(renderer_);
  ImGui_ImplSDLRenderer_RenderDrawData(&data);
  SDL_SetRenderTarget(renderer_, previous);
  SDL_RenderSetScale(renderer_, scaleX, scaleY);
  ++repaints_;
  return true;
}

void BoardView::draw(ImDrawList* list, const BoardScene& scene, const FontLadder& labels,
                     const FontLadder& numbers) {
  if (!geometry_.valid() || !scene.board) return;
  bool cached = false;
  if (!cacheFailed_) {
    const uint64_t key = backgroundKey(scene, labels);
    if (key != cacheKey_ || !cache_) {
      cacheKey_ = 0;
      if (paintCache(scene, labels)) {
        cacheKey_ = key;
      } else {
        cacheFailed_ = true;  // no render targets here: draw directly from now on
      }
    }
    if (cacheKey_ != 0) {
      ImVec2 uv0, uv1;
      insetUv(cache_, uv0, uv1);
      list->AddImage(
          reinterpret_cast<ImTextureID>(cache_),
          ImVec2(static_cast<float>(cacheX_), static_cast<float>(cacheY_)),
          ImVec2(static_cast<float>(cacheX_ + cacheW_), static_cast<float>(cacheY_ + cacheH_)), uv0,
          uv1);
      cached = true;
    }
  }
  if (!cached) drawBackground(list, scene, labels);
  if (scene.underStones) scene.underStones(list);
  drawPieces(list, scene, numbers);
}

void BoardView::drawBackground(ImDrawList* list, const BoardScene& scene,
                               const FontLadder& labels) {
  const BoardGeometry& g = geometry_;
  const int n = g.size();
  const float cell = g.cell();
  const RectF b = g.board();
  const ImVec2 b0(b.x, b.y), b1(b.x + b.w, b.y + b.h);

  // A soft shadow around the board: outlines only (filling a board-sized shape per step
  // would blend the whole board area several times over, which software renderers feel).
  const float step = std::max(1.5f, cell * 0.05f);
  for (int i = 1; i <= 5; ++i) {
    const float grow = i * step;
    list->AddRect(ImVec2(b0.x - grow * 0.6f, b0.y - grow * 0.2f),
                  ImVec2(b1.x + grow * 0.6f, b1.y + grow), IM_COL32(0, 0, 0, 52 - 8 * i), grow, 0,
                  step + 0.5f);
  }
  // A square block of wood. (Rounded corners would need a textured triangle fan with an
  // anti-aliased rim, whose degenerate texture mapping crashes SDL 2.26's software renderer.)
  if (wood_) {
    ImVec2 uv0, uv1;
    insetUv(wood_, uv0, uv1);
    list->AddImage(reinterpret_cast<ImTextureID>(wood_), b0, b1, uv0, uv1);
  } else {
    list->AddRectFilled(b0, b1, IM_COL32(226, 184, 120, 255));
  }
  list->AddRect(ImVec2(b0.x + 1, b0.y + 1), ImVec2(b1.x - 1, b1.y - 1), IM_COL32(255, 236, 200, 60),
                0, 0, 1.0f);
  list->AddRect(b0, b1, IM_COL32(70, 42, 16, 170), 0, 0, 1.0f);

  // Grid: axis-aligned rectangles on whole pixels stay crisp on every renderer.
  const float line = std::max(1.0f, std::round(cell / 36.0f * density_) / density_);
  const float border = line + std::max(1.0f, std::round(cell / 40.0f));
  for (int i = 0; i < n; ++i) {
    const bool edge = i == 0 || i == n - 1;
    const float w = edge ? border : line;
    Vec2f top = g.center(i, n - 1), bottom = g.center(i, 0);
    list->AddRectFilled(ImVec2(top.x - w / 2, top.y - w / 2),
                        ImVec2(bottom.x + w / 2, bottom.y + w / 2), kGridColor);
    Vec2f left = g.center(0, i), right = g.center(n - 1, i);
    list->AddRectFilled(ImVec2(left.x - w / 2, left.y - w / 2),
                        ImVec2(right.x + w / 2, right.y + w / 2), kGridColor);
  }
  Point stars[9];
  const int starCount = starPoints(n, stars);
  for (int i = 0; i < starCount; ++i) {
    list->AddCircleFilled(toIm(g.center(stars[i])), std::max(2.2f, cell * 0.095f), kGridColor, 20);
  }

  // Coordinates: letters across (a at the left), numbers up (1 at the bottom), on all sides.
  float size = 0;
  ImFont* labelFont = labels.pick(std::max(11.0f, cell * 0.40f), &size);
  if (scene.coordinates && labelFont) {
    const float offset = cell * 0.78f;
    char text[16];
    for (int i = 0; i < n; ++i) {
      text[0] = static_cast<char>('a' + i);
      text[1] = 0;
      ImVec2 extent = labelFont->CalcTextSizeA(size, 1e9f, 0, text);
      Vec2f bottom = g.center(i, 0), top = g.center(i, n - 1);
      list->AddText(
          labelFont, size,
          ImVec2(std::round(bottom.x - extent.x / 2), std::round(bottom.y + offset - extent.y / 2)),
          kLabelColor, text);
      list->AddText(
          labelFont, size,
          ImVec2(std::round(top.x - extent.x / 2), std::round(top.y - offset - extent.y / 2)),
          kLabelColor, text);
      std::snprintf(text, sizeof text, "%d", i + 1);
      extent = labelFont->CalcTextSizeA(size, 1e9f, 0, text);
      Vec2f left = g.center(0, i), right = g.center(n - 1, i);
      list->AddText(
          labelFont, size,
          ImVec2(std::round(left.x - offset - extent.x / 2), std::round(left.y - extent.y / 2)),
          kLabelColor, text);
      list->AddText(
          labelFont, size,
          ImVec2(std::round(right.x + offset - extent.x / 2), std::round(right.y - extent.y / 2)),
          kLabelColor, text);
    }
  }
}

void BoardView::drawPieces(ImDrawList* list, const BoardScene& scene, const FontLadder& numbers) {
  const BoardGeometry& g = geometry_;
  const Board& board = *scene.board;
  const float cell = g.cell();

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
  if (scene.moveNumbers && !numbers.fonts.empty()) {
    char text[24];
    for (size_t i = 0; i < moves.size(); ++i) {
      Point p = moves[i];
      std::snprintf(text, sizeof text, "%zu", i + 1);
      ImU32 color =
          board.at(p) == Color::Black ? IM_COL32(236, 232, 224, 255) : IM_COL32(30, 30, 30, 255);
      if (p == last && scene.lastMove) color = kMarkRed;
      drawLabel(list, numbers, p, text, color, i + 1 >= 100 ? 0.36f : 0.44f);
    }
  } else if (scene.lastMove && last != kNullPoint) {
    list->AddCircleFilled(toIm(g.center(last)), std::max(2.5f, g.stoneRadius() * 0.2f), kMarkRed,
                          24);
  }

  if (scene.winningLine.size() >= 2) {
    Vec2f first = g.center(scene.winningLine.front()),
          lastPoint = g.center(scene.winningLine.back());
    list->AddLine(toIm(first), toIm(lastPoint), IM_COL32(245, 196, 70, 210),
                  std::max(3.0f, cell * 0.10f));
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

  if (scene.ghost && board.isEmpty(*scene.ghost))
    drawStone(list, *scene.ghost, scene.ghostColor, 0.5f);
}

}  // namespace gomoku::gui
