// The player's files: settings read key by key (a bad key resets that key only, says so once,
// and the old file is kept as settings.bak), a damaged saved game kept as game.bak, measuring
// modes that leave the saved game alone, and atomic saves from two processes at once.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#ifndef _WIN32
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/persistence.h"
#include "app/gui/persistence/saved_game.h"
#include "core/game/record.h"
#include "fake_backend.h"
#include "tests/gui/temp_dir.h"

using namespace gomoku;
using namespace gomoku::gui;
namespace fs = std::filesystem;
using gomoku::gui::testing::ControllerFixture;
using gomoku::gui::testing::TempDir;

namespace {

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

struct Files {
  TempDir dir{"gomoku-files"};
  Notices notices{[] { return 0.0; }};
  Persistence persistence{notices, [] { return 0.0; }};
  std::string path(const char* name) const { return dir.file(name); }
};

}  // namespace

TEST_CASE("settings: a bad key resets that key only - says so once - keeps settings.bak") {
  Files f;
  const std::string old =
      "gomoku-studio-settings 1\nvolume=loud\ntheme=light\nstrength=3\ncolour_scheme=blue\n"
      "show_move_numbers=true\nend\n";
  writeText(f.path("settings.txt"), old);
  f.persistence.open(true, f.dir.path.string());
  bool fromFile = false;
  const Settings s = f.persistence.loadSettings(&fromFile);
  CHECK(fromFile);
  CHECK(s.volume == Settings{}.volume);  // the bad key: its default
  CHECK(s.theme == Theme::Light);        // the others: as written
  CHECK(s.strength == 3);
  CHECK(s.showMoveNumbers);
  REQUIRE(f.notices.list().size() == 1);
  const std::string& text = f.notices.list().front().text;
  CHECK(text.find("volume = \"loud\"") != std::string::npos);
  CHECK(text.find("\"colour_scheme\" is not a setting") != std::string::npos);
  CHECK(text.find("Every other setting was kept") != std::string::npos);
  CHECK(text.find("settings.bak") != std::string::npos);
  CHECK(readFile(f.path("settings.bak")) == old);  // the player's file, byte for byte
  f.persistence.flush();
  const SettingsLoad again = loadSettingsFile(f.path("settings.txt"));
  CHECK(again.ok());  // rewritten clean: the message is not shown a second time
  CHECK(again.settings == s);
}

TEST_CASE("settings: a file that is not settings at all gives the defaults and is kept") {
  Files f;
  const std::string junk = std::string("\x89PNG\r\n\x1a\n\0\0", 10) + "binary";
  writeText(f.path("settings.txt"), junk);
  f.persistence.open(true, f.dir.path.string());
  bool fromFile = false;
  CHECK(f.persistence.loadSettings(&fromFile) == Settings{});
  REQUIRE(f.notices.list().size() == 1);
  CHECK(f.notices.list().front().text.find("could not be read") != std::string::npos);
  CHECK(readFile(f.path("settings.bak")) == junk);
  f.persistence.flush();
  CHECK(loadSettingsFile(f.path("settings.txt")).ok());
}

TEST_CASE("settings: a good file is read quietly and no .bak is made") {
  Files f;
  Settings mine;
  mine.volume = 12;
  mine.sidebarWidth = 333;
  mine.sidebarCollapsed = true;
  mine.openPanels = std::vector<std::string>{"Game", "Teaching"};
  mine.stepMode = true;
  writeText(f.path("settings.txt"), formatSettings(mine));
  f.persistence.open(true, f.dir.path.string());
  bool fromFile = false;
  CHECK(f.persistence.loadSettings(&fromFile) == mine);
  CHECK(f.notices.empty());
  CHECK_FALSE(fs::exists(f.path("settings.bak")));
}

