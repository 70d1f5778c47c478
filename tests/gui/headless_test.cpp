// The whole program without a screen: SDL's dummy video driver, the software renderer and
// SDL's "disk" audio driver (which writes what would be played into a file). A computer-vs-
// computer game runs through App::frame(); the screenshot and the sound are then checked.
#include <doctest/doctest.h>

#include <SDL.h>
#include <SDL_image.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "app/gui/app.h"
#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/saved_game.h"
#include "app/gui/persistence/settings.h"
#include "core/game/record.h"
#include "tests/gui/temp_dir.h"
#include "tests/gui/picture.h"

using namespace gomoku;
using namespace gomoku::gui;
namespace fs = std::filesystem;
using gomoku::gui::testing::isWood;
using gomoku::gui::testing::Picture;
using gomoku::gui::testing::TempDir;

namespace {

void useHeadlessDrivers(const TempDir& dir) {
#ifdef _WIN32
  _putenv_s("SDL_VIDEODRIVER", "dummy");
  _putenv_s("SDL_AUDIODRIVER", "disk");
  _putenv_s("SDL_DISKAUDIOFILE", dir.file("audio.raw").c_str());
#else
  setenv("SDL_VIDEODRIVER", "dummy", 1);
  setenv("SDL_AUDIODRIVER", "disk", 1);
  setenv("SDL_DISKAUDIOFILE", dir.file("audio.raw").c_str(), 1);
#endif
}

AppOptions headlessOptions(const TempDir& dir) {
  AppOptions o;
  o.headless = true;
  o.prefDir = dir.file("prefs");
  o.windowWidth = 1024;
  o.windowHeight = 720;
  o.uiScale = 1;
  return o;
}

bool isBlackStone(SDL_Color c) {
  return std::max({c.r, c.g, c.b}) < 90;
}
bool isWhiteStone(SDL_Color c) {
  return std::min({c.r, c.g, c.b}) > 150 && c.b > 140 && c.r - c.b < 40;
}

// 16-bit stereo samples of the disk audio file.
std::vector<int16_t> readSamples(const std::string& path) {
  auto bytes = readFile(path);
  std::vector<int16_t> samples;
  if (!bytes) return samples;
  samples.resize(bytes->size() / 2);
  std::memcpy(samples.data(), bytes->data(), samples.size() * 2);
  return samples;
}

int loudest(const std::vector<int16_t>& samples, size_t from, size_t to) {
  int peak = 0;
  for (size_t i = from; i < std::min(to, samples.size()); ++i)
    peak = std::max(peak, std::abs(static_cast<int>(samples[i])));
  return peak;
}

}  // namespace

TEST_CASE(
    "headless: a computer-vs-computer game through the frame loop, its screenshot and its sound") {
  TempDir dir("gomoku-headless");
  useHeadlessDrivers(dir);
  AppOptions o = headlessOptions(dir);
  o.black = PlayerKind::Computer;
  o.white = PlayerKind::Computer;
  o.size = 9;
  o.rule = Rule::Freestyle;
  o.strength = 10;
  o.timeMs = 60;
  o.minimumMoveMs = 0;
  std::vector<Point> moves;
  int frames = 0;
  {
    App app(o);
    auto error = app.init();
    REQUIRE_MESSAGE(!error, error.value_or(""));
    CHECK(app.audio().available());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!app.controller().game().isOver() && std::chrono::steady_clock::now() < deadline) {
      app.frame();
      ++frames;
    }
    const Game& game = app.controller().game();
    REQUIRE(game.isOver());
    CHECK(game.size() == 9);
    CHECK(app.stonesPlayed() == game.ply());
    CHECK(frames > game.ply());  // the engine worked while frames went on
    moves = game.moves();
    if (game.result() != GameResult::Draw) CHECK(game.winningLine().size() >= 5);

    // The game on disk is the game on the board (saved after every move).
    app.flushSaves();
    SavedGameLoad saved = loadSavedGameFile(dir.file("prefs/game.txt"));
    REQUIRE(saved.game);
    CHECK(saved.game->line == game.line());

    // The game-over banner is up; Esc puts it away so every stone can be looked at.
    app.frame();
    CHECK(app.bannerVisible());
    SDL_Event esc{};
    esc.type = SDL_KEYDOWN;
    esc.key.keysym.sym = SDLK_ESCAPE;
    esc.key.keysym.scancode = SDL_SCANCODE_ESCAPE;
    REQUIRE(SDL_PushEvent(&esc) == 1);
    app.frame();
    CHECK_FALSE(app.bannerVisible());

    const std::string shot = dir.file("shot.png");
    app.requestScreenshot(shot);
    app.frame();
    REQUIRE_MESSAGE(!app.screenshotError(), app.screenshotError().value_or(""));

    Picture picture(shot);
    REQUIRE(picture.surface);
    CHECK(picture.width() == 1024);
    CHECK(picture.height() == 720);
    const BoardGeometry& g = app.boardView().geometry();
    const RectF b = g.board();
    int wood = 0, total = 0;
    for (int y = static_cast<int>(b.y) + 4; y < static_cast<int>(b.y + b.h) - 4; y += 3) {
      for (int x = static_cast<int>(b.x) + 4; x < static_cast<int>(b.x + b.w) - 4; x += 3) {
        ++total;
        wood += isWood(picture.at(x, y));
      }
    }
    CHECK(wood > total / 3);
    // Every stone shows in its colour, away from the centre marks and the winning line.
    const float r = g.stoneRadius();
    for (size_t i = 0; i < moves.size(); ++i) {
      const Vec2f c = g.center(moves[i]);
      const SDL_Color px =
          picture.at(static_cast<int>(c.x + 0.5f * r), static_cast<int>(c.y + 0.25f * r));
      CAPTURE(pointToText(moves[i]));
      CAPTURE(static_cast<int>(px.r));
      CAPTURE(static_cast<int>(px.g));
      CAPTURE(static_cast<int>(px.b));
      if (i % 2 == 0) {
        CHECK(isBlackStone(px));
      } else {
        CHECK(isWhiteStone(px));
      }
    }
    // Empty points show the wood between the lines.
    for (int y = 0; y < 9; ++y) {
      for (int x = 0; x < 9; ++x) {
        const Point p = makePoint(x, y);
        if (!game.board().isEmpty(p)) continue;
        const Vec2f c = g.center(p);
        CHECK(isWood(picture.at(static_cast<int>(c.x + 0.3f * g.cell()),
                                static_cast<int>(c.y + 0.3f * g.cell()))));
      }
    }
  }
  // Sound was mixed into the (disk) device: the stones, the end of the game.
  std::vector<int16_t> samples = readSamples(dir.file("audio.raw"));
  CHECK(samples.size() > 44100);
  CHECK(loudest(samples, 0, samples.size()) > 2000);
}

