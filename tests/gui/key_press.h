// A key pressed in the headless app: down and up before the next frame (a quick tap, as a fast
// typist or xdotool makes), then two frames to handle it.
#pragma once

#include <SDL.h>

#include <cstdio>
#include <string>

#include "app/gui/app.h"

namespace gomoku::gui::testing {

inline void press(App& app, SDL_Keycode key, Uint16 modifiers = KMOD_NONE) {
  SDL_Event down{};
  down.type = SDL_KEYDOWN;
  down.key.state = SDL_PRESSED;
  down.key.keysym.sym = key;
  down.key.keysym.scancode = SDL_GetScancodeFromKey(key);
  down.key.keysym.mod = modifiers;
  SDL_Event up = down;
  up.type = SDL_KEYUP;
  up.key.state = SDL_RELEASED;
  SDL_PushEvent(&down);
  SDL_PushEvent(&up);
  app.frame();
  app.frame();
}

// Text typed into the widget that has the keyboard: SDL carries text in short pieces (32 bytes
// at most an event), so a path goes as several; then a frame to take them.
inline void type(App& app, const std::string& text) {
  for (size_t at = 0; at < text.size(); at += 16) {
    SDL_Event event{};
    event.type = SDL_TEXTINPUT;
    std::snprintf(event.text.text, sizeof event.text.text, "%s", text.substr(at, 16).c_str());
    SDL_PushEvent(&event);
  }
  app.frame();
}

}  // namespace gomoku::gui::testing
