#include "app/gui/layout/board_area.h"
#include "app/gui/models/move_text.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "app/gui/board/board_view.h"
#include "app/gui/commands/command_widgets.h"
#include "app/gui/layout/notices.h"
#include "app/gui/models/game_controller.h"
#include "app/gui/persistence/settings.h"
#include "app/gui/platform/theme.h"
#include "core/board/rules.h"

namespace gomoku::gui {

namespace {

std::string describePlayer(const GameController& c, Color color) {
  const bool human = c.player(color) == PlayerKind::Human;
  const bool otherHuman = c.player(opponent(color)) == PlayerKind::Human;
  std::string name = sideName(color);
  if (human && !otherHuman) return name + " (you)";
  if (!human) return name + " (" + c.playerName(color) + ")";
  return name;
}

// The status line's sentence: the result, or who is to play and what the engine is doing.
std::string statusText(const GameController& c) {
  const Game& game = c.game();
  if (game.isOver()) {
    std::string text;
    switch (game.result()) {
      case GameResult::BlackWins:
        text = "Black wins";
        break;
      case GameResult::WhiteWins:
        text = "White wins";
        break;
      default:
        text = game.endReason() == EndReason::NoLegalMove ? "Draw: black has no legal move"
                                                          : "Draw: the board is full";
        break;
    }
    if (game.endReason() == EndReason::Resignation) text += " by resignation";
    if (game.endReason() == EndReason::Five) text += " with five in a row";
    return text;
  }
  if (c.analysing() && c.searching() == SearchPurpose::Analysis) {
    return fmt::format("Analysing for {}, depth {}", sideName(game.sideToMove()),
                       c.searchInfo().completedDepth);
  }
  if (c.engineFailed())
    return describePlayer(c, game.sideToMove()) + " could not move: the game is paused";
  if (c.paused()) {
    return fmt::format("Reviewing move {} of {}", game.ply(), game.line().size());
  }
  if (c.thinking()) return describePlayer(c, game.sideToMove()) + " is thinking...";
  if (c.searching() == SearchPurpose::Hint) return "Looking for a good move for you...";
  if (c.searching() == SearchPurpose::Study) {
    return fmt::format("Searching for {} one depth further (teaching), depth {}",
                       sideName(game.sideToMove()), c.searchInfo().completedDepth);
  }
  return describePlayer(c, game.sideToMove()) + " to play";
}

}  // namespace

bool BoardArea::bannerVisible(const GameController& controller) const {
  return controller.game().isOver() && bannerDismissedAt_ != controller.revision();
}

void BoardArea::dismissBanner(const GameController& controller) {
  bannerDismissedAt_ = controller.revision();
}

void BoardArea::draw(UiContext& ui, const std::vector<std::unique_ptr<Panel>>& panels, float top,
                     float width, float height, float pixelDensity) {
  GameController& c = ui.controller;
  const Game& game = c.game();
  const Settings& settings = ui.settings;
  if (sceneRevision_ != c.revision()) {
    sceneRevision_ = c.revision();
    winningLine_ = game.winningLine();
    forbidden_.clear();
    if (game.rule() == Rule::Renju && game.sideToMove() == Color::Black && !game.isOver()) {
      forbidden_ = game.forbiddenPoints();
    }
  }

  ImGui::SetNextWindowPos(ImVec2(0, top));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("##board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollWithMouse |
                   ImGuiWindowFlags_NoNavFocus);
  ImGui::PopStyleVar();
  const float pad = 14.0f * ui.uiScale;
  const float statusHeight = ImGui::GetFrameHeight() + pad;
  RectF area{pad, top + pad, width - 2 * pad, height - 2 * pad - statusHeight};
  // A panel may have the board for itself (a puzzle): its position, its clicks, its status.
  std::optional<BoardTakeover> takeover;
  Panel* owner = nullptr;
  for (const auto& panel : panels) {
    if ((takeover = panel->takeBoard(ui))) {
      owner = panel.get();
      break;
    }
  }
  const Board& shown = takeover ? *takeover->board : game.board();
  BoardView& view = ui.boardView;
  view.layout(area, shown.size(), settings.showCoordinates, pixelDensity, ui.now);
  const BoardGeometry& geometry = view.geometry();
  ImDrawList* list = ImGui::GetWindowDrawList();

  // Input: one invisible button over the wood; the point comes from the geometry.
  std::optional<Point> hovered;
  if (geometry.valid()) {
    const RectF b = geometry.board();
    ImGui::SetCursorScreenPos(ImVec2(b.x, b.y));
    ImGui::InvisibleButton("##board-input", ImVec2(std::max(1.0f, b.w), std::max(1.0f, b.h)));
    ImGui::SetItemAllowOverlap();  // the game-over banner's buttons lie on top of it
    if (ImGui::IsItemHovered()) {
      ImVec2 mouse = ImGui::GetMousePos();
      hovered = geometry.pointAt({mouse.x, mouse.y});
    }
    if (!hovered && hoverPoint_) hovered = parsePointText(*hoverPoint_, game.size());
    view.setHovered(hovered);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && hovered && takeover) {
      if (takeover->clickable) takeover->click(*hovered);
    } else if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && hovered) {
      const bool humanTurn = c.isHumanTurn();
      auto message = c.clickPoint(*hovered);
      // An illegal point comes back as an event (with its sound); say why nothing happened
      // only when it was not the player's turn.
      // (After the end the banner and the status line already say so.)
      if (message && !humanTurn && !game.isOver()) ui.notices.add(*message, NoticeKind::Info, 2);
    }
  }

  BoardScene scene;
  scene.board = &shown;
  scene.coordinates = settings.showCoordinates;
  scene.moveNumbers = settings.showMoveNumbers;
  scene.lastMove = settings.showLastMove;
  if (takeover) {
    if (shown.lastMoveWon()) scene.winningLine = winningLine(shown, shown.moves().back());
  } else {
    scene.winningLine = winningLine_;
    if (settings.showForbidden && game.sideToMove() == Color::Black && !game.isOver())
      scene.forbidden = forbidden_;
  }
  if (takeover && takeover->clickable && settings.showGhost && hovered && shown.isEmpty(*hovered)) {
    scene.ghost = hovered;
    scene.ghostColor = shown.sideToMove();
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  } else if (!takeover && settings.showGhost && hovered && c.isHumanTurn() &&
             game.board().isEmpty(*hovered) &&
             std::find(forbidden_.begin(), forbidden_.end(), *hovered) == forbidden_.end()) {
    scene.ghost = hovered;
    scene.ghostColor = game.sideToMove();
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }
  scene.hint = takeover ? kNullPoint : c.hint();
  scene.time = ui.now;
  scene.background = ImGui::GetColorU32(ImGuiCol_WindowBg);
  if (takeover && takeover->underStones)
    scene.underStones = [&](ImDrawList* l) { takeover->underStones(l, geometry); };
  view.draw(list, scene, ui.fonts.boardLabels, ui.fonts.boardNumbers);
  if (owner) {
    owner->drawOverBoard(ui, list, geometry);
  } else {
    for (const auto& panel : panels) panel->drawOverBoard(ui, list, geometry);
  }

  if (!takeover && bannerVisible(c)) drawGameOverBanner(ui);
  const RectF b = geometry.board();
  noticeArea_ = {b.x + b.w * 0.1f, b.y + pad * 0.6f, b.w * 0.8f, 0};
  drawStatus(ui, pad, top + height - statusHeight, width - 2 * pad,
             takeover ? &*takeover : nullptr);
  ImGui::End();
}

