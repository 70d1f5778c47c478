// The review and the puzzles in the whole program, headless (SDL's dummy video driver): "Review
// this game" from the command table opens the Review panel and grades the game while frames go
// on; Ctrl+Right / Ctrl+Left walk the mistakes; the better line and the move's mark are drawn on
// the board (pixels checked). A puzzle takes the board over: its stones are drawn, not the game's.
// Set GOMOKU_REVIEW_SCREENSHOTS to a directory to keep the pictures.
#include <doctest/doctest.h>

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/board/board_view.h"
#include "app/gui/commands/game_actions.h"
#include "core/game/record.h"
#include "tests/gui/key_press.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/picture.h"
#include "tests/gui/temp_dir.h"
#include "tests/gui/run_frames.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::Picture;
using gomoku::gui::testing::press;
using gomoku::gui::testing::TempDir;

using gomoku::gui::testing::isWood;
using gomoku::gui::testing::runUntil;
using gomoku::testsupport::pt;
namespace {

// Black's four h8..k8 ignored by white's d12; black's a1 leaves the five at l8 (a missed win).
AppOptions reviewOptions(int width, int height) {
  AppOptions o = gomoku::gui::testing::headlessAppOptions(width, height);
  o.position = "h8g8i8h9j8i9k8d12a1";
  o.openPanels = {"Moves"};
  return o;
}

bool isOpen(const App& app, const char* title) {
  const auto& open = app.openPanels();
  return std::find(open.begin(), open.end(), title) != open.end();
}

void shoot(App& app, const std::string& path) {
  app.requestScreenshot(path);
  app.frame();
  REQUIRE_FALSE(app.screenshotError());
}

}  // namespace

TEST_CASE("review headless: Review this game fills the panel and Ctrl+Right walks the mistakes") {
  TempDir out("gomoku-review", "GOMOKU_REVIEW_SCREENSHOTS");
  for (auto [width, height] : {std::pair{1280, 800}, std::pair{800, 600}}) {
    CAPTURE(width);
    App app(reviewOptions(width, height));
    REQUIRE_FALSE(app.init());
    app.frame();
    const GameController& c = app.controller();
    REQUIRE(c.game().ply() == 9);
    REQUIRE(app.commands()[CommandId::ReviewGame].isEnabled());
    app.actions().reviewThoroughness = 0;
    app.commands().run(CommandId::ReviewGame);
    app.frame();
    app.frame();
    CHECK(isOpen(app, "Review"));
    ReviewModel& review = app.actions().review();
    CHECK(review.running());
    if (width == 1280) shoot(app, out.file("review-running-1280.png"));
    REQUIRE(runUntil(app, [&] { return !review.running(); }));
    REQUIRE(review.state() == ReviewModel::State::Done);

    // From the start, Ctrl+Right goes to each mistake in turn; the last is the missed win.
    press(app, SDLK_HOME);
    REQUIRE(c.game().ply() == 0);
    std::vector<int> plies;
    for (int i = 0; i < 9; ++i) {
      press(app, SDLK_RIGHT, KMOD_LCTRL);
      if (plies.empty() || c.game().ply() != plies.back()) plies.push_back(c.game().ply());
    }
    REQUIRE_FALSE(plies.empty());
    CHECK(plies.back() == 9);
    for (int ply : plies) CHECK(isReviewMistake(*review.moveAt(ply)));
    if (plies.size() >= 2) {
      press(app, SDLK_LEFT, KMOD_LCTRL);
      CHECK(c.game().ply() == plies[plies.size() - 2]);
      press(app, SDLK_RIGHT, KMOD_LCTRL);
    }
    CHECK(c.game().ply() == 9);
    for (int i = 0; i < 2; ++i) app.frame();
    const std::string shot = out.file("review-missed-win-" + std::to_string(width) + "x" +
                                      std::to_string(height) + ".png");
    shoot(app, shot);

    // On the board: the better move l8 as a translucent black stone; a1 ringed in the missed
    // win's violet.
    Picture pixels(shot);
    REQUIRE(pixels.surface);
    CHECK(pixels.width() == width);
    const BoardGeometry& g = app.boardView().geometry();
    const Vec2f l8 = g.center(pt("l8"));
    CHECK(c.game().board().isEmpty(pt("l8")));
    CHECK_FALSE(isWood(pixels.at(l8.x - g.cell() * 0.3f, l8.y)));
    const Vec2f a1 = g.center(pt("a1"));
    const float r = g.cell() * 0.75f;
    CHECK(pixels.count(a1.x - r, a1.y - r, a1.x + r, a1.y + r, SDL_Color{196, 96, 232, 255}, 40) >
          4);
    // Elsewhere on the wood nothing of the sort.
    const Vec2f h3 = g.center(pt("h3"));
    CHECK(pixels.count(h3.x - r, h3.y - r, h3.x + r, h3.y + r, SDL_Color{196, 96, 232, 255}, 40) ==
          0);

    // A new game: the review is out of date and the marks go.
    app.actions().startNewGame(15, Rule::Freestyle);
    app.frame();
    CHECK(review.state() == ReviewModel::State::Stale);
    CHECK_FALSE(app.commands()[CommandId::NextMistake].isEnabled());
  }
}

