// The board's wood and the stones, painted pixel by pixel at the size they are shown (so they
// stay crisp on any renderer, including SDL's software one, which does not filter). Pure
// pixel work: the app uploads the images as textures.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board/types.h"

namespace gomoku::gui {

// RGBA, 8 bits per channel in that byte order, straight (not premultiplied) alpha.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;
  uint8_t* at(int x, int y) { return &pixels[(static_cast<size_t>(y) * width + x) * 4]; }
  const uint8_t* at(int x, int y) const {
    return &pixels[(static_cast<size_t>(y) * width + x) * 4];
  }
};

// A warm, straight-grained board of the given size in pixels.
Image paintWood(int width, int height);

// A shaded stone of radius `radius` pixels lit from the top left, with its soft shadow. The
// image is square with an odd side; the stone's centre is the centre of the middle pixel.
Image paintStone(Color color, float radius);

}  // namespace gomoku::gui
