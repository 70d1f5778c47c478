// Fonts and colours: DejaVu Sans from the system when it is there (sized for the display's
// DPI), ImGui's built-in font otherwise; a warm dark or light style for the panels.
#pragma once

#include <string>

#include "app/gui/board/board_view.h"
#include "app/gui/persistence/settings.h"

struct ImFont;

namespace gomoku::gui {

struct Fonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;   // move numbers, headings
  ImFont* large = nullptr;  // the game-over banner
  FontLadder boardLabels;   // coordinates, at many sizes
  FontLadder boardNumbers;  // move numbers (bold), at many sizes
  bool system = false;      // false: ImGui's built-in font
  std::string source;       // which file, for the About box
};

// Rebuilds the font atlas. `uiScale` is the DPI scale (1 = 96 dpi); `pixelDensity` is the
// renderer's pixels per window unit (2 on a Retina display), so glyphs are rasterised sharp.
// The renderer's font texture must be recreated afterwards.
Fonts loadFonts(float uiScale, float pixelDensity);

// Applies the panel style for the theme at the given scale.
void applyStyle(Theme theme, float uiScale);

}  // namespace gomoku::gui
