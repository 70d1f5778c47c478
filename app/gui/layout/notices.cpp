#include "app/gui/layout/notices.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace gomoku::gui {

void Notices::add(std::string text, NoticeKind kind, double seconds) {
  const double expires = seconds > 0 ? now_() + seconds : 0;
  for (Notice& notice : notices_) {
    if (notice.text == text) {
      notice.expires = expires;
      return;
    }
  }
  notices_.push_back({std::move(text), kind, expires});
  if (notices_.size() > 4) notices_.erase(notices_.begin());
}

void Notices::remove(const std::string& text) {
  std::erase_if(notices_, [&text](const Notice& n) { return n.text == text; });
}

void Notices::dropExpired() {
  const double t = now_();
  std::erase_if(notices_, [t](const Notice& n) { return n.expires > 0 && n.expires < t; });
}

void Notices::draw(float x, float y, float width, float uiScale) {
  // Each notice is a small window of its own, so a click on it (to close it) never reaches
  // the board underneath.
  const float pad = 10 * uiScale;
  const float closeSize = ImGui::GetFontSize();
  int closed = -1;
  for (size_t i = 0; i < notices_.size(); ++i) {
    const Notice& n = notices_[i];
    const ImVec4 bg = n.kind == NoticeKind::Info      ? ImVec4(0.13f, 0.12f, 0.10f, 0.92f)
                      : n.kind == NoticeKind::Warning ? ImVec4(0.47f, 0.31f, 0.08f, 0.95f)
                                                      : ImVec4(0.55f, 0.14f, 0.12f, 0.95f);
    const float textWidth =
        std::min(ImGui::CalcTextSize(n.text.c_str()).x, width - 3 * pad - closeSize);
    const float boxWidth = textWidth + 3 * pad + closeSize;
    ImGui::SetNextWindowPos(ImVec2(std::round(x + (width - boxWidth) / 2), std::round(y)));
    ImGui::SetNextWindowSize(ImVec2(boxWidth, 0));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, bg);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.98f, 0.95f, 0.91f, 1.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad * 0.7f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 8 * uiScale);
    const std::string id = "##notice" + std::to_string(i);
    ImGui::Begin(id.c_str(), nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoNav);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + textWidth);
    ImGui::TextUnformatted(n.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SameLine(boxWidth - pad - closeSize);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
    if (ImGui::Button("x", ImVec2(closeSize, closeSize)) ||
        (ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left))) {
      closed = static_cast<int>(i);
    }
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    y += ImGui::GetWindowHeight() + pad * 0.5f;
    ImGui::End();
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor(2);
  }
  if (closed >= 0) notices_.erase(notices_.begin() + closed);
}

}  // namespace gomoku::gui
