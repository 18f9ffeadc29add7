#include "tengen/gtp/input.h"

#include <thread>

namespace tengen {

namespace {

bool is_interrupt(const std::string& line) {
  const auto first = line.find_first_not_of(" \t");
  if (first == std::string::npos || line[first] != '#') return false;
  const auto word = line.find_first_not_of(" \t", first + 1);
  return word != std::string::npos && line.compare(word, 9, "interrupt") == 0;
}

}  // namespace

std::shared_ptr<InputQueue> InputQueue::start(std::istream& in) {
  auto queue = std::make_shared<InputQueue>();
  // std::cin is tied to std::cout: every read would flush cout from this
  // thread while the main thread writes to it. Replies are flushed anyway.
  in.tie(nullptr);
  queue->reader_ = std::thread([queue, &in] {
    for (std::string line; std::getline(in, line);) {
      // GoGui's interrupt is a comment for GTP's purposes: it stops the
      // running command and is otherwise ignored.
      if (is_interrupt(line)) {
        queue->interrupt();
        continue;
      }
      queue->push(std::move(line));
    }
    queue->close();
  });
  return queue;
}

void InputQueue::stop_listening(bool wait_for_end) {
  if (!reader_.joinable()) return;
  if (wait_for_end) {
    reader_.join();
  } else {
    reader_.detach();
  }
}

void InputQueue::push(std::string line) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    lines_.push_back(std::move(line));
    ++pushed_;
    pending_.store(true);
  }
  ready_.notify_one();
}

void InputQueue::interrupt() {
  std::lock_guard<std::mutex> lock(mutex_);
  interrupt_mark_ = pushed_;
  if (popped_ > 0 && popped_ <= interrupt_mark_) interrupted_.store(true);
}

void InputQueue::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    pending_.store(true);
  }
  ready_.notify_one();
}

std::optional<std::string> InputQueue::pop() {
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [&] { return !lines_.empty() || closed_; });
  if (lines_.empty()) return std::nullopt;
  std::string line = std::move(lines_.front());
  lines_.pop_front();
  ++popped_;
  interrupted_.store(popped_ <= interrupt_mark_);
  pending_.store(!lines_.empty() || closed_);
  return line;
}

}  // namespace tengen
