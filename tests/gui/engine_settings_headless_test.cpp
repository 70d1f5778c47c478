// The engine's threads and hash in the whole program, headless: the settings file's values
// reach the real engine, --threads / --hash (AppOptions) override them for the run without
// changing the file, and a change in the Settings panel's action is used at once and saved.
// GOMOKU_SETTINGS_SCREENSHOTS=DIR keeps the picture of the panel.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "app/gui/app.h"
#include "app/gui/commands/game_actions.h"
#include "app/gui/models/engine_resources.h"
#include "core/search/engine.h"
#include "tests/gui/headless_options.h"
#include "tests/gui/temp_dir.h"

using namespace gomoku;
using namespace gomoku::gui;
using gomoku::gui::testing::TempDir;

namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

AppOptions engineOptions(const std::string& prefDir) {
  AppOptions o = gomoku::gui::testing::headlessAppOptions(1024, 720);
  o.persist = true;
  o.prefDir = prefDir;
  o.gameFile = AppOptions::GameFile::None;
  o.openPanels = {"Settings"};
  return o;
}

}  // namespace

TEST_CASE("engine settings headless: the file's threads and hash reach the real engine") {
  TempDir prefs("gomoku-engine-settings");
  Settings saved;
  saved.engineThreads = 1;
  saved.hashMb = 32;
  std::ofstream(prefs.file("settings.txt"), std::ios::binary) << formatSettings(saved);
  App app(engineOptions(prefs.path.string()));
  REQUIRE_FALSE(app.init());
  app.frame();
  CHECK(app.controller().engineResources() == EngineResources{1, 32});
  Engine* engine = app.controller().backend().engine();
  REQUIRE(engine);
  CHECK(engine->hashMb() == 32);
  CHECK(app.notices().empty());  // the file was read quietly
}

TEST_CASE(
    "engine settings headless: --threads and --hash win for the run and the file keeps its own") {
  TempDir prefs("gomoku-engine-settings");
  TempDir out("gomoku-settings-shot", "GOMOKU_SETTINGS_SCREENSHOTS");
  Settings saved;
  saved.engineThreads = 1;
  saved.hashMb = 32;
  std::ofstream(prefs.file("settings.txt"), std::ios::binary) << formatSettings(saved);
  AppOptions o = engineOptions(prefs.path.string());
  o.engineThreads = hardwareThreads();
  o.hashMb = 128;
  {
    App app(o);
    REQUIRE_FALSE(app.init());
    for (int i = 0; i < 3; ++i) app.frame();
    CHECK(app.controller().engineResources() == EngineResources{hardwareThreads(), 128});
    REQUIRE(app.controller().backend().engine());
    CHECK(app.controller().backend().engine()->hashMb() == 128);
    CHECK(app.settings().engineThreads == 1);  // the player's own choice stays for next time
    CHECK(app.settings().hashMb == 32);
    app.requestScreenshot(out.file("settings-engine.png"));
    app.frame();
    REQUIRE_FALSE(app.screenshotError());

    // The panel's change: used at once by the engine, and written to the file; the threads
    // given on the command line are not.
    app.actions().setEngineResources({hardwareThreads(), 256});
    app.frame();
    CHECK(app.controller().engineResources() == EngineResources{hardwareThreads(), 256});
    CHECK(app.controller().backend().engine()->hashMb() == 256);
    CHECK(app.settings().hashMb == 256);
    CHECK(app.settings().engineThreads == 1);
    app.flushSaves();
  }
  const std::string text = readText(prefs.file("settings.txt"));
  CHECK(text.find("engine_threads=1\n") != std::string::npos);
  CHECK(text.find("hash_mb=256\n") != std::string::npos);
}