TEST_CASE("review headless: a puzzle takes the board over and the game waits unchanged") {
  TempDir out("gomoku-puzzle", "GOMOKU_REVIEW_SCREENSHOTS");
  for (auto [width, height] : {std::pair{1280, 800}, std::pair{800, 600}}) {
    CAPTURE(width);
    AppOptions o = reviewOptions(width, height);
    o.assetsDir = GOMOKU_ASSETS_DIR;
    App app(o);
    REQUIRE_FALSE(app.init());
    app.commands().run(CommandId::Puzzles);
    app.frame();
    app.frame();
    CHECK(isOpen(app, "Puzzles"));
    PuzzleModel& model = app.actions().puzzles();
    REQUIRE(model.opened());
    REQUIRE(model.builtIn().size() >= 16);
    shoot(app,
          out.file("puzzle-list-" + std::to_string(width) + "x" + std::to_string(height) + ".png"));
    const Puzzle puzzle = model.builtIn()[3];  // a win in 3
    model.begin(puzzle);
    REQUIRE(runUntil(app, [&] { return !model.busy(); }));
    const int gamePly = app.controller().game().ply();

    // The answer (as the board's click would play it: SDL's dummy driver has no mouse to
    // move; the click itself was tried under Xvfb, see the README).
    app.frame();
    const BoardGeometry& g = app.boardView().geometry();
    const Point answer = puzzle.answers.front();
    REQUIRE(model.play(answer));
    app.frame();
    REQUIRE(runUntil(app, [&] { return !model.busy(); }));
    CHECK(model.played().size() == 2);
    CHECK(model.board().at(answer) == puzzle.attacker());
    CHECK(app.controller().game().ply() == gamePly);  // the game waits, unchanged
    CHECK(app.controller().game().board().isEmpty(answer));
    model.requestHint();
    REQUIRE(runUntil(app, [&] { return !model.busy(); }));
    for (int i = 0; i < 2; ++i) app.frame();
    const std::string shot =
        out.file("puzzle-play-" + std::to_string(width) + "x" + std::to_string(height) + ".png");
    shoot(app, shot);
    Picture pixels(shot);
    REQUIRE(pixels.surface);
    // The puzzle's stones are on the board, not the game's.
    const Board& game = app.controller().game().board();
    int checked = 0;
    for (Point p : model.board().moves()) {
      if (!game.isEmpty(p)) continue;
      const Vec2f c = g.center(p);
      CHECK_FALSE(isWood(pixels.at(c.x - g.cell() * 0.3f, c.y)));
      ++checked;
    }
    CHECK(checked > 0);
    for (Point p : game.moves()) {
      if (!model.board().isEmpty(p)) continue;
      const Vec2f c = g.center(p);  // off the grid lines, inside where a stone would be
      CHECK(isWood(pixels.at(c.x + g.cell() * 0.25f, c.y + g.cell() * 0.25f)));
    }
    model.close();
    app.frame();
    CHECK_FALSE(model.active());
  }
}

TEST_CASE("review headless: the result banner starts the review and the app closes mid-review") {
  std::thread([] {}).join();  // a sanitizer's runtime starts its own thread with the first one
  auto threads = [] {
    int n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/task"))
      ++n;
    return n;
  };
  const int before = threads();
  {
    AppOptions o = gomoku::gui::testing::headlessAppOptions(1024, 720);
    o.position = "h8h9i8i9j8j9k8k9l8";  // black's five: the game is over
    App app(o);
    REQUIRE_FALSE(app.init());
    app.frame();
    app.frame();
    const int running = threads();
    REQUIRE(app.bannerVisible());
    app.actions().reviewThoroughness = 2;  // long enough to be still running below
    app.commands().run(CommandId::ReviewGame);
    app.frame();
    CHECK_FALSE(app.bannerVisible());
    CHECK(app.actions().review().running());
    CHECK(threads() > running);
  }  // the App goes with the review running: its thread is joined, nothing is left
  CHECK(threads() == before);
}
