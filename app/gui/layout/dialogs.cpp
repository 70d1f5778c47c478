#include "app/gui/layout/dialogs.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "app/gui/commands/command_table.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/layout/level_combo.h"
#include "app/gui/platform/audio.h"
#include "app/gui/platform/theme.h"

namespace gomoku::gui {

namespace fs = std::filesystem;

namespace {

constexpr const char* kNewGameId = "New game";
constexpr const char* kRecordId = "###record";
constexpr const char* kShortcutsId = "Keyboard shortcuts";

void centerNextWindow(float widthEm) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(widthEm * ImGui::GetFontSize(), 0), ImGuiCond_Appearing);
}

std::string defaultRecordName() {
  std::time_t t = std::time(nullptr);
  char text[64];
  std::strftime(text, sizeof text, "gomoku-%Y%m%d-%H%M.psq", std::localtime(&t));
  return text;
}

const char* const kRuleLabels[] = {"Freestyle", "Standard", "Renju"};
const char* const kRuleHelp[] = {
    "Five or more in a row wins.",
    "Exactly five wins; six or more does not.",
    "Black may not make 3-3, 4-4 or an overline and wins only with exactly five.",
};

}  // namespace

bool isRecordFile(const fs::directory_entry& entry) {
  std::error_code ec;
  if (!entry.is_regular_file(ec)) return false;
  std::string ext = entry.path().extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char ch) { return std::tolower(ch); });
  return ext == ".psq";
}

// A key press answers one dialog, once: the first caller in a frame takes it. (Enter in the Open
// dialog made the Replace question pending, and the question, drawn later in the same frame,
// read the same Enter as its answer: the game was replaced without being asked.)
bool Dialogs::escapePressed() {
  if (escapeTakenFrame_ == ImGui::GetFrameCount()) return false;
  const bool pressed = escape_ || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
  escape_ = false;
  if (pressed) escapeTakenFrame_ = ImGui::GetFrameCount();
  return pressed;
}

bool Dialogs::enterPressed() {
  if (enterTakenFrame_ == ImGui::GetFrameCount()) return false;
  const bool pressed = enter_ || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
  enter_ = false;
  if (pressed) enterTakenFrame_ = ImGui::GetFrameCount();
  return pressed;
}

void Dialogs::closeButton() {
  if (ImGui::Button("Close", ImVec2(ImGui::GetFontSize() * 7, 0)) || escapePressed() ||
      enterPressed()) {
    ImGui::CloseCurrentPopup();
  }
}

bool Dialogs::anyOpen() const {
  return request_ != Which::None ||
         ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}

void Dialogs::openNewGame(const GameController& controller, const Settings& settings) {
  size_ = controller.game().size();
  rule_ = static_cast<int>(controller.game().rule());
  players_[0] = static_cast<int>(controller.player(Color::Black));
  players_[1] = static_cast<int>(controller.player(Color::White));
  enginePaths_[0] = settings.blackEngine;
  enginePaths_[1] = settings.whiteEngine;
  strength_ = settings.strength;
  seconds_ = static_cast<float>(settings.timeMs) / 1000.0f;
  request_ = Which::NewGame;
}

void Dialogs::openRecord(const Settings& settings, bool save) {
  save_ = save;
  std::string folder = settings.recordFolder;
  std::error_code ec;
  if (folder.empty() || !fs::is_directory(folder, ec)) folder = homeFolder();
  browser_.setFolder(folder);
  fileName_ = save ? defaultRecordName() : "";
  error_.clear();
  replaceAsked_.clear();
  request_ = Which::Record;
}

void Dialogs::draw(UiContext& ui) {
  switch (request_) {
    case Which::NewGame:
      ImGui::OpenPopup(kNewGameId);
      break;
    case Which::Record:
      ImGui::OpenPopup(kRecordId);
      break;
    case Which::Shortcuts:
      ImGui::OpenPopup(kShortcutsId);
      break;
    case Which::About:
      ImGui::OpenPopup(kAboutTitle);
      break;
    case Which::None:
      break;
  }
  request_ = Which::None;
  drawNewGame(ui);
  drawRecord(ui);
  drawShortcuts(ui.commands);
  drawAbout(ui);
  drawConfirm(ui);
  escape_ = enter_ = false;  // a key meant for a dialog never lingers to the next one
}

