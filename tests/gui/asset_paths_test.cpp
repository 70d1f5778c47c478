// Where the program looks for its sounds and icon: the command line, GOMOKU_ASSETS_DIR, next to
// the executable, the install prefix (<exe dir>/../share/gomoku-studio/assets), the source tree.
#include <doctest/doctest.h>

#include <filesystem>

#include "app/gui/platform/paths.h"
#include "tests/gui/temp_dir.h"

using namespace gomoku::gui;
namespace fs = std::filesystem;
using gomoku::gui::testing::TempDir;

namespace {

// Makes `dir`/sounds, so `dir` counts as an assets folder.
std::string makeAssets(const fs::path& dir) {
  fs::create_directories(dir / "sounds");
  return dir.lexically_normal().string();
}

}  // namespace

TEST_CASE("assets: an installed program finds them under <prefix>/share/gomoku-studio/assets") {
  TempDir prefix("gomoku-prefix");
  fs::create_directories(prefix.path / "bin");
  const std::string installed = makeAssets(prefix.path / "share" / "gomoku-studio" / "assets");
  // SDL_GetBasePath gives the executable's folder with a trailing separator.
  const std::string exeDir = (prefix.path / "bin").string() + "/";
  const std::string missing = (prefix.path / "no-such-source-tree").string();

  CHECK(firstAssetsDir(assetCandidates("", "", exeDir, missing)) == installed);
}

TEST_CASE("assets: the command line, then the environment, then beside the executable") {
  TempDir root("gomoku-assets-order");
  fs::create_directories(root.path / "bin");
  const std::string exeDir = (root.path / "bin").string() + "/";
  const std::string source = makeAssets(root.path / "source" / "assets");
  CHECK(firstAssetsDir(assetCandidates("", "", exeDir, source)) == source);  // the last resort

  const std::string installed = makeAssets(root.path / "share" / "gomoku-studio" / "assets");
  CHECK(firstAssetsDir(assetCandidates("", "", exeDir, source)) == installed);

  const std::string beside = makeAssets(root.path / "bin" / "assets");  // a build tree, a zip
  CHECK(firstAssetsDir(assetCandidates("", "", exeDir, source)) == beside);

  const std::string fromEnv = makeAssets(root.path / "env");
  CHECK(firstAssetsDir(assetCandidates("", fromEnv, exeDir, source)) == fromEnv);

  const std::string given = makeAssets(root.path / "given");
  CHECK(firstAssetsDir(assetCandidates(given, fromEnv, exeDir, source)) == given);
}

TEST_CASE("assets: a folder without sounds/ does not count, and none found gives an empty path") {
  TempDir root("gomoku-assets-none");
  fs::create_directories(root.path / "bin" / "assets");  // no sounds/ inside
  const std::string exeDir = (root.path / "bin").string() + "/";
  CHECK(firstAssetsDir(assetCandidates("", "", exeDir, "")).empty());
  CHECK(firstAssetsDir({}).empty());
}
