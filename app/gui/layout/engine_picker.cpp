#include "app/gui/layout/engine_picker.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace gomoku::gui {

namespace fs = std::filesystem;

namespace {

bool isExecutable(const fs::directory_entry& entry) {
  std::error_code ec;
  if (!entry.is_regular_file(ec)) return false;
#ifdef _WIN32
  std::string ext = entry.path().extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".exe";
#else
  fs::perms p = entry.status(ec).permissions();
  return !ec && (p & (fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec)) !=
                    fs::perms::none;
#endif
}

std::string startFolder(const std::string& path) {
  std::error_code ec;
  if (!path.empty()) {
    fs::path parent = fs::path(path).parent_path();
    if (!parent.empty() && fs::is_directory(parent, ec)) return parent.string();
  }
  for (const char* var : {"HOME", "USERPROFILE"})
    if (const char* value = std::getenv(var); value && *value) return value;
  return fs::current_path(ec).string();
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

void EnginePicker::list() {
  entries_.clear();
  listed_ = folder_;
  std::error_code ec;
  for (fs::directory_iterator it(folder_, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.empty() || name.front() == '.') continue;
    std::error_code typeError;
    if (it->is_directory(typeError))
      entries_.push_back({name, true});
    else if (isExecutable(*it))
      entries_.push_back({name, false});
  }
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return a.folder != b.folder ? a.folder : a.name < b.name;
  });
}

bool EnginePicker::drawBrowser(std::string& path) {
  bool chosen = false;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowSize(ImVec2(em * 32, 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Choose an engine", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return false;
  if (listed_ != folder_) list();
  ImGui::TextWrapped("A Gomocup brain (pbrain-...): a program that plays through the Gomocup "
                     "protocol. It runs in its own folder.");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Folder");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 22);
  std::string edited = folder_;
  if (ImGui::InputText("##folder", &edited, ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::error_code ec;
    if (fs::is_directory(edited, ec)) folder_ = edited;
  }
  ImGui::SameLine();
  if (ImGui::Button("Up")) {
    fs::path parent = fs::path(folder_).parent_path();
    if (!parent.empty()) folder_ = parent.string();
  }
  if (ImGui::BeginListBox("##programs", ImVec2(em * 30, em * 13))) {
    for (const Entry& entry : entries_) {
      std::string shown = entry.folder ? "[" + entry.name + "]" : entry.name;
      if (ImGui::Selectable(shown.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick) &&
          ImGui::IsMouseDoubleClicked(0)) {
        fs::path target = fs::path(folder_) / entry.name;
        if (entry.folder) {
          folder_ = target.string();
        } else {
          path = target.string();
          chosen = true;
        }
      }
    }
    if (entries_.empty()) ImGui::TextDisabled("No folders or programs here.");
    ImGui::EndListBox();
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
    folder_ = startFolder(path);
    listed_.clear();
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
