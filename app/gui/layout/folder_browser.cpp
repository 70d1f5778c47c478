#include "app/gui/layout/folder_browser.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>

namespace gomoku::gui {

namespace fs = std::filesystem;

std::string homeFolder() {
  for (const char* var : {"HOME", "USERPROFILE"}) {
    if (const char* value = std::getenv(var); value && *value) return value;
  }
  std::error_code ec;
  return fs::current_path(ec).string();
}

void FolderBrowser::list() {
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
    else if (filter_(*it))
      entries_.push_back({name, false});
  }
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return a.folder != b.folder ? a.folder : a.name < b.name;
  });
}

FolderBrowser::Pick FolderBrowser::draw(std::string& file, const char* emptyText, float widthEm,
                                        float heightEm) {
  if (listed_ != folder_) list();
  const float em = ImGui::GetFontSize();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Folder");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * (widthEm - 9));
  std::string edited = folder_;
  tookEnter_ = ImGui::InputText("##folder", &edited, ImGuiInputTextFlags_EnterReturnsTrue);
  if (tookEnter_) {
    std::error_code ec;
    if (fs::is_directory(edited, ec)) folder_ = edited;
  }
  ImGui::SameLine();
  if (ImGui::Button("Up")) {
    fs::path parent = fs::path(folder_).parent_path();
    if (!parent.empty()) folder_ = parent.string();
  }
  Pick pick = Pick::None;
  if (ImGui::BeginListBox("##entries", ImVec2(em * widthEm, em * heightEm))) {
    for (const Entry& entry : entries_) {
      std::string shown = entry.folder ? "[" + entry.name + "]" : entry.name;
      bool selected = !entry.folder && entry.name == file;
      if (ImGui::Selectable(shown.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
        bool twice = ImGui::IsMouseDoubleClicked(0);
        if (entry.folder) {
          if (twice) folder_ = (fs::path(folder_) / entry.name).string();
        } else {
          file = entry.name;
          pick = twice ? Pick::Chosen : Pick::Selected;
        }
      }
    }
    if (entries_.empty()) ImGui::TextDisabled("%s", emptyText);
    ImGui::EndListBox();
  }
  return pick;
}

}  // namespace gomoku::gui
