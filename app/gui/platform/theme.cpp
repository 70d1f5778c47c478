#include "app/gui/platform/theme.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace gomoku::gui {

namespace {

// Where Linux distributions, macOS (Homebrew, MacPorts) and Windows keep DejaVu Sans.
const char* const kRegularFonts[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/local/share/fonts/DejaVuSans.ttf",
    "/opt/homebrew/share/fonts/DejaVuSans.ttf",
    "/Library/Fonts/DejaVuSans.ttf",
    "C:\\Windows\\Fonts\\DejaVuSans.ttf",
};

std::string findFont(const char* fileName) {
  for (const char* candidate : kRegularFonts) {
    std::filesystem::path path = std::filesystem::path(candidate).parent_path() / fileName;
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return path.string();
  }
  return {};
}

}  // namespace

Fonts loadFonts(float uiScale, float pixelDensity) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts fonts;
  const float density = pixelDensity > 0 ? pixelDensity : 1.0f;
  const float base = 16.0f * uiScale;
  std::string regular = findFont("DejaVuSans.ttf");
  std::string bold = findFont("DejaVuSans-Bold.ttf");
  if (!regular.empty()) {
    ImFontConfig config;
    config.OversampleH = 2;
    config.OversampleV = 1;
    config.PixelSnapH = true;
    // Latin-1, alpha and beta, dashes and ellipsis, arrows, minus, infinity, the check mark (a
    // solved puzzle), the bullet.
    static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x03B1, 0x03B2, 0x2013, 0x2026,
                                      0x2190, 0x2193, 0x2212, 0x2212, 0x221E, 0x221E,
                                      0x2713, 0x2713, 0x25CF, 0x25CF, 0};
    fonts.regular = io.Fonts->AddFontFromFileTTF(regular.c_str(), base * density, &config, kRanges);
    const std::string& heavy = bold.empty() ? regular : bold;
    fonts.bold = io.Fonts->AddFontFromFileTTF(heavy.c_str(), base * density, &config, kRanges);
    fonts.large =
        io.Fonts->AddFontFromFileTTF(heavy.c_str(), base * 1.75f * density, &config, kRanges);
    // Board text at whole pixel sizes (letters and digits only: a small atlas).
    static const ImWchar kAscii[] = {0x0020, 0x007E, 0};
    ImFontConfig small;
    small.OversampleH = 1;
    small.OversampleV = 1;
    small.PixelSnapH = true;
    for (float px :
         {10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f, 18.0f, 20.0f, 22.0f, 24.0f, 28.0f}) {
      const float size = std::round(px * uiScale) * density;
      fonts.boardLabels.fonts.push_back(
          io.Fonts->AddFontFromFileTTF(regular.c_str(), size, &small, kAscii));
      fonts.boardNumbers.fonts.push_back(
          io.Fonts->AddFontFromFileTTF(heavy.c_str(), size, &small, kAscii));
    }
  }
  auto allLoaded = [](const FontLadder& ladder) {
    return std::all_of(ladder.fonts.begin(), ladder.fonts.end(),
                       [](ImFont* f) { return f != nullptr; });
  };
  if (fonts.regular && fonts.bold && fonts.large && allLoaded(fonts.boardLabels) &&
      allLoaded(fonts.boardNumbers)) {
    fonts.system = true;
    fonts.source = regular;
  } else {
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = 13.0f * std::max(1.0f, std::round(uiScale * density));
    fonts.regular = io.Fonts->AddFontDefault(&config);
    fonts.bold = fonts.regular;
    fonts.large = fonts.regular;
    fonts.boardLabels.fonts = {fonts.regular};
    fonts.boardNumbers.fonts = {fonts.regular};
    fonts.source = "ImGui built-in font";
  }
  io.FontGlobalScale = 1.0f / density;
  io.FontDefault = fonts.regular;
  return fonts;
}

