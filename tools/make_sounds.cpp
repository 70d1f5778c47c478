// Generates the program's original sound effects (16-bit PCM mono WAV, 44.1 kHz). Output is
// deterministic, so re-running it reproduces the committed files byte for byte. (The icon is
// drawn by make_icon.cpp.)
//
// Usage: gomoku-make-sounds <assets-dir>   (writes <assets-dir>/sounds/*.wav)

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

  return failures == 0 ? 0 : 1;
}
