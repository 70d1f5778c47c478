#include "app/gui/layout/engine_picker.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace gomoku::gui {

namespace fs = std::filesystem;

bool isExecutable(const fs::directory_entry& entry) {
  std::error_code ec;
  if (!entry.is_regular_file(ec)) return false;
#ifdef _WIN32
  std::string ext = entry.path().extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return ext == ".exe";
#else
  fs::perms p = entry.status(ec).permissions();
  return !ec && (p & (fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec)) !=
                    fs::perms::none;
#endif
}

namespace {

std::string startFolder(const std::string& path) {
  std::error_code ec;
  if (!path.empty()) {
    fs::path parent = fs::path(path).parent_path();
    if (!parent.empty() && fs::is_directory(parent, ec)) return parent.string();
  }
  return homeFolder();
}

}  // namespace

std::string engineProblem(const std::string& path) {
  if (path.empty()) return "Choose the engine's executable.";
  std::error_code ec;
  fs::directory_entry entry(path, ec);
  if (ec || !entry.exists(ec)) return "There is no file " + path + ".";
  if (entry.is_directory(ec)) return path + " is a folder, not a program.";
  if (!isExecutable(entry)) return path + " is not an executable program.";
  return "";
}

bool EnginePicker::drawBrowser(std::string& path) {
  bool chosen = false;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowSize(ImVec2(em * 32, 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Choose an engine", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return false;
  ImGui::TextWrapped(
      "A Gomocup brain (pbrain-...): a program that plays through the Gomocup "
      "protocol. It runs in its own folder.");
  std::string file;
  if (browser_.draw(file, "No folders or programs here.", 30, 13) == FolderBrowser::Pick::Chosen) {
    path = (fs::path(browser_.folder()) / file).string();
    chosen = true;
  }
  ImGui::TextDisabled("Double-click a program to choose it.");
  if (chosen || ImGui::Button("Cancel", ImVec2(em * 7, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    browsing_.clear();
    closedFrame_ = ImGui::GetFrameCount();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return chosen;
}

bool EnginePicker::browsing() const {
  return !browsing_.empty() || closedFrame_ == ImGui::GetFrameCount();
}

bool EnginePicker::draw(const char* id, std::string& path, const std::vector<std::string>& recent) {
  ImGui::PushID(id);
  bool changed = false;
  const float indent = ImGui::GetCursorPosX();
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 14);
  changed |= ImGui::InputTextWithHint("##path", "path to a pbrain-... program", &path);
  ImGui::SameLine();
  if (ImGui::Button("Browse...")) {
    browser_.setFolder(startFolder(path));
    browsing_ = id;
    ImGui::OpenPopup("Choose an engine");
  }
  if (!recent.empty()) {
    ImGui::SameLine();
    if (ImGui::BeginCombo("##recent", nullptr, ImGuiComboFlags_NoPreview)) {
      for (const std::string& r : recent)
        if (ImGui::Selectable(r.c_str(), r == path)) {
          path = r;
          changed = true;
        }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Recently used engines");
  }
  if (browsing_ == id) changed |= drawBrowser(path);
  std::string problem = engineProblem(path);
  if (!problem.empty()) ImGui::SetCursorPosX(indent);
  if (!problem.empty()) ImGui::TextColored(ImVec4(0.95f, 0.55f, 0.35f, 1), "%s", problem.c_str());
  ImGui::PopID();
  return changed;
}

}  // namespace gomoku::gui
