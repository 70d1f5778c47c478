// A temporary folder for a GUI test, removed at the end of the test — or, when an environment
// variable names a folder, that folder, kept (for screenshots worth looking at).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

namespace gomoku::gui::testing {

class TempDir {
 public:
  // A fresh folder "<prefix>-<random>" under the system's temporary directory; if `keepEnv`
  // names a set environment variable, that folder instead, and it is kept.
  explicit TempDir(const char* prefix, const char* keepEnv = nullptr) {
    if (const char* dir = keepEnv ? std::getenv(keepEnv) : nullptr; dir && *dir) {
      path = dir;
      keep_ = true;
    } else {
      std::random_device rd;
      path = std::filesystem::temp_directory_path() /
             (std::string(prefix) + "-" + std::to_string(rd()) + std::to_string(rd()));
    }
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    if (!keep_) std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }

  std::filesystem::path path;

 private:
  bool keep_ = false;
};

}  // namespace gomoku::gui::testing
