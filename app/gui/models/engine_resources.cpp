#include "app/gui/models/engine_resources.h"

#include <algorithm>
#include <string>
#include <thread>

namespace gomoku::gui {

int hardwareThreads() {
  const unsigned n = std::thread::hardware_concurrency();  // 0: not known
  return std::clamp(static_cast<int>(n), 1, kMaxEngineThreads);
}

int usableThreads(int threads) {
  return std::clamp(threads, 1, hardwareThreads());
}

bool isHashChoice(int mb) {
  return std::find(kHashChoicesMb.begin(), kHashChoicesMb.end(), mb) != kHashChoicesMb.end();
}

const char* hashChoicesText() {
  static const std::string text = [] {
    std::string out;
    for (size_t i = 0; i < kHashChoicesMb.size(); ++i) {
      if (i > 0) out += i + 1 == kHashChoicesMb.size() ? " or " : ", ";
      out += std::to_string(kHashChoicesMb[i]);
    }
    return out;
  }();
  return text.c_str();
}

}  // namespace gomoku::gui
