// Settings and the saved game: round trips through text and files, the atomic write, and
// damaged or truncated files falling back to defaults with a message.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/saved_game.h"
#include "app/gui/persistence/settings.h"
#include "fake_backend.h"
#include "tests/gui/temp_dir.h"
#include "tests/support/point_text.h"

using namespace gomoku;
using namespace gomoku::gui;
namespace fs = std::filesystem;
using gomoku::gui::testing::TempDir;
using gomoku::testsupport::pt;

namespace {

// A fresh folder under the system's temporary directory, removed at the end of the test.
void writeRaw(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

Settings unusualSettings() {
  Settings s;
  s.volume = 33;
  s.muted = true;
  s.showCoordinates = false;
  s.showMoveNumbers = true;
  s.showLastMove = false;
  s.showForbidden = false;
  s.showGhost = false;
  s.theme = Theme::Light;
  s.black = PlayerKind::Computer;
  s.white = PlayerKind::Human;
  s.strength = 9;
  s.timeMs = 750;
  s.engineThreads = 3;
  s.hashMb = 256;
  s.boardSize = 19;
  s.rule = Rule::Renju;
  s.windowWidth = 1500;
  s.windowHeight = 999;
  s.fullscreen = true;
  s.recordFolder = "/home/someone/games with spaces";
  return s;
}

}  // namespace

TEST_CASE("settings round trip through text") {
  const Settings s = unusualSettings();
  REQUIRE_FALSE(s == Settings{});
  SettingsLoad loaded = parseSettings(formatSettings(s));
  CHECK(loaded.error.empty());
  CHECK(loaded.settings == s);
  // And the defaults too.
  CHECK(parseSettings(formatSettings(Settings{})).settings == Settings{});
}

TEST_CASE("settings: unknown keys are left out and named - comments are skipped quietly") {
  std::string text = formatSettings(unusualSettings());
  text.insert(text.find("volume="), "# a comment\nfuture_option=42\n\n");
  SettingsLoad loaded = parseSettings(text);
  CHECK(loaded.error.empty());
  CHECK(loaded.settings == unusualSettings());
  REQUIRE(loaded.problems.size() == 1);
  CHECK(loaded.problems[0].find("future_option") != std::string::npos);
}

TEST_CASE("settings: a key given twice keeps its first value and is named") {
  std::string text = formatSettings(unusualSettings());
  const size_t volume = text.find("volume=");
  const std::string first = text.substr(volume, text.find('\n', volume) - volume);
  REQUIRE(first != "volume=3");
  text.insert(text.find("end\n"), "volume=3\n");
  SettingsLoad loaded = parseSettings(text);
  CHECK(loaded.error.empty());
  CHECK(loaded.settings == unusualSettings());  // the first volume, not 3
  REQUIRE(loaded.problems.size() == 1);
  CHECK(loaded.problems[0].find("\"volume\" is given a second time") != std::string::npos);
}

TEST_CASE("settings: damaged text is read key by key and says what is wrong") {
  const Settings unusual = unusualSettings();
  const std::string good = formatSettings(unusual);
  auto mentions = [](const SettingsLoad& loaded, const char* part) {
    for (const std::string& p : loaded.problems)
      if (p.find(part) != std::string::npos) return true;
    return false;
  };
  SUBCASE("garbage") {
    SettingsLoad loaded = parseSettings("\x01\x02 not a settings file at all");
    CHECK(loaded.settings == Settings{});
    CHECK(loaded.error.find("line 1") != std::string::npos);
  }
  SUBCASE("empty") {
    SettingsLoad loaded = parseSettings("");
    CHECK(loaded.settings == Settings{});
    CHECK_FALSE(loaded.error.empty());
  }
  SUBCASE("truncated: the keys before the cut are kept") {
    SettingsLoad loaded = parseSettings(good.substr(0, good.size() / 2));
    CHECK(loaded.error.empty());
    CHECK(loaded.settings.volume == unusual.volume);
    CHECK(loaded.settings.recordFolder == Settings{}.recordFolder);  // after the cut
    CHECK(mentions(loaded, "cut short"));
  }
  SUBCASE("a value out of range resets that key only") {
    std::string text = good;
    text.replace(text.find("volume=33"), 9, "volume=abc");
    SettingsLoad loaded = parseSettings(text);
    Settings expected = unusual;
    expected.volume = Settings{}.volume;
    CHECK(loaded.settings == expected);
    CHECK(mentions(loaded, "volume = \"abc\""));
  }
  SUBCASE("an unknown rule resets the rule only") {
    std::string text = good;
    text.replace(text.find("rule=renju"), 10, "rule=chess");
    SettingsLoad loaded = parseSettings(text);
    Settings expected = unusual;
    expected.rule = Settings{}.rule;
    CHECK(loaded.settings == expected);
    CHECK(mentions(loaded, "rule"));
  }
  SUBCASE("a line that is not key=value is skipped") {
    std::string text = good;
    text.insert(text.find("muted="), "this is not a setting\n");
    SettingsLoad loaded = parseSettings(text);
    CHECK(loaded.settings == unusual);
    CHECK(mentions(loaded, "line 3"));
  }
}

TEST_CASE("one setting from its text form") {
  Settings s;
  REQUIRE_FALSE(setSetting(s, "theme", "light"));
  CHECK(s.theme == Theme::Light);
  REQUIRE_FALSE(setSetting(s, "show_move_numbers", "true"));
  CHECK(s.showMoveNumbers);
  REQUIRE_FALSE(setSetting(s, "record_folder", "/some where"));
  CHECK(s.recordFolder == "/some where");
  auto error = setSetting(s, "volume", "200");
  REQUIRE(error);
  CHECK(error->find("volume") != std::string::npos);
  CHECK(s.volume == Settings{}.volume);  // unchanged
  CHECK(setSetting(s, "no_such_key", "1"));
  REQUIRE_FALSE(setSetting(s, "open_panels", "Game,Teaching"));  // a key written only when set
  CHECK(s.openPanels == std::vector<std::string>{"Game", "Teaching"});
  CHECK(setSetting(s, "", "1"));
}

TEST_CASE("settings: engine threads and hash size round trip and bad values change nothing") {
  const Settings unusual = unusualSettings();
  const std::string good = formatSettings(unusual);
  CHECK(good.find("engine_threads=3\n") != std::string::npos);
  CHECK(good.find("hash_mb=256\n") != std::string::npos);
  // Every hash choice and the whole thread range read back as written.
  for (int mb : kHashChoicesMb) {
    Settings s;
    REQUIRE_FALSE(setSetting(s, "hash_mb", std::to_string(mb)));
    CHECK(parseSettings(formatSettings(s)).settings.hashMb == mb);
  }
  for (int threads : {1, 2, kMaxEngineThreads}) {
    Settings s;
    REQUIRE_FALSE(setSetting(s, "engine_threads", std::to_string(threads)));
    CHECK(parseSettings(formatSettings(s)).settings.engineThreads == threads);
  }
  // A bad value in the file: that key goes back to its default, with a message naming it.
  for (auto [key, value] : {std::pair<const char*, const char*>{"engine_threads", "0"},
                            {"engine_threads", "65"},
                            {"engine_threads", "-1"},
                            {"engine_threads", "four"},
                            {"hash_mb", "100"},
                            {"hash_mb", "8"},
                            {"hash_mb", "2048"},
                            {"hash_mb", "64MB"},
                            {"hash_mb", ""}}) {
    CAPTURE(key);
    CAPTURE(value);
    std::string text = good;
    const std::string line = std::string(key) + "=" + (key == std::string("hash_mb") ? "256" : "3");
    text.replace(text.find(line), line.size(), std::string(key) + "=" + value);
    SettingsLoad loaded = parseSettings(text);
    Settings expected = unusual;
    if (key == std::string("hash_mb")) {
      expected.hashMb = kDefaultHashMb;
    } else {
      expected.engineThreads = 1;
    }
    CHECK(loaded.settings == expected);
    REQUIRE(loaded.problems.size() == 1);
    CHECK(loaded.problems[0].find(key) != std::string::npos);
    // One setting changed from outside (--set): refused, and the settings stay as they were.
    Settings s = unusual;
    CHECK(setSetting(s, key, value));
    CHECK(s == unusual);
  }
}

TEST_CASE("settings file: missing is quiet, damaged is reported with its path") {
  TempDir dir("gomoku-gui-test");
  const std::string path = dir.file("settings.txt");
  SettingsLoad missing = loadSettingsFile(path);
  CHECK(missing.error.empty());
  CHECK(missing.settings == Settings{});

  REQUIRE_FALSE(writeFileAtomic(path, formatSettings(unusualSettings())));
  CHECK(loadSettingsFile(path).settings == unusualSettings());

  const std::string text = formatSettings(unusualSettings());
  writeRaw(path, text.substr(0, 40));  // a crash of a non-atomic writer would leave this
  SettingsLoad damaged = loadSettingsFile(path);
  CHECK_FALSE(damaged.ok());
  const std::string message = settingsProblemMessage(damaged, path, path + ".bak");
  CHECK(message.find(path) != std::string::npos);
  CHECK(message.find("cut short") != std::string::npos);
  CHECK(message.find("defaults") != std::string::npos);
  CHECK(message.find(".bak") != std::string::npos);
}

TEST_CASE("atomic write replaces the file whole and leaves no temporary behind") {
  TempDir dir("gomoku-gui-test");
  const std::string path = dir.file("data.txt");
  REQUIRE_FALSE(writeFileAtomic(path, "first version\n"));
  CHECK(readFile(path) == std::string("first version\n"));
  REQUIRE_FALSE(writeFileAtomic(path, "second\n"));
  CHECK(readFile(path) == std::string("second\n"));
  CHECK_FALSE(fs::exists(path + ".tmp"));
  int files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path)) ++files;
  CHECK(files == 1);
  // A folder that does not exist: an error message, no exception.
  auto error = writeFileAtomic(dir.file("no/such/folder/file.txt"), "x");
  REQUIRE(error);
  CHECK(error->find("cannot write") != std::string::npos);
}

