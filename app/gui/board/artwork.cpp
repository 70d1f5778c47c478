#include "app/gui/board/artwork.h"

#include <algorithm>
#include <cmath>

#if GOMOKU_HAVE_STB_PERLIN
#include <stb/stb_perlin.h>
#endif

namespace gomoku::gui {

namespace {

constexpr float kPi = 3.14159265358979f;

float clamp01(float v) {
  return std::clamp(v, 0.0f, 1.0f);
}
float mix(float a, float b, float t) {
  return a + (b - a) * t;
}
float smoothstep(float e0, float e1, float x) {
  float t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

float noise3(float x, float y, float z) {
#if GOMOKU_HAVE_STB_PERLIN
  return stb_perlin_noise3(x, y, z, 0, 0, 0);
#else
  // Without stb_perlin the wood keeps its rings and loses only the irregularity.
  return 0.5f * std::sin(x * 1.7f + z) * std::cos(y * 1.3f - z);
#endif
}

float fbm3(float x, float y, float z, int octaves) {
#if GOMOKU_HAVE_STB_PERLIN
  return stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, octaves);
#else
  float sum = 0, amplitude = 1;
  for (int i = 0; i < octaves; ++i, amplitude *= 0.5f, x *= 2, y *= 2)
    sum += amplitude * noise3(x, y, z);
  return sum;
#endif
}

void put(uint8_t* px, float r, float g, float b, float a) {
  px[0] = static_cast<uint8_t>(std::lround(std::clamp(r, 0.0f, 255.0f)));
  px[1] = static_cast<uint8_t>(std::lround(std::clamp(g, 0.0f, 255.0f)));
  px[2] = static_cast<uint8_t>(std::lround(std::clamp(b, 0.0f, 255.0f)));
  px[3] = static_cast<uint8_t>(std::lround(std::clamp(a, 0.0f, 1.0f) * 255.0f));
}

}  // namespace

Image paintWood(int width, int height) {
  Image image;
  if (width <= 0 || height <= 0) return image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<size_t>(width) * height * 4);

  // Pale kaya with darker late-wood stripes running across the board, gently wavy.
  const float light[3] = {236, 196, 132};
  const float dark[3] = {196, 146, 84};
  const float scale = 1.0f / static_cast<float>(std::max(width, height));

  // The slow variation (waviness, blotches) changes little from pixel to pixel: sample it on a
  // coarse lattice and interpolate, which keeps a full-screen board quick to paint.
  constexpr int kStep = 8;
  const int lw = width / kStep + 2, lh = height / kStep + 2;
  std::vector<float> wave(static_cast<size_t>(lw) * lh), blotch(wave.size());
  for (int j = 0; j < lh; ++j) {
    for (int i = 0; i < lw; ++i) {
      float nx = static_cast<float>(i * kStep) * scale, ny = static_cast<float>(j * kStep) * scale;
      wave[static_cast<size_t>(j) * lw + i] = fbm3(nx * 1.6f, ny * 2.2f, 0.37f, 4);
      blotch[static_cast<size_t>(j) * lw + i] = fbm3(nx * 3.0f + 11.0f, ny * 3.0f, 4.1f, 3);
    }
  }
  auto sample = [&](const std::vector<float>& grid, int x, int y) {
    float gx = static_cast<float>(x) / kStep, gy = static_cast<float>(y) / kStep;
    int i = static_cast<int>(gx), j = static_cast<int>(gy);
    float tx = gx - i, ty = gy - j;
    const float* row0 = &grid[static_cast<size_t>(j) * lw + i];
    const float* row1 = row0 + lw;
    return mix(mix(row0[0], row0[1], tx), mix(row1[0], row1[1], tx), ty);
  };

