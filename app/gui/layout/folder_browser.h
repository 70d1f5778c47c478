// A small folder browser, since SDL2 has no native file dialog: the folder as an editable path
// with an Up button, and a list of its subfolders and of the files a filter accepts. A click
// selects a file, a double click opens a folder or picks the file. The record dialog (.psq
// files) and the engine picker (programs) both use it.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace gomoku::gui {

class FolderBrowser {
 public:
  using Filter = std::function<bool(const std::filesystem::directory_entry&)>;
  explicit FolderBrowser(Filter filter) : filter_(std::move(filter)) {}

  // Also lists the folder afresh (files made since the dialog was last open appear).
  void setFolder(std::string folder) {
    folder_ = std::move(folder);
    listed_.clear();
  }
  const std::string& folder() const { return folder_; }

  enum class Pick { None, Selected, Chosen };
  // Draws the folder line and the list (width x height in font sizes); `file` is the file
  // name selected (Selected: one click) or chosen (Chosen: a double click).
  Pick draw(std::string& file, const char* emptyText, float widthEm, float heightEm);
  // The folder line took this frame's Enter (it changes the folder; it must not also press the
  // dialog's button).
  bool tookEnter() const { return tookEnter_; }

 private:
  struct Entry {
    std::string name;
    bool folder = false;
  };
  void list();

  Filter filter_;
  std::string folder_, listed_;
  bool tookEnter_ = false;
  std::vector<Entry> entries_;
};

// The user's home folder (else the current one): where browsing starts by default.
std::string homeFolder();

}  // namespace gomoku::gui