TEST_CASE("background writer: the last version wins, flush waits, errors are reported once") {
  TempDir dir("gomoku-gui-test");
  const std::string path = dir.file("game.txt");
  BackgroundWriter writer;
  for (int i = 0; i < 200; ++i) writer.write(path, "version " + std::to_string(i) + "\n");
  writer.write(dir.file("other.txt"), "other\n");
  writer.flush();
  CHECK(readFile(path) == std::string("version 199\n"));
  CHECK(readFile(dir.file("other.txt")) == std::string("other\n"));
  CHECK_FALSE(writer.takeError());

  writer.write(dir.file("missing/folder/x.txt"), "x");
  writer.flush();
  auto error = writer.takeError();
  REQUIRE(error);
  CHECK(error->find("missing") != std::string::npos);
  CHECK_FALSE(writer.takeError());
}

TEST_CASE("background writer: what is queued is written before it is destroyed") {
  TempDir dir("gomoku-gui-test");
  {
    BackgroundWriter writer;
    writer.write(dir.file("a.txt"), "a\n");
    writer.write(dir.file("b.txt"), "b\n");
  }
  CHECK(readFile(dir.file("a.txt")) == std::string("a\n"));
  CHECK(readFile(dir.file("b.txt")) == std::string("b\n"));
}

