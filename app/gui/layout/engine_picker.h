// Choosing an external engine: a path field, a Browse button that opens a small folder
// browser listing folders and executable files (SDL2 has no native file dialog), and the
// recently used engines. Used by the New game dialog for each side played by an engine.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/gui/layout/folder_browser.h"

namespace gomoku::gui {

// A program the user may run (on POSIX: a regular file with an execute bit; .exe on Windows).
bool isExecutable(const std::filesystem::directory_entry& entry);

class EnginePicker {
 public:
  // Draws the picker for `path` (edited in place). Returns true when the path changed.
  bool draw(const char* id, std::string& path, const std::vector<std::string>& recent);
  // The folder browser is open, or closed this frame (its Esc or Enter must not also close
  // the dialog around it).
  bool browsing() const;

 private:
  bool drawBrowser(std::string& path);

  FolderBrowser browser_{isExecutable};
  std::string browsing_;  // the id whose Browse popup is open
  int closedFrame_ = -1;
};

// Why `path` cannot be used as an engine ("" when it looks usable): missing, a folder, not
// executable.
std::string engineProblem(const std::string& path);

}  // namespace gomoku::gui