void BoardArea::drawStatus(UiContext& ui, float x, float y, float width,
                           const BoardTakeover* takeover) {
  GameController& c = ui.controller;
  const Game& game = c.game();
  const float scale = ui.uiScale;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float h = ImGui::GetFrameHeight();
  const float r = h * 0.32f;
  ImGui::SetCursorScreenPos(ImVec2(x, y));

  const std::string text = takeover ? takeover->status : statusText(c);
  const Color dot = takeover
                        ? (takeover->board->lastMoveWon() ? opponent(takeover->board->sideToMove())
                                                          : takeover->board->sideToMove())
                    : game.isOver() ? game.winner()
                                    : game.sideToMove();
  float cx = x + r + 2;
  if (dot == Color::Black || dot == Color::White) {
    drawStoneIcon(list, cx, y + h / 2, r, dot);
    cx += r * 2 + 8 * scale;
  } else {
    cx = x;
  }
  ImGui::SetCursorScreenPos(ImVec2(cx, y + (h - ImGui::GetTextLineHeight()) / 2));
  ImGui::TextUnformatted(text.c_str());
  ImGui::SameLine();
  const float after = ImGui::GetCursorScreenPos().x + 8 * scale;
  const float remaining = x + width - after;

  if (takeover) {
    // The puzzle's own controls are in its panel.
  } else if (c.searching() != SearchPurpose::None && c.searching() != SearchPurpose::Study &&
             !c.analysing() && remaining > 80 * scale) {
    const double elapsed = static_cast<double>(c.searchElapsedMs()) / 1000.0;
    const double allotted =
        std::max<double>(0.001, static_cast<double>(c.searchAllottedMs()) / 1000.0);
    char overlay[48];
    std::snprintf(overlay, sizeof overlay, "%.1f / %.1f s", elapsed, allotted);
    ImGui::SetCursorScreenPos(ImVec2(after, y));
    ImGui::ProgressBar(static_cast<float>(std::min(1.0, elapsed / allotted)),
                       ImVec2(std::min(remaining, 360 * scale), h), overlay);
  } else if (c.paused() && remaining > 120 * scale) {
    ImGui::SetCursorScreenPos(ImVec2(after, y));
    commandButton(ui.commands, CommandId::Resume, ImVec2(0, 0), LabelWidth::Short);
  } else if (game.isOver() && !bannerVisible(c) && remaining > 100 * scale) {
    ImGui::SetCursorScreenPos(ImVec2(after, y));
    commandButton(ui.commands, CommandId::PlayAgain);
  }
}

}  // namespace gomoku::gui