void applyStyle(Theme theme, float uiScale) {
  ImGuiStyle style;
  if (theme == Theme::Light) {
    ImGui::StyleColorsLight(&style);
  } else {
    ImGui::StyleColorsDark(&style);
  }
  // Square frames: a rounded frame is ~40 small triangles with its anti-aliased rim, a square
  // one is 2, and renderers without a GPU (llvmpipe, SDL's software one) pay per triangle.
  style.WindowRounding = 0;
  style.ChildRounding = 0;
  style.FrameRounding = 0;
  style.GrabRounding = 0;
  style.PopupRounding = 4;
  style.ScrollbarRounding = 0;
  style.TabRounding = 0;
  style.WindowBorderSize = 0;
  style.FrameBorderSize = 0;
  style.WindowPadding = ImVec2(12, 10);
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 7);
  style.ItemInnerSpacing = ImVec2(6, 5);
  style.ScrollbarSize = 12;
  style.GrabMinSize = 12;

  ImVec4* c = style.Colors;
  if (theme == Theme::Light) {
    const ImVec4 accent(0.64f, 0.40f, 0.17f, 1.0f);
    c[ImGuiCol_WindowBg] = ImVec4(0.95f, 0.93f, 0.89f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.92f, 0.90f, 0.85f, 1.0f);
    c[ImGuiCol_PopupBg] = ImVec4(0.97f, 0.96f, 0.93f, 1.0f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.90f, 0.87f, 0.82f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.86f, 0.83f, 0.77f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.82f, 0.77f, 0.69f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.78f, 0.71f, 0.61f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.84f, 0.78f, 0.69f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.80f, 0.68f, 0.52f, 1.0f);
    c[ImGuiCol_ButtonActive] = accent;
    c[ImGuiCol_Header] = ImVec4(0.86f, 0.80f, 0.71f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.82f, 0.72f, 0.58f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.76f, 0.62f, 0.45f, 1.0f);
    c[ImGuiCol_CheckMark] = accent;
    c[ImGuiCol_SliderGrab] = accent;
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.52f, 0.31f, 0.12f, 1.0f);
    c[ImGuiCol_PlotHistogram] = accent;
    c[ImGuiCol_TitleBgActive] = ImVec4(0.80f, 0.70f, 0.56f, 1.0f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.86f, 0.80f, 0.71f, 1.0f);
    c[ImGuiCol_TableBorderStrong] = ImVec4(0.72f, 0.64f, 0.53f, 1.0f);
    c[ImGuiCol_TableBorderLight] = ImVec4(0.80f, 0.74f, 0.65f, 1.0f);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0.0f, 0.0f, 0.0f, 0.035f);
  } else {
    const ImVec4 accent(0.86f, 0.60f, 0.30f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.93f, 0.90f, 0.85f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.56f, 0.53f, 0.49f, 1.0f);
    c[ImGuiCol_WindowBg] = ImVec4(0.135f, 0.125f, 0.118f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.165f, 0.153f, 0.145f, 1.0f);
    c[ImGuiCol_PopupBg] = ImVec4(0.16f, 0.15f, 0.14f, 0.98f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.11f, 0.10f, 0.095f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.30f, 0.27f, 0.24f, 0.60f);
    c[ImGuiCol_FrameBg] = ImVec4(0.22f, 0.20f, 0.19f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.29f, 0.26f, 0.23f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.34f, 0.29f, 0.24f, 1.0f);
    c[ImGuiCol_TitleBg] = ImVec4(0.11f, 0.10f, 0.095f, 1.0f);
    c[ImGuiCol_TitleBgActive] = ImVec4(0.20f, 0.17f, 0.14f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.27f, 0.24f, 0.21f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.42f, 0.33f, 0.23f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.55f, 0.40f, 0.23f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.25f, 0.22f, 0.19f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.36f, 0.29f, 0.22f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.45f, 0.35f, 0.24f, 1.0f);
    c[ImGuiCol_Separator] = ImVec4(0.30f, 0.27f, 0.24f, 1.0f);
    c[ImGuiCol_CheckMark] = accent;
    c[ImGuiCol_SliderGrab] = ImVec4(0.75f, 0.53f, 0.28f, 1.0f);
    c[ImGuiCol_SliderGrabActive] = accent;
    c[ImGuiCol_PlotHistogram] = accent;
    c[ImGuiCol_PlotLines] = accent;
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.20f, 0.18f, 0.16f, 1.0f);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);
    c[ImGuiCol_Tab] = ImVec4(0.22f, 0.20f, 0.18f, 1.0f);
    c[ImGuiCol_TabHovered] = ImVec4(0.42f, 0.33f, 0.23f, 1.0f);
    c[ImGuiCol_TabActive] = ImVec4(0.36f, 0.28f, 0.20f, 1.0f);
    c[ImGuiCol_ModalWindowDimBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.45f);
  }
  style.ScaleAllSizes(uiScale);
  ImGui::GetStyle() = style;
}

}  // namespace gomoku::gui
