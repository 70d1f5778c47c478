// Notices: short messages over the top of the board (information, a warning, an error), each
// with a close button, most of them going away by themselves after a few seconds.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace gomoku::gui {

enum class NoticeKind { Info, Warning, Error };
struct Notice {
  std::string text;
  NoticeKind kind = NoticeKind::Info;
  double expires = 0;  // seconds on the app clock; 0 = until closed
};

class Notices {
 public:
  // `now` is the app clock in seconds.
  explicit Notices(std::function<double()> now) : now_(std::move(now)) {}

  // The same message again refreshes the old one instead of stacking up; at most four are kept.
  void add(std::string text, NoticeKind kind = NoticeKind::Info, double seconds = 4.0);
  void dropExpired();
  void remove(const std::string& text);  // that message, if it is still shown
  const std::vector<Notice>& list() const { return notices_; }
  bool empty() const { return notices_.empty(); }
  // Draws them stacked down from (x, y), centred in `width`; a click on one closes it.
  void draw(float x, float y, float width, float uiScale);

 private:
  std::function<double()> now_;
  std::vector<Notice> notices_;
};

}  // namespace gomoku::gui
