// Generates the program's original assets: the sound effects (16-bit PCM mono WAV, 44.1 kHz) and
// the 64x64 window icon (32-bit BMP with alpha). Output is deterministic, so re-running it
// reproduces the committed files byte for byte.
//
// Usage: gomoku-make-sounds <assets-dir>   (writes <assets-dir>/sounds/*.wav and icon.bmp)

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

namespace {

constexpr int kSampleRate = 44100;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

using Samples = std::vector<double>;

// ---------------------------------------------------------------------------------------------
// File writers

void putLe(std::vector<std::uint8_t>& out, std::uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

bool writeFile(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(file);
}

// RIFF/WAVE, one "fmt " chunk (PCM, mono, 16 bit) and one "data" chunk.
std::vector<std::uint8_t> encodeWav(const Samples& samples) {
  const auto dataBytes = static_cast<std::uint32_t>(samples.size() * 2);
  std::vector<std::uint8_t> out;
  out.reserve(44 + dataBytes);
  for (char c : std::string("RIFF")) out.push_back(static_cast<std::uint8_t>(c));
  putLe(out, 36 + dataBytes, 4);
  for (char c : std::string("WAVEfmt ")) out.push_back(static_cast<std::uint8_t>(c));
  putLe(out, 16, 4);               // fmt chunk size
  putLe(out, 1, 2);                // PCM
  putLe(out, 1, 2);                // mono
  putLe(out, kSampleRate, 4);      // sample rate
  putLe(out, kSampleRate * 2, 4);  // byte rate
  putLe(out, 2, 2);                // block align
  putLe(out, 16, 2);               // bits per sample
  for (char c : std::string("data")) out.push_back(static_cast<std::uint8_t>(c));
  putLe(out, dataBytes, 4);
  for (double s : samples) {
    const double clamped = std::clamp(s, -1.0, 1.0);
    const auto value = static_cast<std::int16_t>(std::lround(clamped * 32767.0));
    putLe(out, static_cast<std::uint16_t>(value), 2);
  }
  return out;
}

// BITMAPFILEHEADER + BITMAPV4HEADER with explicit RGBA masks, so that the alpha channel is read
// by SDL_LoadBMP and image tools alike. Rows are stored bottom-up. `rgba` is top-down, 4 bytes
// per pixel, not premultiplied.
std::vector<std::uint8_t> encodeBmp(int width, int height, const std::vector<std::uint8_t>& rgba) {
  const std::uint32_t headerBytes = 14 + 108;
  const auto pixelBytes = static_cast<std::uint32_t>(width * height * 4);
  std::vector<std::uint8_t> out;
  out.push_back('B');
  out.push_back('M');
  putLe(out, headerBytes + pixelBytes, 4);
  putLe(out, 0, 4);  // reserved
  putLe(out, headerBytes, 4);
  putLe(out, 108, 4);  // BITMAPV4HEADER size
  putLe(out, static_cast<std::uint32_t>(width), 4);
  putLe(out, static_cast<std::uint32_t>(height), 4);
  putLe(out, 1, 2);   // planes
  putLe(out, 32, 2);  // bits per pixel
  putLe(out, 3, 4);   // BI_BITFIELDS
  putLe(out, pixelBytes, 4);
  putLe(out, 2835, 4);  // 72 dpi
  putLe(out, 2835, 4);
  putLe(out, 0, 4);                                  // palette size
  putLe(out, 0, 4);                                  // important colors
  putLe(out, 0x00FF0000u, 4);                        // red mask
  putLe(out, 0x0000FF00u, 4);                        // green mask
  putLe(out, 0x000000FFu, 4);                        // blue mask
  putLe(out, 0xFF000000u, 4);                        // alpha mask
  putLe(out, 0x73524742u, 4);                        // 'sRGB'
  for (int i = 0; i < 9 + 3; ++i) putLe(out, 0, 4);  // endpoints + gamma (unused for sRGB)
  for (int y = height - 1; y >= 0; --y) {
    for (int x = 0; x < width; ++x) {
      const std::uint8_t* p = &rgba[static_cast<std::size_t>((y * width + x) * 4)];
      out.push_back(p[2]);
      out.push_back(p[1]);
      out.push_back(p[0]);
      out.push_back(p[3]);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Synthesis helpers

// Small deterministic generator (xorshift32) so every run gives the same bytes.
class Noise {
 public:
  double next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return static_cast<double>(state_) / 2147483648.0 - 1.0;
  }

 private:
  std::uint32_t state_ = 0x9E3779B9u;
};

// RBJ cookbook band-pass biquad (constant 0 dB peak gain).
class BandPass {
 public:
  BandPass(double centerHz, double q) {
    const double w = kTwoPi * centerHz / kSampleRate;
    const double alpha = std::sin(w) / (2.0 * q);
    const double a0 = 1.0 + alpha;
    b0_ = alpha / a0;
    b2_ = -alpha / a0;
    a1_ = -2.0 * std::cos(w) / a0;
    a2_ = (1.0 - alpha) / a0;
  }
  double process(double x) {
    const double y = b0_ * x + b2_ * x2_ - a1_ * y1_ - a2_ * y2_;
    x2_ = x1_;
    x1_ = x;
    y2_ = y1_;
    y1_ = y;
    return y;
  }

 private:
  double b0_ = 0, b2_ = 0, a1_ = 0, a2_ = 0;
  double x1_ = 0, x2_ = 0, y1_ = 0, y2_ = 0;
};

Samples silence(double seconds) {
  return Samples(static_cast<std::size_t>(seconds * kSampleRate), 0.0);
}

// A decaying partial added at `start` seconds: linear attack, exponential decay.
void addPartial(Samples& out, double start, double freq, double amp, double decaySeconds,
                double attackSeconds = 0.0005, double phase = 0.0) {
  const auto first = static_cast<std::size_t>(start * kSampleRate);
  for (std::size_t i = first; i < out.size(); ++i) {
    const double t = static_cast<double>(i - first) / kSampleRate;
    const double attack = attackSeconds > 0 ? std::min(1.0, t / attackSeconds) : 1.0;
    const double env = attack * std::exp(-t / decaySeconds);
    if (env < 1e-6 && t > attackSeconds) break;
    out[i] += amp * env * std::sin(kTwoPi * freq * t + phase);
  }
}

// A musical note with a soft mallet timbre: fundamental plus a few quieter harmonics that die
// away faster than the fundamental.
void addNote(Samples& out, double start, double freq, double amp, double decaySeconds) {
  addPartial(out, start, freq, amp, decaySeconds, 0.006);
  addPartial(out, start, freq * 2.0, amp * 0.28, decaySeconds * 0.45, 0.004);
  addPartial(out, start, freq * 3.0, amp * 0.10, decaySeconds * 0.25, 0.003);
  addPartial(out, start, freq * 4.0, amp * 0.04, decaySeconds * 0.15, 0.002);
}

// Scales to the given peak and puts a few-millisecond fade at the end so nothing clicks.
void finish(Samples& s, double peak) {
  double maxAbs = 0.0;
  for (double v : s) maxAbs = std::max(maxAbs, std::abs(v));
  if (maxAbs > 0.0) {
    for (double& v : s) v *= peak / maxAbs;
  }
  const std::size_t fade = std::min<std::size_t>(s.size(), kSampleRate / 200);  // 5 ms
  for (std::size_t i = 0; i < fade; ++i) {
    s[s.size() - 1 - i] *= static_cast<double>(i) / static_cast<double>(fade);
  }
}

double noteHz(int midi) {
  return 440.0 * std::pow(2.0, (midi - 69) / 12.0);
}

// ---------------------------------------------------------------------------------------------
// The sounds

struct ClackVoice {
  double pitchHz;     // main wood mode
  double noiseHz;     // centre of the contact noise
  double bodyHz;      // low board resonance
  double brightness;  // weight of the upper modes and the noise
};

// A stone set down on a wooden board: a short filtered noise burst for the contact, a few
// inharmonic, quickly damped wood modes, and a low thump from the board.
Samples clack(const ClackVoice& v) {
  Samples s = silence(0.16);
  Noise noise;
  BandPass contact(v.noiseHz, 1.1);
  const std::size_t burst =
      static_cast<std::size_t>(0.040 * kSampleRate);  // long enough for the tail to vanish
  for (std::size_t i = 0; i < burst; ++i) {
    const double t = static_cast<double>(i) / kSampleRate;
    const double env = std::min(1.0, t / 0.0003) * std::exp(-t / 0.0025);
    s[i] += 0.9 * v.brightness * env * contact.process(noise.next());
  }
  // Mode ratios of a small free wooden plate; higher modes decay faster.
  const std::array<double, 4> ratio = {1.0, 2.41, 3.93, 5.72};
  const std::array<double, 4> amp = {0.55, 0.30, 0.16, 0.08};
  const std::array<double, 4> decay = {0.020, 0.011, 0.007, 0.004};
  for (std::size_t k = 0; k < ratio.size(); ++k) {
    const double weight = k == 0 ? 1.0 : v.brightness;
    addPartial(s, 0.0, v.pitchHz * ratio[k], amp[k] * weight, decay[k], 0.0003, 0.3 * k);
  }
  addPartial(s, 0.0, v.bodyHz, 0.35, 0.030, 0.001);
  return s;
}

Samples stoneBlack() {
  Samples s = clack({.pitchHz = 1180.0, .noiseHz = 2600.0, .bodyHz = 170.0, .brightness = 0.9});
  finish(s, 0.80);
  return s;
}

Samples stoneWhite() {
  Samples s = clack({.pitchHz = 1420.0, .noiseHz = 3100.0, .bodyHz = 195.0, .brightness = 1.0});
  finish(s, 0.80);
  return s;
}

Samples aiMove() {
  Samples s = clack({.pitchHz = 1300.0, .noiseHz = 2400.0, .bodyHz = 180.0, .brightness = 0.6});
  finish(s, 0.55);
  return s;
}

Samples win() {
  // C major arpeggio up to the octave, the last note left ringing.
  Samples s = silence(0.95);
  const std::array<int, 4> notes = {72, 76, 79, 84};
  for (std::size_t i = 0; i < notes.size(); ++i) {
    const bool last = i + 1 == notes.size();
    addNote(s, 0.11 * static_cast<double>(i), noteHz(notes[i]), last ? 1.0 : 0.8,
            last ? 0.28 : 0.16);
  }
  addNote(s, 0.33, noteHz(67), 0.35, 0.30);  // a soft G underneath the top note
  finish(s, 0.75);
  return s;
}

Samples loss() {
  // Falling C minor figure, slower and darker than the win.
  Samples s = silence(1.0);
  const std::array<int, 3> notes = {67, 63, 60};
  for (std::size_t i = 0; i < notes.size(); ++i) {
    addNote(s, 0.2 * static_cast<double>(i), noteHz(notes[i]), 0.9,
            i + 1 == notes.size() ? 0.32 : 0.18);
  }
  addNote(s, 0.4, noteHz(48), 0.35, 0.35);  // low C under the last note
  finish(s, 0.65);
  return s;
}

Samples draw() {
  // Two notes a fifth apart, the same weight: neither triumph nor defeat.
  Samples s = silence(0.7);
  addNote(s, 0.0, noteHz(67), 0.8, 0.18);
  addNote(s, 0.18, noteHz(74), 0.8, 0.22);
  finish(s, 0.60);
  return s;
}

Samples illegal() {
  // A dull low buzz (a few odd harmonics of a low note) over a thud whose pitch drops.
  Samples s = silence(0.2);
  const double f = 110.0;
  for (int h = 1; h <= 7; h += 2) addPartial(s, 0.0, f * h, 0.5 / h, 0.06, 0.003);
  double phase = 0.0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double t = static_cast<double>(i) / kSampleRate;
    const double freq = 60.0 + 50.0 * std::exp(-t / 0.03);
    phase += kTwoPi * freq / kSampleRate;
    s[i] += 0.7 * std::min(1.0, t / 0.002) * std::exp(-t / 0.05) * std::sin(phase);
  }
  finish(s, 0.60);
  return s;
}

Samples hint() {
  // A small bell: inharmonic partials, long soft decay.
  Samples s = silence(0.75);
  const double f = noteHz(88);  // E6
  addPartial(s, 0.0, f, 0.8, 0.22, 0.002);
  addPartial(s, 0.0, f * 2.0, 0.18, 0.12, 0.002);
  addPartial(s, 0.0, f * 2.76, 0.12, 0.07, 0.002);
  addPartial(s, 0.0, f * 5.40, 0.05, 0.03, 0.001);
  addPartial(s, 0.0, f * 0.5, 0.10, 0.25, 0.004);
  finish(s, 0.45);
  return s;
}

// ---------------------------------------------------------------------------------------------
// The icon: the top-left corner of a wooden board with a black and a white stone.

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

// Colour at one (sub)pixel position.
Rgba iconSample(double x, double y) {
  constexpr double kSize = 64.0;
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

std::vector<std::uint8_t> renderIcon(int size) {
  constexpr int kSub = 4;  // 4x4 supersampling
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(size * size * 4));
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      Rgba sum;
      for (int sy = 0; sy < kSub; ++sy) {
        for (int sx = 0; sx < kSub; ++sx) {
          const Rgba c = iconSample(x + (sx + 0.5) / kSub, y + (sy + 0.5) / kSub);
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
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <assets-dir>\n", argv[0]);
    return 2;
  }
  const std::filesystem::path assets = argv[1];
  const std::filesystem::path soundDir = assets / "sounds";
  std::error_code ec;
  std::filesystem::create_directories(soundDir, ec);
  if (ec) {
    std::fprintf(stderr, "cannot create %s: %s\n", soundDir.string().c_str(), ec.message().c_str());
    return 1;
  }

  struct Sound {
    const char* name;
    Samples (*make)();
  };
  const std::array<Sound, 8> sounds = {{
      {"stone_black.wav", stoneBlack},
      {"stone_white.wav", stoneWhite},
      {"ai_move.wav", aiMove},
      {"win.wav", win},
      {"loss.wav", loss},
      {"draw.wav", draw},
      {"illegal.wav", illegal},
      {"hint.wav", hint},
  }};
  int failures = 0;
  for (const Sound& sound : sounds) {
    const Samples samples = sound.make();
    double peak = 0.0;
    for (double v : samples) peak = std::max(peak, std::abs(v));
    const auto path = soundDir / sound.name;
    if (!writeFile(path, encodeWav(samples))) {
      std::fprintf(stderr, "cannot write %s\n", path.string().c_str());
      ++failures;
      continue;
    }
    std::printf("%-16s %5.3f s  peak %.3f\n", sound.name,
                static_cast<double>(samples.size()) / kSampleRate, peak);
  }

  constexpr int kIconSize = 64;
  const auto iconPath = assets / "icon.bmp";
  if (!writeFile(iconPath, encodeBmp(kIconSize, kIconSize, renderIcon(kIconSize)))) {
    std::fprintf(stderr, "cannot write %s\n", iconPath.string().c_str());
    ++failures;
  } else {
    std::printf("%-16s %dx%d RGBA\n", "icon.bmp", kIconSize, kIconSize);
  }
  return failures == 0 ? 0 : 1;
}