TEST_CASE("saved game round trip: the line, the move shown, a resignation") {
  auto searches = std::make_shared<gomoku::gui::testing::FakeSearches>();
  GameController c(std::make_unique<gomoku::gui::testing::FakeBackend>(searches));
  c.setPlayer(Color::White, PlayerKind::Human);
  REQUIRE_FALSE(c.newGame(19, Rule::Renju));
  for (const char* m : {"j10", "k11", "l12", "k10", "j12"}) REQUIRE_FALSE(c.clickPoint(pt(m, 19)));
  REQUIRE(c.undo());
  REQUIRE(c.undo());  // line of 5, 3 on the board

  SavedGame saved = captureGame(c.game());
  CHECK(saved.size == 19);
  CHECK(saved.rule == Rule::Renju);
  CHECK(saved.line.size() == 5);
  CHECK(saved.ply == 3);
  CHECK(saved.resigned == Color::Empty);
  const std::string text = formatSavedGame(saved);
  SavedGameLoad loaded = parseSavedGame(text);
  REQUIRE(loaded.game);
  CHECK(loaded.error.empty());
  CHECK(*loaded.game == saved);

  GameController restored(std::make_unique<gomoku::gui::testing::FakeBackend>(searches));
  REQUIRE_FALSE(restoreGame(restored, *loaded.game));
  CHECK(restored.game().size() == 19);
  CHECK(restored.game().rule() == Rule::Renju);
  CHECK(restored.game().moves() == c.game().moves());
  CHECK(restored.game().line() == c.game().line());

  c.resign();  // white (to move) resigns
  saved = captureGame(c.game());
  CHECK(saved.resigned == Color::White);
  loaded = parseSavedGame(formatSavedGame(saved));
  REQUIRE(loaded.game);
  REQUIRE_FALSE(restoreGame(restored, *loaded.game));
  CHECK(restored.game().result() == GameResult::BlackWins);
  CHECK(restored.game().endReason() == EndReason::Resignation);
}

