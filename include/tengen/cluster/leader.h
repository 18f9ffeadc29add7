#pragma once
// Rank 0 of a cluster: it plays (GTP, the engine, the clock) as a single
// process does, and besides:
// - replays every command that changes the game on the workers
//   (forward_command, called by the GTP listener);
// - starts and stops the workers' searches with its own, and every
//   cluster-sync-ms relays the statistics: it sums every rank's own counts
//   and sends each worker the sum of the others' (MoGo's scheme, in a star);
// - notices a worker that sends nothing for cluster-timeout-ms and goes on
//   without it.
// All MPI traffic runs on a thread of its own; the GTP thread and the
// search threads never wait on a worker, except for bounded waits at the
// end of a search (cluster-final-wait-ms) and in tengen-cluster.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
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

namespace tengen::cluster {

// What rank 0 knows of a worker from its start-up message.
struct WorkerInfo {
  bool alive = true;
  std::string host;
  std::int64_t pid = 0;
};

class Leader final : public SearchObserver {
 public:
  // workers: index r for rank r (index 0 unused); the ones not alive are
  // left out from the start.
  Leader(Transport& transport, Engine& engine, std::vector<WorkerInfo> workers);
  ~Leader() override;

  // After a command on rank 0 succeeded: replays it on the workers if it
  // changed the game (name and args as GTP gave them, text its reply).
  void forward_command(const std::string& name, const std::vector<std::string>& args, const std::string& text);

  // tengen-cluster: one line per rank, "rank <r> playouts <n> hash <h>",
  // or "rank <r> lost"; with traffic, the bytes each rank sent.
  std::string status(bool traffic);

  // Tells the workers to quit, waits (bounded) for them, and closes the
  // transport: with MPI_Finalize only if every worker answered. Returns
  // whether it finalized.
  bool finish();

  void search_started(const SearchSpec& spec, Tree& tree) override;
  std::int64_t search_finished(Tree& tree, std::int64_t local_playouts) override;
  double playout_scale() const override { return scale_.load(std::memory_order_relaxed); }

  int live_workers() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Peer {
    WorkerInfo info;
    Clock::time_point last_heard;
    std::vector<StatsDelta> stash;  // own counts received since the last relay
    std::uint64_t final_id = 0;     // the last search whose Final arrived
    Status status;                  // the last answer to a StatusRequest
    std::int64_t playouts = 0;
    bool quit_acked = false;
  };

  // The thread that does all the messaging.
  void loop();
  // The rest is called with mutex_ held.
  void post_to(int rank, const Message& m);
  void post(const Message& m);  // to every live worker
  void handle(int from, const std::string& bytes);  // takes the lock itself
  void relay(bool last);
  void lose(int rank, const std::string& why);
  void check_silence(Clock::time_point now);
  bool all_live(const std::function<bool(const Peer&)>& pred) const;
  // Waits on ready_ until done() or the time limit.
  template <class Done>
  bool wait(std::unique_lock<std::mutex>& lock, std::chrono::milliseconds limit, Done done);
  std::int64_t timeout_ms() const { return std::max(engine_.settings().cluster_timeout_ms, 100); }

  Transport& transport_;
  Engine& engine_;  // read on the GTP thread only
  std::uint64_t last_hash_ = 0;  // the game the workers were last told of (GTP thread)
  std::atomic<std::int64_t> timeout_{3000};  // cluster-timeout-ms, for the comm thread
  std::atomic<double> scale_{1.0};

  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable ready_;
  std::vector<Peer> peers_;   // by rank; peers_[0] unused
  std::vector<std::pair<int, std::string>> outbox_;
  bool closing_ = false;

  // The search running, if any.
  std::uint64_t search_id_ = 0;
  std::unique_ptr<TreeSharing> sharing_;
  int sync_ms_ = 100;
  Clock::time_point last_relay_;
  std::int64_t own_root_visits_ = 0;     // rank 0's own simulations sent, this search
  std::int64_t remote_root_visits_ = 0;  // the others', this search
  std::int64_t relays_ = 0;              // this search
  Clock::duration sharing_time_{};       // this search: the ledger's start and the relays

  bool ever_lost_ = false;
  std::uint64_t command_seq_ = 0;
  std::uint64_t status_seq_ = 0;
  std::int64_t playouts_ = 0;  // rank 0's own simulations, every search
  Traffic traffic_;

  std::thread thread_;
};

}  // namespace tengen::cluster