void Dialogs::drawNewGame(UiContext& ui) {
  centerNextWindow(30);
  if (!ImGui::BeginPopupModal(kNewGameId, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const float labelWidth = ImGui::GetFontSize() * 8.5f;
  auto label = [&](const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(labelWidth);
  };

  label("Board size");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  const std::string sizeFormat = "%d x " + std::to_string(size_);
  ImGui::SliderInt("##size", &size_, kMinSize, kMaxSize, sizeFormat.c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("15")) size_ = 15;
  ImGui::SameLine();
  if (ImGui::SmallButton("19")) size_ = 19;

  label("Rule");
  for (int r = 0; r < kRuleCount; ++r) {
    if (r > 0) ImGui::SameLine();
    ImGui::RadioButton(kRuleLabels[r], &rule_, r);
  }
  ImGui::SetCursorPosX(labelWidth);
  ImGui::TextDisabled("%s", kRuleHelp[std::clamp(rule_, 0, kRuleCount - 1)]);

  ImGui::Separator();
  for (int side = 0; side < 2; ++side) {
    label(side == 0 ? "Black plays first" : "White");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
    ImGui::Combo(side == 0 ? "##black" : "##white", &players_[side], kPlayerKindLabels,
                 kPlayerKindCount);
    if (players_[side] == static_cast<int>(PlayerKind::Engine)) {
      ImGui::SetCursorPosX(labelWidth);
      enginePicker_.draw(side == 0 ? "black engine" : "white engine", enginePaths_[side],
                         ui.settings.recentEngines);
    }
  }
  label("Level");
  levelCombo("##level", strength_, ImGui::GetFontSize() * 14, labelWidth);
  label("Time per move");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  ImGui::SliderFloat("##time", &seconds_, 0.1f, 30.0f, "%.1f s", ImGuiSliderFlags_Logarithmic);

  if (const int moves = static_cast<int>(ui.controller.game().line().size());
      moves > 0 && !ui.controller.game().isOver()) {
    ImGui::Spacing();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextDisabled(
        "The game in progress (%d %s) is put aside; Undo (Ctrl+Z) after Start brings it back.",
        moves, moves == 1 ? "move" : "moves");
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  ImGui::Separator();
  const float buttonWidth = ImGui::GetFontSize() * 7;
  bool enginesReady = true;
  for (int side = 0; side < 2; ++side)
    if (players_[side] == static_cast<int>(PlayerKind::Engine) &&
        !engineProblem(enginePaths_[side]).empty())
      enginesReady = false;
  ImGui::BeginDisabled(!enginesReady);
  const bool nested = enginePicker_.browsing();  // its keys are its own
  bool start =
      ImGui::Button("Start", ImVec2(buttonWidth, 0)) || (enginesReady && !nested && enterPressed());
  ImGui::EndDisabled();
  ImGui::SameLine();
  bool cancel = ImGui::Button("Cancel", ImVec2(buttonWidth, 0)) || (!nested && escapePressed());
  if (start) {
    for (int side = 0; side < 2; ++side)
      if (players_[side] == static_cast<int>(PlayerKind::Engine))
        ui.actions.setEngine(side == 0 ? Color::Black : Color::White, enginePaths_[side]);
    ui.actions.setPlayer(Color::Black, static_cast<PlayerKind>(players_[0]));
    ui.actions.setPlayer(Color::White, static_cast<PlayerKind>(players_[1]));
    ui.actions.setAi(strength_, static_cast<int>(std::lround(seconds_ * 1000)));
    ui.actions.startNewGame(size_, static_cast<Rule>(rule_));
    ImGui::CloseCurrentPopup();
  } else if (cancel) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void Dialogs::drawRecord(UiContext& ui) {
  centerNextWindow(34);
  std::string title = std::string(save_ ? "Save the game as .psq" : "Open a .psq game") + kRecordId;
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const float em = ImGui::GetFontSize();
  bool confirm = browser_.draw(fileName_, "No folders or .psq files here.", 31, 14) ==
                 FolderBrowser::Pick::Chosen;

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("File name");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 24);
  // The name is what is typed first (a path pasted in, or the saved game's name changed).
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  if (ImGui::InputText("##name", &fileName_, ImGuiInputTextFlags_EnterReturnsTrue)) confirm = true;
  if (!error_.empty()) ImGui::TextColored(ImVec4(0.95f, 0.40f, 0.35f, 1), "%s", error_.c_str());

  std::string name = fileName_;
  if (save_ && fs::path(name).extension().empty()) name += ".psq";
  const fs::path path =
      fs::path(name).is_absolute() ? fs::path(name) : fs::path(browser_.folder()) / name;
  // Saving over a file asks first: the button says so, and a second press replaces it. (The
  // disk is asked only once a press was made, not every frame.)
  std::error_code ec;
  const bool asked =
      save_ && !replaceAsked_.empty() && replaceAsked_ == path.string() && fs::exists(path, ec);
  if (asked) {
    ImGui::TextColored(ImVec4(0.95f, 0.70f, 0.30f, 1),
                       "%s is there already: Replace overwrites it.",
                       path.filename().string().c_str());
  }
  const float buttonWidth = em * 7;
  // (Enter in the folder line changes the folder; it used to press Save as well.)
  if (ImGui::Button(!save_  ? "Open"
                    : asked ? "Replace"
                            : "Save",
                    ImVec2(buttonWidth, 0)) ||
      (enterPressed() && !browser_.tookEnter()))
    confirm = true;
  ImGui::SameLine();
  bool cancel = ImGui::Button("Cancel", ImVec2(buttonWidth, 0)) || escapePressed();

  if (confirm && save_ && !fileName_.empty() && !asked && fs::exists(path, ec)) {
    replaceAsked_ = path.string();
  } else if (confirm && !fileName_.empty()) {
    auto error =
        save_ ? ui.actions.saveRecord(path.string()) : ui.actions.openRecord(path.string());
    if (error) {
      error_ = *error;
    } else {
      ui.settings.recordFolder = path.parent_path().string();
      ui.actions.settingsChanged();
      ImGui::CloseCurrentPopup();
    }
  } else if (cancel) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void Dialogs::drawShortcuts(const CommandTable& commands) {
  centerNextWindow(24);
  if (!ImGui::BeginPopupModal(kShortcutsId, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  // Scrolls when the list is taller than most of the window (800x600 and more shortcuts).
  int rows = 2;  // Enter and Click below
  float keysWidth = 0, helpWidth = ImGui::GetFontSize() * 26;
  for (CommandId id : commands.order()) {
    if (commands[id].keys.empty()) continue;
    ++rows;
    keysWidth = std::max(keysWidth, ImGui::CalcTextSize(keysText(commands[id]).c_str()).x);
    helpWidth = std::max(helpWidth, ImGui::CalcTextSize(commands[id].helpText()).x);
  }
  const float rowHeight = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
  const float height =
      std::min(rowHeight * static_cast<float>(rows) + 2, ImGui::GetMainViewport()->Size.y * 0.7f);
  const float width = keysWidth + helpWidth + 4 * ImGui::GetStyle().CellPadding.x +
                      ImGui::GetStyle().ScrollbarSize + ImGui::GetFontSize();
  if (ImGui::BeginTable(
          "keys", 2,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
          ImVec2(width, height))) {
    for (CommandId id : commands.order()) {
      const Command& command = commands[id];
      if (command.keys.empty()) continue;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(keysText(command).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(command.helpText());
    }
    // Keys that belong to the dialogs and the board rather than to a command.
    const char* const kOthers[][2] = {
        {"Enter", "Confirm a dialog (Start, Save, Open, Resign); Esc closes it"},
        {"Click", "Play on a point of the board"}};
    for (const auto& row : kOthers) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[1]);
    }
    ImGui::EndTable();
  }
  closeButton();
  ImGui::EndPopup();
}

}  // namespace gomoku::gui
