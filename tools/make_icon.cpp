// Draws the program's icon, the top-left corner of a wooden board with a black and a white
// stone, and writes it with stb_image_write: assets/icon.bmp (64x64 with alpha, the window
// icon the GUI loads with SDL_LoadBMP) and assets/icons/hicolor/<N>x<N>/apps/<id>.png (the
// desktop icon, installed to share/icons/hicolor). Deterministic: re-running it reproduces the
// committed files.
//
// Usage: gomoku-make-icon <assets-dir> <icon-name>
//   (cmake --build build --target gomoku-regenerate-assets runs it with the right name)

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace {

constexpr double kDesignSize = 64.0;  // the drawing below is laid out on a 64x64 grid
constexpr int kWindowIconSize = 64;
constexpr std::array<int, 4> kDesktopIconSizes = {48, 64, 128, 256};

struct Rgba {
  double r = 0, g = 0, b = 0, a = 0;  // premultiplied
};

Rgba over(const Rgba& top, const Rgba& bottom) {
  const double k = 1.0 - top.a;
  return {top.r + bottom.r * k, top.g + bottom.g * k, top.b + bottom.b * k, top.a + bottom.a * k};
}

Rgba opaque(double r, double g, double b, double a = 1.0) {
  return {r * a, g * a, b * a, a};
}

double smoothEdge(double distanceInside, double width = 0.6) {
  return std::clamp(0.5 + distanceInside / width, 0.0, 1.0);
}

// Colour at one (sub)pixel position, in a 64x64 design space.
Rgba iconSample(double x, double y) {
  constexpr double kSize = kDesignSize;
  constexpr double kCorner = 9.0;
  // Rounded square of wood.
  const double cx = std::clamp(x, kCorner, kSize - kCorner);
  const double cy = std::clamp(y, kCorner, kSize - kCorner);
  const double outside = std::hypot(x - cx, y - cy) - kCorner;
  const double boardAlpha = std::clamp(0.5 - outside, 0.0, 1.0);
  if (boardAlpha <= 0.0) return {};
  const double grain = 0.5 + 0.5 * std::sin(y * 0.9 + 2.2 * std::sin(x * 0.11 + y * 0.05));
  Rgba px =
      opaque((214 + 14 * grain) / 255.0, (168 + 12 * grain) / 255.0, (92 + 8 * grain) / 255.0);

  // Grid: the board's edge lines at 9 and lines every 22 px to the right and down.
  constexpr double kFirst = 9.0, kStep = 22.0, kHalfWidth = 0.9;
  const auto lineCover = [&](double v, double alongOther) {
    if (alongOther < kFirst - kHalfWidth) return 0.0;
    double best = 1e9;
    for (double line = kFirst; line < kSize + kStep; line += kStep) {
      best = std::min(best, std::abs(v - line));
    }
    return smoothEdge(kHalfWidth - best, 0.8);
  };
  const double edgeBoost = (std::abs(x - kFirst) < 2 || std::abs(y - kFirst) < 2) ? 1.4 : 1.0;
  const double line = std::max(lineCover(x, y), lineCover(y, x)) * std::min(1.0, 0.8 * edgeBoost);
  px = over(opaque(70 / 255.0, 45 / 255.0, 22 / 255.0, line), px);

  // Stones with a soft shadow and a highlight.
  struct Stone {
    double x, y;
    bool black;
  };
  const std::array<Stone, 2> stones = {Stone{31, 31, true}, Stone{53, 53, false}};
  constexpr double kRadius = 10.2;
  for (const Stone& s : stones) {
    const double shadowDist = std::hypot(x - s.x - 1.2, y - s.y - 1.8);
    const double shadow = 0.35 * std::clamp((kRadius + 1.5 - shadowDist) / 3.0, 0.0, 1.0);
    px = over(opaque(0.15, 0.09, 0.03, shadow), px);
  }
  for (const Stone& s : stones) {
    const double d = std::hypot(x - s.x, y - s.y);
    const double cover = smoothEdge(kRadius - d);
    if (cover <= 0.0) continue;
    // Light from the upper left: brightness falls with distance from the highlight point.
    const double hx = s.x - 0.35 * kRadius, hy = s.y - 0.40 * kRadius;
    const double h = std::clamp(1.0 - std::hypot(x - hx, y - hy) / (1.6 * kRadius), 0.0, 1.0);
    double shade;
    Rgba c;
    if (s.black) {
      shade = 0.08 + 0.42 * std::pow(h, 3.0);
      c = opaque(shade, shade, shade * 1.05, cover);
    } else {
      shade = 0.74 + 0.26 * std::pow(h, 1.5);
      c = opaque(shade, shade * 0.99, shade * 0.95, cover);
    }
    px = over(c, px);
  }
  px.r *= boardAlpha;
  px.g *= boardAlpha;
  px.b *= boardAlpha;
  px.a *= boardAlpha;
  return px;
}

// The icon at size x size pixels, RGBA top-down, not premultiplied.
std::vector<std::uint8_t> renderIcon(int size) {
  constexpr int kSub = 4;  // 4x4 supersampling
  const double scale = kDesignSize / size;
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(size * size * 4));
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      Rgba sum;
      for (int sy = 0; sy < kSub; ++sy) {
        for (int sx = 0; sx < kSub; ++sx) {
          const Rgba c =
              iconSample((x + (sx + 0.5) / kSub) * scale, (y + (sy + 0.5) / kSub) * scale);
          sum = {sum.r + c.r, sum.g + c.g, sum.b + c.b, sum.a + c.a};
        }
      }
      const double n = kSub * kSub;
      const double a = sum.a / n;
      const auto toByte = [](double v) {
        return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0));
      };
      std::uint8_t* p = &rgba[static_cast<std::size_t>((y * size + x) * 4)];
      p[0] = toByte(a > 0 ? sum.r / n / a : 0);
      p[1] = toByte(a > 0 ? sum.g / n / a : 0);
      p[2] = toByte(a > 0 ? sum.b / n / a : 0);
      p[3] = toByte(a);
    }
  }
  return rgba;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <assets-dir> <icon-name>\n", argv[0]);
    return 2;
  }
  const std::filesystem::path assets = argv[1];
  const std::string name = argv[2];
  int failures = 0;

  const auto bmpPath = assets / "icon.bmp";
  const auto windowIcon = renderIcon(kWindowIconSize);
  if (!stbi_write_bmp(bmpPath.string().c_str(), kWindowIconSize, kWindowIconSize, 4,
                      windowIcon.data())) {
    std::fprintf(stderr, "cannot write %s\n", bmpPath.string().c_str());
    ++failures;
  } else {
    std::printf("%s %dx%d RGBA\n", bmpPath.string().c_str(), kWindowIconSize, kWindowIconSize);
  }

  for (int size : kDesktopIconSizes) {
    const std::string dim = std::to_string(size) + "x" + std::to_string(size);
    const auto dir = assets / "icons" / "hicolor" / dim / "apps";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    const auto path = dir / (name + ".png");
    const auto pixels = renderIcon(size);
    if (ec || !stbi_write_png(path.string().c_str(), size, size, 4, pixels.data(), size * 4)) {
      std::fprintf(stderr, "cannot write %s\n", path.string().c_str());
      ++failures;
      continue;
    }
    std::printf("%s %s RGBA\n", path.string().c_str(), dim.c_str());
  }
  return failures == 0 ? 0 : 1;
}