TEST_CASE("saved game: a damaged one is kept as game.bak before a new game is written") {
  Files f;
  const std::string damaged = "gomoku-studio-game 1\nsize=15\nrule=freestyle\nline=h8i9";
  writeText(f.path("game.txt"), damaged);
  f.persistence.open(true, f.dir.path.string());
  ControllerFixture game(PlayerKind::Human, PlayerKind::Human);
  f.persistence.restoreGame(game.c, Settings{});
  CHECK(game.c.game().ply() == 0);
  REQUIRE(f.notices.list().size() == 1);
  CHECK(f.notices.list().front().text.find("game.bak") != std::string::npos);
  CHECK(readFile(f.path("game.bak")) == damaged);
  f.persistence.flush();
  CHECK(loadSavedGameFile(f.path("game.txt")).game);
}

TEST_CASE("measuring modes: the saved game is neither read nor overwritten") {
  Files f;
  SavedGame saved;
  saved.line = *parsePositionCode("h8i9j10", 15).value;
  saved.ply = 3;
  const std::string text = formatSavedGame(saved);
  writeText(f.path("game.txt"), text);
  f.persistence.open(true, f.dir.path.string(), Persistence::GameFile::None);
  ControllerFixture game(PlayerKind::Computer, PlayerKind::Computer);
  f.persistence.restoreGame(game.c, Settings{});
  CHECK(game.c.game().ply() == 0);  // not read
  game.c.setPlayer(Color::Black, PlayerKind::Human);
  game.c.clickPoint(*parsePointText("a1", 15));
  f.persistence.saveAll(game.c, Settings{});
  f.persistence.flush();
  CHECK(readFile(f.path("game.txt")) == text);  // not written

  // A screenshot reads the game but never writes it.
  Files g;
  writeText(g.path("game.txt"), text);
  g.persistence.open(true, g.dir.path.string(), Persistence::GameFile::ReadOnly);
  ControllerFixture shown(PlayerKind::Human, PlayerKind::Human);
  g.persistence.restoreGame(shown.c, Settings{});
  CHECK(shown.c.game().ply() == 3);
  shown.c.clickPoint(*parsePointText("a1", 15));
  g.persistence.saveAll(shown.c, Settings{});
  g.persistence.flush();
  CHECK(readFile(g.path("game.txt")) == text);
}

#ifndef _WIN32
TEST_CASE("atomic saves: two processes saving the same file at once both leave a whole file") {
  TempDir dir("gomoku-files");
  const std::string path = dir.file("game.txt");
  // Two different contents, long enough that a mix of the two would show.
  const std::string a = "gomoku-studio-game 1\n# " + std::string(20000, 'a') + "\nend\n";
  const std::string b = "gomoku-studio-game 1\n# " + std::string(30000, 'b') + "\nend\n";
  pid_t children[2];
  for (int i = 0; i < 2; ++i) {
    children[i] = fork();
    REQUIRE(children[i] >= 0);
    if (children[i] == 0) {
      int failures = 0;
      for (int k = 0; k < 200; ++k) failures += writeFileAtomic(path, i == 0 ? a : b).has_value();
      _exit(failures == 0 ? 0 : 1);
    }
  }
  for (pid_t child : children) {
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // no write failed (a shared temporary name would)
  }
  const auto text = readFile(path);
  REQUIRE(text);
  CHECK((*text == a || *text == b));
  // No temporary file is left behind.
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path)) {
    CAPTURE(entry.path().string());
    CHECK(entry.path().filename() == "game.txt");
    ++files;
  }
  CHECK(files == 1);
}
#endif

TEST_CASE("settings: a damaged file that cannot be copied to .bak is left alone") {
  Files f;
  const std::string path = f.path("settings.txt");
  const std::string old = "gomoku-studio-settings 1\nvolume=loud\nend\n";
  writeText(path, old);
  // settings.bak is a folder with something in it: no copy can be made there.
  fs::create_directories(f.path("settings.bak"));
  writeText(f.path("settings.bak/keep"), "x");
  f.persistence.open(true, f.dir.path.string());
  bool fromFile = false;
  CHECK(f.persistence.loadSettings(&fromFile) == Settings{});
  REQUIRE(f.notices.list().size() == 1);
  CHECK(f.notices.list().front().text.find("left as it is") != std::string::npos);
  Settings changed;
  changed.volume = 99;
  f.persistence.settingsChanged();
  f.persistence.saveAll(ControllerFixture().c, changed);
  f.persistence.flush();
  CHECK(readFile(path) == old);  // never overwritten without a copy
}
