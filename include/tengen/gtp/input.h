#pragma once
// GTP input read ahead on a thread of its own, so that a long command
// (analysis, pondering, a search GoGui may interrupt) can notice that input
// arrived without blocking on it. Lines are handed out in order.

#include <atomic>
#include <condition_variable>
#include <deque>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace tengen {

class InputQueue {
 public:
  // Starts the reader. The reader owns a share of the queue, so the queue
  // outlives whoever stops listening first.
  static std::shared_ptr<InputQueue> start(std::istream& in);
  // Done with the input: wait for the reader to reach the end of a stream
  // that has one (a string stream in tests), or let it go (stdin, whose
  // writer may keep it open after `quit`; the reader ends with the process).
  void stop_listening(bool wait_for_end);

  // The next line, waiting for it; nullopt at end of input.
  std::optional<std::string> pop();

  // True while a line (or the end of input) waits to be popped.
  const std::atomic<bool>& pending() const { return pending_; }
  // True while the command last popped came before a GoGui "# interrupt"
  // (an interrupt stops the command running when it arrives, or the one
  // read just before it, never a later one).
  const std::atomic<bool>& interrupted() const { return interrupted_; }

 private:
  void push(std::string line);
  void interrupt();
  void close();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> lines_;
  bool closed_ = false;
  long pushed_ = 0;          // lines pushed so far
  long popped_ = 0;          // number of the line last popped (1-based)
  long interrupt_mark_ = 0;  // lines that had arrived at the last interrupt
  std::atomic<bool> pending_{false};
  std::atomic<bool> interrupted_{false};
  std::thread reader_;
};

}  // namespace tengen