TEST_CASE("saved game: damaged files are refused with a message and change nothing") {
  SavedGame saved;
  saved.size = 15;
  saved.line = {pt("h8"), pt("i9"), pt("j10")};
  saved.ply = 3;
  const std::string good = formatSavedGame(saved);
  REQUIRE(parseSavedGame(good).game);

  auto refused = [](const std::string& text, const char* expect) {
    SavedGameLoad loaded = parseSavedGame(text);
    CHECK_FALSE(loaded.game);
    CHECK(loaded.error.find(expect) != std::string::npos);
  };
  refused(good.substr(0, good.size() - 6), "cut short");
  refused("", "empty");
  refused("PK\x03\x04 binary junk", "line 1");
  std::string text = good;
  text.replace(text.find("ply=3"), 5, "ply=9");
  refused(text, "ply");
  text = good;
  text.replace(text.find("size=15"), 7, "size=99");
  refused(text, "size");
  text = good;
  text.replace(text.find("line=h8i9j10"), 12, "line=h8i9z99");
  refused(text, "line");
  text = good;
  text.erase(text.find("rule="), text.find('\n', text.find("rule=")) - text.find("rule=") + 1);
  refused(text, "missing");
  // A key twice: which size was meant cannot be told (the last used to win silently).
  text = good;
  text.insert(text.find("end\n"), "size=20\n");
  refused(text, "\"size\" is given a second time");

  // Parses, but cannot be replayed (a point twice): restoring refuses and keeps the game.
  text = good;
  text.replace(text.find("line=h8i9j10"), 12, "line=h8i9h8");
  SavedGameLoad twice = parseSavedGame(text);
  if (twice.game) {
    twice.game->ply = static_cast<int>(twice.game->line.size());
    auto searches = std::make_shared<gomoku::gui::testing::FakeSearches>();
    GameController c(std::make_unique<gomoku::gui::testing::FakeBackend>(searches));
    c.setPlayer(Color::White, PlayerKind::Human);
    REQUIRE_FALSE(c.clickPoint(pt("a1")));
    CHECK(restoreGame(c, *twice.game));
    CHECK(c.game().ply() == 1);
    CHECK(c.game().board().at(pt("a1")) == Color::Black);
  } else {
    CHECK_FALSE(twice.error.empty());
  }
}

TEST_CASE("saved game file: missing is quiet, damaged is reported with its path") {
  TempDir dir("gomoku-gui-test");
  const std::string path = dir.file("game.txt");
  SavedGameLoad missing = loadSavedGameFile(path);
  CHECK_FALSE(missing.game);
  CHECK(missing.error.empty());
  writeRaw(path, "gomoku-studio-game 1\nsize=15\n");
  SavedGameLoad damaged = loadSavedGameFile(path);
  CHECK_FALSE(damaged.game);
  CHECK(damaged.error.find(path) != std::string::npos);
}
