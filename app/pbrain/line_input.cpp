#include "app/pbrain/line_input.h"

namespace gomoku::pbrain {

void LineSplitter::feed(char c) {
  if (c == '\r' || c == '\n') {
    if (!current_.empty()) lines_.push_back(std::move(current_));
    current_.clear();
    return;
  }
  if (current_.size() <= maxLength_) current_ += c;
}

void LineSplitter::feed(const char* data, size_t size) {
  for (size_t i = 0; i < size; ++i) feed(data[i]);
}

void LineSplitter::finish() {
  if (!current_.empty()) lines_.push_back(std::move(current_));
  current_.clear();
}

std::vector<std::string> LineSplitter::take() {
  std::vector<std::string> out;
  out.swap(lines_);
  return out;
}

void LineQueue::push(std::string text) {
  {
    std::lock_guard lock(mutex_);
    lines_.push_back({std::move(text), Clock::now()});
  }
  cv_.notify_one();
}

void LineQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  cv_.notify_one();
}

void LineQueue::poke() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  cv_.notify_one();
}

LineQueue::Status LineQueue::wait(Line& out, std::optional<Clock::time_point> until) {
  std::unique_lock lock(mutex_);
  auto ready = [&] { return !lines_.empty() || closed_ || poked_; };
  if (until)
    cv_.wait_until(lock, *until, ready);
  else
    cv_.wait(lock, ready);
  poked_ = false;
  if (!lines_.empty()) {
    out = std::move(lines_.front());
    lines_.pop_front();
    return Status::Line;
  }
  return closed_ ? Status::Closed : Status::Timeout;
}

}  // namespace gomoku::pbrain
