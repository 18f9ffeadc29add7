#pragma once
// A rank other than 0: it holds the same game as rank 0 by replaying rank
// 0's commands through its own GTP handlers (answers discarded), runs the
// searches rank 0 asks for with its own threads, sends its own counts every
// cluster-sync-ms and adds the other ranks' counts to its tree. It writes
// nothing on stdout. When rank 0 falls silent for twice cluster-timeout-ms
// it stops and exits, so that no worker outlives its front end.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tengen/cluster/protocol.h"
#include "tengen/cluster/sharing.h"
#include "tengen/cluster/transport.h"
#include "tengen/engine/engine.h"
#include "tengen/engine/search_observer.h"
#include "tengen/gtp/gtp.h"

namespace tengen::cluster {

// The seed a rank searches with: every rank a different one (the same seed
// everywhere would grow the same tree everywhere); 0 stays 0 (the clock).
std::uint64_t rank_seed(std::uint64_t seed, int rank);

class Worker final : public SearchObserver {
 public:
  Worker(Transport& transport, Engine& engine);
  ~Worker() override;

  // Follows rank 0 until it says close (or falls silent). Returns whether
  // to call MPI_Finalize; the transport is not closed yet.
  bool run();

  void search_started(const SearchSpec& spec, Tree& tree) override;
  std::int64_t search_finished(Tree& tree, std::int64_t local_playouts) override;

 private:
  using Clock = std::chrono::steady_clock;

  void loop();  // the messaging thread
  void handle(const std::string& bytes);  // takes the lock
  void post(const Message& m);            // with mutex_ held
  void replay(const Command& c);
  void search(const Search& s);

  Transport& transport_;
  Engine& engine_;
  GtpServer server_;  // replays rank 0's commands; its answers go nowhere
  std::atomic<bool> stop_search_{false};
  std::atomic<std::int64_t> silence_ms_{6000};  // twice cluster-timeout-ms

  std::mutex mutex_;  // guards everything below
  std::condition_variable ready_;
  std::deque<Message> orders_;  // Command, Search, StatusRequest, Quit, Close
  std::vector<std::string> outbox_;
  bool done_ = false;  // the thread may end once the outbox is out
  std::uint64_t current_id_ = 0;   // the search the GTP side runs or ran last
  std::uint64_t stopped_upto_ = 0;  // searches rank 0 has stopped
  std::uint64_t active_id_ = 0;    // the search whose tree is shared now (0: none)
  std::unique_ptr<TreeSharing> sharing_;
  int sync_ms_ = 100;
  Clock::time_point last_sync_;
  Clock::time_point last_heard_;
  std::int64_t playouts_ = 0;
  Traffic traffic_;

  std::thread thread_;
};

}  // namespace tengen::cluster
