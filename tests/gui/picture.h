// An image file (PNG or BMP) read back as 32-bit ARGB pixels, for tests that check what the
// program drew.
#pragma once

#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace gomoku::gui::testing {

// An image file as 32-bit ARGB, for reading pixels; `surface` is null if it did not load.
class Picture {
 public:
  explicit Picture(const std::string& file) {
    if (SDL_Surface* loaded = IMG_Load(file.c_str())) {
      surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
      SDL_FreeSurface(loaded);
    }
  }
  ~Picture() {
    if (surface) SDL_FreeSurface(surface);
  }
  Picture(const Picture&) = delete;
  Picture& operator=(const Picture&) = delete;
  int width() const { return surface->w; }
  int height() const { return surface->h; }
  // The pixel at (x, y), clamped to the image.
  SDL_Color at(float fx, float fy) const {
    const int x = std::clamp(static_cast<int>(fx), 0, surface->w - 1);
    const int y = std::clamp(static_cast<int>(fy), 0, surface->h - 1);
    const Uint32 v = static_cast<const Uint32*>(
        surface->pixels)[static_cast<size_t>(y) * (surface->pitch / 4) + x];
    return SDL_Color{static_cast<Uint8>(v >> 16), static_cast<Uint8>(v >> 8), static_cast<Uint8>(v),
                     255};
  }

  // Pixels in [x0, x1) x [y0, y1) within `tolerance` of c in every channel.
  int count(float x0, float y0, float x1, float y1, SDL_Color c, int tolerance) const {
    int n = 0;
    for (int y = std::max(0, static_cast<int>(y0)); y < std::min(surface->h, static_cast<int>(y1));
         ++y)
      for (int x = std::max(0, static_cast<int>(x0));
           x < std::min(surface->w, static_cast<int>(x1)); ++x) {
        const SDL_Color p = at(static_cast<float>(x), static_cast<float>(y));
        n += std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance &&
             std::abs(p.b - c.b) <= tolerance;
      }
    return n;
  }

  SDL_Surface* surface = nullptr;
};

// The board's wood colour (light brown), as the artwork paints it.
inline bool isWood(SDL_Color c) {
  return c.r > 170 && c.g > 120 && c.b > 60 && c.b < 170 && c.r > c.g && c.g > c.b;
}

}  // namespace gomoku::gui::testing
