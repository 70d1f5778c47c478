// Sound effects through SDL_mixer, fire-and-forget on the mixer's own thread. Without an audio
// device (headless machines, CI) or without the files, every call is a quiet no-op.
#pragma once

#include <array>
#include <string>

struct Mix_Chunk;

namespace gomoku::gui {

enum class Sound { StoneBlack, StoneWhite, AiMove, Win, Loss, Draw, Illegal, Hint, Count };
const char* soundFileName(Sound sound);  // "stone_black.wav", ...

class Audio {
 public:
  Audio() = default;
  ~Audio();
  Audio(const Audio&) = delete;
  Audio& operator=(const Audio&) = delete;

  // Opens the device and loads assets/sounds/*.wav from `soundsDir`. False when there is no
  // sound at all; status() says why (and names any missing file).
  bool open(const std::string& soundsDir);
  void close();
  bool available() const { return open_; }
  const std::string& status() const { return status_; }

  void play(Sound sound);
  void setVolume(int percent);  // 0..100
  void setMuted(bool muted);
  bool muted() const { return muted_; }

 private:
  void applyVolume();

  bool open_ = false;
  bool subsystem_ = false;
  bool muted_ = false;
  int volume_ = 70;
  // Why there is no sound until open() succeeds (the program started with --no-sound, or
  // without its assets, never opens the device).
  std::string status_ = "started with --no-sound, or without its sound files";
  std::array<Mix_Chunk*, static_cast<size_t>(Sound::Count)> chunks_{};
};

}  // namespace gomoku::gui
