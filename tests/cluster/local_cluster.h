#pragma once
// A cluster inside one test process: a Hub of message queues stands in for
// MPI (a rank can be cut off, as if killed), and a Channel stands in for a
// GTP controller's pipes (lines written one at a time, replies awaited).

#include <chrono>
#include <condition_variable>
#include <deque>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include "tengen/cluster/transport.h"

namespace tengen::cluster::testing {

class Hub {
 public:
  explicit Hub(int size) : inbox_(size), cut_(size, false) {}
  int size() const { return static_cast<int>(inbox_.size()); }
  // From now on the rank sends and receives nothing, as if killed.
  void cut(int rank) {
    std::lock_guard lock(mutex_);
    cut_[rank] = true;
    inbox_[rank].clear();
  }
  void send(int from, int to, std::string bytes) {
    std::lock_guard lock(mutex_);
    if (!cut_[from] && !cut_[to]) inbox_[to].emplace_back(from, std::move(bytes));
  }
  std::optional<std::pair<int, std::string>> receive(int rank) {
    std::lock_guard lock(mutex_);
    if (inbox_[rank].empty()) return std::nullopt;
    auto m = std::move(inbox_[rank].front());
    inbox_[rank].pop_front();
    return m;
  }

 private:
  std::mutex mutex_;
  std::vector<std::deque<std::pair<int, std::string>>> inbox_;
  std::vector<bool> cut_;
};

class LocalTransport final : public Transport {
 public:
  LocalTransport(Hub& hub, int rank) : hub_(hub), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return hub_.size(); }
  bool send(int to, std::string bytes) override {
    hub_.send(rank_, to, std::move(bytes));
    return true;
  }
  std::optional<std::pair<int, std::string>> receive() override { return hub_.receive(rank_); }
  void progress() override {}
  bool flushed() const override { return true; }
  void close(bool finalize) override {
    closed = true;
    finalized = finalize;
  }
  bool closed = false;
  bool finalized = false;

 private:
  Hub& hub_;
  int rank_;
};

// A pipe of lines: the test writes commands into `in` (read by the GTP
// loop, which waits for them) and waits for replies on `out`.
class Channel {
 public:
  Channel() : in(&in_buf_), out(&out_buf_) {}
  void write(const std::string& line) { in_buf_.push(line + "\n"); }
  void close_input() { in_buf_.close(); }
  // Waits until the output holds `count` complete replies (each ends with
  // an empty line); returns the output, or "" on time-out.
  std::string wait_replies(std::size_t count, std::chrono::seconds limit) { return out_buf_.wait(count, limit); }
  // Waits until the output holds `needle` `count` times; false on time-out.
  bool wait_text(const std::string& needle, int count, std::chrono::seconds limit) {
    return out_buf_.wait_text(needle, count, limit);
  }

 private:
  class InBuf : public std::streambuf {
   public:
    void push(const std::string& text) {
      std::lock_guard lock(mutex_);
      pending_ += text;
      ready_.notify_all();
    }
    void close() {
      std::lock_guard lock(mutex_);
      closed_ = true;
      ready_.notify_all();
    }

   protected:
    int_type underflow() override {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return !pending_.empty() || closed_; });
      if (pending_.empty()) return traits_type::eof();
      current_.swap(pending_);
      pending_.clear();
      setg(current_.data(), current_.data(), current_.data() + current_.size());
      return traits_type::to_int_type(current_[0]);
    }

   private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::string pending_, current_;
    bool closed_ = false;
  };
  class OutBuf : public std::streambuf {
   public:
    std::string wait(std::size_t count, std::chrono::seconds limit) {
      std::unique_lock lock(mutex_);
      const bool ok = ready_.wait_for(lock, limit, [&] { return replies() >= count; });
      return ok ? text_ : "";
    }

    bool wait_text(const std::string& needle, int count, std::chrono::seconds limit) {
      std::unique_lock lock(mutex_);
      return ready_.wait_for(lock, limit, [&] {
        int n = 0;
        for (std::size_t at = text_.find(needle); at != std::string::npos; at = text_.find(needle, at + 1)) ++n;
        return n >= count;
      });
    }

   protected:
    int_type overflow(int_type c) override {
      if (c == traits_type::eof()) return traits_type::not_eof(c);
      std::lock_guard lock(mutex_);
      text_.push_back(traits_type::to_char_type(c));
      ready_.notify_all();
      return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      std::lock_guard lock(mutex_);
      text_.append(s, static_cast<std::size_t>(n));
      ready_.notify_all();
      return n;
    }

   private:
    std::size_t replies() const {
      std::size_t n = 0;
      for (std::size_t at = text_.find("\n\n"); at != std::string::npos; at = text_.find("\n\n", at + 2)) ++n;
      return n;
    }
    std::mutex mutex_;
    std::condition_variable ready_;
    std::string text_;
  };
  InBuf in_buf_;
  OutBuf out_buf_;

 public:
  std::istream in;
  std::ostream out;
};

}  // namespace tengen::cluster::testing