TEST_CASE("headless: silence until a stone is placed, then the stone is heard") {
  TempDir dir("gomoku-headless");
  useHeadlessDrivers(dir);
  AppOptions o = headlessOptions(dir);
  o.black = PlayerKind::Human;
  o.white = PlayerKind::Human;
  uintmax_t writtenAtClick = 0;
  {
    App app(o);
    REQUIRE_FALSE(app.init());
    REQUIRE(app.audio().available());
    for (int i = 0; i < 30; ++i) {
      app.frame();
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    // What the device has written so far (a little less, for buffering) is all from before
    // the stone.
    writtenAtClick = fs::file_size(dir.file("audio.raw"));
    REQUIRE_FALSE(app.controller().clickPoint(*parsePointText("h8", 15)));
    for (int i = 0; i < 40; ++i) {
      app.frame();
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(app.stonesPlayed() == 1);
  }
  std::vector<int16_t> samples = readSamples(dir.file("audio.raw"));
  const size_t before = static_cast<size_t>(writtenAtClick / 2);
  CHECK(before > 0);
  REQUIRE(samples.size() > before);
  CHECK(loudest(samples, 0, before) == 0);
  CHECK(loudest(samples, before, samples.size()) > 2000);
}

TEST_CASE("headless: the game is saved after every move and restored by the next start") {
  TempDir dir("gomoku-headless");
  useHeadlessDrivers(dir);
  AppOptions o = headlessOptions(dir);
  o.audio = false;
  o.black = PlayerKind::Human;
  o.white = PlayerKind::Human;
  const char* moves[] = {"h8", "i9", "j10", "g7"};
  {
    App app(o);
    REQUIRE_FALSE(app.init());
    app.frame();
    int played = 0;
    for (const char* m : moves) {
      REQUIRE_FALSE(app.controller().clickPoint(*parsePointText(m, 15)));
      app.frame();
      ++played;
      // On disk as soon as the writer thread has flushed it: what a kill would find.
      app.flushSaves();
      SavedGameLoad saved = loadSavedGameFile(dir.file("prefs/game.txt"));
      REQUIRE(saved.game);
      CHECK(static_cast<int>(saved.game->line.size()) == played);
    }
    app.controller().undo();
    app.frame();
  }
  App again(o);
  REQUIRE_FALSE(again.init());
  const Game& game = again.controller().game();
  CHECK(game.ply() == 3);
  CHECK(game.line().size() == 4);
  CHECK(toPositionCode(game.line()) == "h8i9j10g7");
  CHECK(again.notices().empty());
}

TEST_CASE("headless: damaged settings and game files are reported and replaced by defaults") {
  TempDir dir("gomoku-headless");
  useHeadlessDrivers(dir);
  AppOptions o = headlessOptions(dir);
  o.audio = false;
  fs::create_directories(dir.file("prefs"));
  {
    std::ofstream(dir.file("prefs/settings.txt")) << "gomoku-studio-settings 1\nvolume=loud\nend\n";
    std::ofstream(dir.file("prefs/game.txt"))
        << "gomoku-studio-game 1\nsize=15\nrule=freestyle\nline=h8i9";
  }
  App app(o);
  REQUIRE_FALSE(app.init());
  app.frame();
  bool settingsReported = false, gameReported = false;
  for (const Notice& n : app.notices()) {
    CHECK(n.kind == NoticeKind::Warning);
    settingsReported |=
        n.text.find("settings") != std::string::npos && n.text.find("volume") != std::string::npos;
    gameReported |= n.text.find("saved game") != std::string::npos &&
                    n.text.find("cut short") != std::string::npos;
  }
  CHECK(settingsReported);
  CHECK(gameReported);
  CHECK(app.settings() == Settings{});
  CHECK(app.controller().game().ply() == 0);
  // Both files were rewritten with good contents.
  app.flushSaves();
  SettingsLoad settings = loadSettingsFile(dir.file("prefs/settings.txt"));
  CHECK(settings.error.empty());
  SavedGameLoad game = loadSavedGameFile(dir.file("prefs/game.txt"));
  CHECK(game.game);
  CHECK(game.error.empty());
}

#ifdef GOMOKU_EXE
TEST_CASE("gomoku --screenshot renders a position to an image and exits 0") {
  TempDir dir("gomoku-headless");
  const std::string bmp = dir.file("position.bmp");
  const std::string png = dir.file("position.png");
  const std::string base =
      std::string("\"") + GOMOKU_EXE + "\" --position h8i9j10h9h10 --window 900x640 --screenshot ";
  REQUIRE(std::system((base + "\"" + bmp + "\"").c_str()) == 0);
  REQUIRE(std::system((base + "\"" + png + "\"").c_str()) == 0);
  for (const std::string& path : {bmp, png}) {
    Picture picture(path);
    REQUIRE(picture.surface);
    CHECK(picture.width() == 900);
    CHECK(picture.height() == 640);
    // The board: the rows and columns that are mostly wood (a few wood-coloured slider grabs
    // in the panels do not make a row or column of it).
    const int w = picture.width(), h = picture.height();
    std::vector<int> woodInColumn(static_cast<size_t>(w)), woodInRow(static_cast<size_t>(h));
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        if (isWood(picture.at(x, y))) {
          ++woodInColumn[static_cast<size_t>(x)];
          ++woodInRow[static_cast<size_t>(y)];
        }
      }
    }
    int left = w, right = -1, top = h, bottom = -1;
    for (int x = 0; x < w; ++x) {
      if (woodInColumn[static_cast<size_t>(x)] > 100)
        left = std::min(left, x), right = std::max(right, x);
    }
    for (int y = 0; y < h; ++y) {
      if (woodInRow[static_cast<size_t>(y)] > 100)
        top = std::min(top, y), bottom = std::max(bottom, y);
    }
    REQUIRE(right > left);
    REQUIRE(bottom > top);
    CHECK(right - left > w / 2);  // a big, square board
    CHECK(std::abs((right - left) - (bottom - top)) < 6);
    int black = 0, white = 0;
    for (int y = top; y <= bottom; ++y) {
      for (int x = left; x <= right; ++x) {
        SDL_Color c = picture.at(x, y);
        black += std::max({c.r, c.g, c.b}) < 30;
        white += c.r >= 240 && c.g >= 238 && c.b >= 228;
      }
    }
    CHECK(black > 300);  // three black stones
    CHECK(white > 100);  // two white stones (their lit side)
  }
  CHECK(std::system(("\"" + std::string(GOMOKU_EXE) + "\" --size 3 --screenshot x.png").c_str()) !=
        0);
}

TEST_CASE("gomoku --screenshot works at many window sizes and interface scales") {
  // Sizes where SDL's software renderer once crashed on the rounded, textured board.
  TempDir dir("gomoku-headless");
  const std::string png = dir.file("shot.png");
  for (const char* args :
       {"--window 1600x1000", "--window 1920x1080", "--scale 1.25", "--window 2560x1440 --scale 2",
        "--window 800x600 --size 22", "--window 1000x700 --size 5 --set show_move_numbers=true"}) {
    CAPTURE(args);
    const std::string command = std::string("\"") + GOMOKU_EXE + "\" --position c3d4 " + args +
                                " --screenshot \"" + png + "\"";
    CHECK(std::system(command.c_str()) == 0);
    Picture picture(png);
    CHECK(picture.surface);
  }
}
#endif