  for (int y = 0; y < height; ++y) {
    const float ny = static_cast<float>(y) * scale;
    for (int x = 0; x < width; ++x) {
      const float nx = static_cast<float>(x) * scale;
      // Straight grain (masame): many fine stripes across the board, barely wavy.
      float t = ny * 34.0f + 0.55f * sample(wave, x, y);
      float ring = 0.5f + 0.5f * std::sin(t * 2 * kPi);
      ring = std::pow(ring, 6.0f);  // thin late-wood lines, wide light bands
      float fiber = 0.5f + 0.5f * noise3(nx * 3.0f, ny * 420.0f, 1.7f);
      float spots = 0.5f + 0.5f * sample(blotch, x, y);
      float m = clamp01(0.30f * ring + 0.16f * fiber + 0.34f * spots - 0.06f);
      float r = mix(light[0], dark[0], m), g = mix(light[1], dark[1], m),
            b = mix(light[2], dark[2], m);
      put(image.at(x, y), r, g, b, 1.0f);
    }
  }
  return image;
}

Image paintStone(Color color, float radius) {
  Image image;
  if (radius <= 0.5f) return image;
  const float shadowDx = 0.10f * radius, shadowDy = 0.14f * radius, blur = 0.10f * radius + 0.8f;
  const int half = static_cast<int>(std::ceil(radius + std::max(shadowDx, shadowDy) + blur + 1));
  const int side = 2 * half + 1;
  image.width = image.height = side;
  image.pixels.assign(static_cast<size_t>(side) * side * 4, 0);
  const float c = side / 2.0f;
  const bool black = color == Color::Black;

  // Light from the top left, a little in front of the board.
  float lx = -0.45f, ly = -0.60f, lz = 0.66f;
  float ln = std::sqrt(lx * lx + ly * ly + lz * lz);
  lx /= ln, ly /= ln, lz /= ln;
  float hx = lx, hy = ly, hz = lz + 1.0f;  // half vector towards a viewer straight above
  float hn = std::sqrt(hx * hx + hy * hy + hz * hz);
  hx /= hn, hy /= hn, hz /= hn;

  constexpr int kSub = 4;  // 4x4 samples per pixel for a smooth rim
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      int inside = 0;
      for (int sy = 0; sy < kSub; ++sy) {
        for (int sx = 0; sx < kSub; ++sx) {
          float dx = x + (sx + 0.5f) / kSub - c, dy = y + (sy + 0.5f) / kSub - c;
          if (dx * dx + dy * dy < radius * radius) ++inside;
        }
      }
      float coverage = static_cast<float>(inside) / (kSub * kSub);

      float dx = x + 0.5f - c, dy = y + 0.5f - c;
      float sdx = dx - shadowDx, sdy = dy - shadowDy;
      float shadowDistance = std::sqrt(sdx * sdx + sdy * sdy);
      float shadow = 0.42f * (1.0f - smoothstep(radius - blur, radius + blur, shadowDistance));

      float sr = 0, sg = 0, sb = 0;
      if (coverage > 0) {
        float nx = dx / radius, ny = dy / radius;
        float r2 = nx * nx + ny * ny;
        if (r2 > 1) {
          float n = std::sqrt(r2);
          nx /= n, ny /= n, r2 = 1;
        }
        float nz = std::sqrt(std::max(0.0f, 1 - r2));
        float diffuse = std::max(0.0f, nx * lx + ny * ly + nz * lz);
        float specDot = std::max(0.0f, nx * hx + ny * hy + nz * hz);
        if (black) {
          // Slate: dark, a broad soft sheen and a small brighter highlight.
          float sheen = std::pow(specDot, 10.0f), spot = std::pow(specDot, 60.0f);
          float v = 14 + 34 * diffuse + 95 * sheen + 70 * spot;
          sr = v, sg = v, sb = v + 4;
        } else {
          // Shell: near white, shaded towards the far rim, a gentle gloss.
          float gloss = std::pow(specDot, 24.0f);
          float shade = 0.70f + 0.30f * diffuse - 0.10f * r2 * r2;
          sr = 246 * shade + 30 * gloss;
          sg = 244 * shade + 30 * gloss;
          sb = 236 * shade + 34 * gloss;
        }
      }
      // Stone over shadow (straight alpha).
      float a = coverage + shadow * (1 - coverage);
      if (a <= 0) continue;
      float r = (sr * coverage) / a, g = (sg * coverage) / a, b = (sb * coverage) / a;
      put(image.at(x, y), r, g, b, a);
    }
  }
  return image;
}

}  // namespace gomoku::gui
