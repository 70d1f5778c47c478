#include "app/gui/models/job_thread.h"

namespace gomoku::gui {

JobThread::~JobThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void JobThread::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(std::move(job));
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  wake_.notify_one();
}

bool JobThread::idle() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return jobs_.empty() && !working_;
}

void JobThread::waitIdle() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return jobs_.empty() && !working_; });
}

bool JobThread::threadStarted() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return thread_.joinable();
}

void JobThread::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return quit_ || !jobs_.empty(); });
    if (quit_) break;
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    working_ = true;
    lock.unlock();
    job();
    job = nullptr;  // what it captured goes on this thread, before the model hears it is done
    lock.lock();
    working_ = false;
    if (jobs_.empty()) idle_.notify_all();
  }
  working_ = false;
  idle_.notify_all();
}

}  // namespace gomoku::gui
