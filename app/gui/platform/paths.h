// Where the program finds its assets (sounds, icon): a folder given on the command line or in
// GOMOKU_ASSETS_DIR, then next to the executable (a build tree, a portable archive), then the
// install prefix (<exe dir>/../share/gomoku-studio/assets, where `cmake --install` puts them),
// then the source tree the program was built from.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gomoku::gui {

// The folders to try, in order; empty arguments are skipped.
std::vector<std::filesystem::path> assetCandidates(const std::string& explicitDir,
                                                   const std::string& environmentDir,
                                                   const std::string& executableDir,
                                                   const std::string& sourceDir);
// The first candidate that holds a sounds/ folder, normalised; "" when none does.
std::string firstAssetsDir(const std::vector<std::filesystem::path>& candidates);

}  // namespace gomoku::gui
