// The About box: the version (generated from project(VERSION) into gomoku/version.h), where
// things are kept, and the licenses of the libraries the program is built with.
#include <imgui.h>

#include "app/gui/layout/dialogs.h"
#include "app/gui/platform/audio.h"
#include "app/gui/platform/theme.h"
#include "gomoku/version.h"

namespace gomoku::gui {

namespace {

struct Library {
  const char* name;
  const char* license;
};

// What the program links or compiles in (and the tests' framework), with their licenses.
constexpr Library kLibraries[] = {
    {"SDL2", "zlib license"},
    {"SDL2_mixer", "zlib license"},
    {"SDL2_image", "zlib license"},
    {"Dear ImGui " IMGUI_VERSION, "MIT license"},
    {"stb (stb_image_write, stb_perlin)", "public domain or MIT license, either"},
    {"CLI11 (command line)", "BSD 3-clause license"},
    {"{fmt} (text formatting)", "MIT license"},
    {"doctest (the tests)", "MIT license"},
};

}  // namespace

void Dialogs::drawAbout(UiContext& ui) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(32 * ImGui::GetFontSize(), 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(kAboutTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::PushFont(ui.fonts.bold);
  ImGui::Text("%s %s", kProductName, kVersion);
  ImGui::PopFont();
  ImGui::TextWrapped("Five in a row against a searching engine, on a wooden board.");
  ImGui::Separator();
  ImGui::Text("Font: %s", ui.fonts.source.c_str());
  ImGui::Text("Sound: %s", ui.audio.status().c_str());
  ImGui::Text("Settings and game: %s", ui.prefDir.empty() ? "(not saved)" : ui.prefDir.c_str());
  ImGui::Text("Assets: %s", ui.assetsDir.empty() ? "(none found)" : ui.assetsDir.c_str());
  ImGui::Separator();
  ImGui::TextUnformatted("Built with");
  if (ImGui::BeginTable("licenses", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    auto row = [](const char* name, const char* license) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(license);
    };
    for (const Library& library : kLibraries) row(library.name, library.license);
    // The font is the system's, loaded at run time (not shipped with the program).
    if (ui.fonts.system) row("DejaVu fonts", "Bitstream Vera / DejaVu free license");
    ImGui::EndTable();
  }
  closeButton();
  ImGui::EndPopup();
}

}  // namespace gomoku::gui
