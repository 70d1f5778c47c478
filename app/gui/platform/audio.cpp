#include "app/gui/platform/audio.h"

#include <SDL.h>
#include <SDL_mixer.h>

#include <algorithm>
#include <filesystem>

namespace gomoku::gui {

const char* soundFileName(Sound sound) {
  switch (sound) {
    case Sound::StoneBlack:
      return "stone_black.wav";
    case Sound::StoneWhite:
      return "stone_white.wav";
    case Sound::AiMove:
      return "ai_move.wav";
    case Sound::Win:
      return "win.wav";
    case Sound::Loss:
      return "loss.wav";
    case Sound::Draw:
      return "draw.wav";
    case Sound::Illegal:
      return "illegal.wav";
    case Sound::Hint:
      return "hint.wav";
    default:
      return "";
  }
}

Audio::~Audio() {
  close();
}

bool Audio::open(const std::string& soundsDir) {
  close();
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    status_ = std::string("no audio: ") + SDL_GetError();
    return false;
  }
  subsystem_ = true;
  // 44.1 kHz like the files; a small buffer keeps the click close to the stone.
  if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 512) != 0) {
    status_ = std::string("no audio device: ") + Mix_GetError();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    subsystem_ = false;
    return false;
  }
  Mix_AllocateChannels(16);
  open_ = true;
  std::string missing;
  for (size_t i = 0; i < chunks_.size(); ++i) {
    std::string path =
        (std::filesystem::path(soundsDir) / soundFileName(static_cast<Sound>(i))).string();
    chunks_[i] = Mix_LoadWAV(path.c_str());
    if (!chunks_[i])
      missing += (missing.empty() ? "" : ", ") + std::string(soundFileName(static_cast<Sound>(i)));
  }
  const char* driver = SDL_GetCurrentAudioDriver();
  status_ = std::string("sound on (") + (driver ? driver : "?") + ")";
  if (!missing.empty()) status_ += "; missing: " + missing;
  applyVolume();
  return true;
}

void Audio::close() {
  if (open_) {
    Mix_HaltChannel(-1);
    for (auto& chunk : chunks_) {
      if (chunk) Mix_FreeChunk(chunk);
      chunk = nullptr;
    }
    Mix_CloseAudio();
    open_ = false;
  }
  if (subsystem_) {
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    subsystem_ = false;
  }
}

void Audio::play(Sound sound) {
  if (!open_ || muted_ || volume_ == 0) return;
  Mix_Chunk* chunk = chunks_[static_cast<size_t>(sound)];
  if (chunk) Mix_PlayChannel(-1, chunk, 0);
}

void Audio::setVolume(int percent) {
  volume_ = std::clamp(percent, 0, 100);
  applyVolume();
}

void Audio::setMuted(bool muted) {
  muted_ = muted;
  if (open_ && muted_) Mix_HaltChannel(-1);
}

void Audio::applyVolume() {
  if (open_) Mix_Volume(-1, volume_ * MIX_MAX_VOLUME / 100);
}

}  // namespace gomoku::gui
