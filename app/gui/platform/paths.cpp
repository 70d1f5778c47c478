#include "app/gui/platform/paths.h"

namespace gomoku::gui {

namespace fs = std::filesystem;

std::vector<fs::path> assetCandidates(const std::string& explicitDir,
                                      const std::string& environmentDir,
                                      const std::string& executableDir,
                                      const std::string& sourceDir) {
  std::vector<fs::path> candidates;
  if (!explicitDir.empty()) candidates.emplace_back(explicitDir);
  if (!environmentDir.empty()) candidates.emplace_back(environmentDir);
  if (!executableDir.empty()) {
    const fs::path exe(executableDir);
    candidates.push_back(exe / "assets");
    candidates.push_back(exe / ".." / "share" / "gomoku-studio" / "assets");
  }
  if (!sourceDir.empty()) candidates.emplace_back(sourceDir);
  return candidates;
}

std::string firstAssetsDir(const std::vector<fs::path>& candidates) {
  for (const fs::path& dir : candidates) {
    std::error_code ec;
    if (!dir.empty() && fs::is_directory(dir / "sounds", ec))
      return dir.lexically_normal().string();
  }
  return "";
}

}  // namespace gomoku::gui
