// Work for one thread of its own, done in the order it was given: what the interface must never
// wait for (the puzzle trainer's engine answering, the solver proving a puzzle). The thread is
// started with the first job. Results go back however the job chooses (the puzzle model queues
// them for the UI thread).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace gomoku::gui {

class JobThread {
 public:
  JobThread() = default;
  // Finishes the job running (jobs are bounded: they cannot be interrupted), drops those still
  // waiting, and joins the thread.
  ~JobThread();
  JobThread(const JobThread&) = delete;
  JobThread& operator=(const JobThread&) = delete;

  void post(std::function<void()> job);
  bool idle() const;  // nothing waiting and nothing running
  void waitIdle();    // until idle() (tests)
  bool threadStarted() const;

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> jobs_;
  bool working_ = false;
  bool quit_ = false;
  std::thread thread_;
};

}  // namespace gomoku::gui
