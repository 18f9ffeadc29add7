// The one file that touches MPI (compiled only with TENGEN_MPI). Point to
// point only, non-blocking: collectives would wait for a dead rank forever.
// Errors come back as return codes (MPI_ERRORS_RETURN) instead of aborting
// the job; a failed send only tells the caller, who drops the rank.

#include <mpi.h>
#include <spdlog/spdlog.h>

#include <list>

#include "tengen/cluster/transport.h"

namespace tengen::cluster {

namespace {

constexpr int kTag = 18;

class MpiTransport final : public Transport {
 public:
  MpiTransport(int rank, int size) : rank_(rank), size_(size) {}
  // Closed by the cluster's exit paths; here only if an exception skipped
  // them, and then MPI_Finalize could wait for ranks that wait for this one.
  ~MpiTransport() override { close(false); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  bool send(int to, std::string bytes) override {
    pending_.push_back({MPI_REQUEST_NULL, std::move(bytes)});
    Pending& p = pending_.back();
    const int rc = MPI_Isend(p.bytes.data(), static_cast<int>(p.bytes.size()), MPI_BYTE, to, kTag, MPI_COMM_WORLD,
                             &p.request);
    if (rc != MPI_SUCCESS) {
      pending_.pop_back();
      return false;
    }
    return true;
  }

  std::optional<std::pair<int, std::string>> receive() override {
    int flag = 0;
    MPI_Status status;
    if (MPI_Iprobe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS || !flag) return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    std::string bytes(static_cast<std::size_t>(std::max(count, 0)), '\0');
    if (MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS) {
      return std::nullopt;
    }
    return std::make_pair(status.MPI_SOURCE, std::move(bytes));
  }

  // A send to a rank that died or stopped never completes: it stays here
  // (the caller stops sending to that rank, so this stays small).
  void progress() override {
    for (auto it = pending_.begin(); it != pending_.end();) {
      int done = 0;
      const int rc = MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = rc != MPI_SUCCESS || done ? pending_.erase(it) : std::next(it);
    }
  }

  bool flushed() const override { return pending_.empty(); }

  void close(bool finalize) override {
    if (closed_) return;
    closed_ = true;
    if (finalize) MPI_Finalize();
    unfinalized_ = !finalize;
  }
  bool exit_at_once() const override { return unfinalized_; }

 private:
  struct Pending {
    MPI_Request request;
    std::string bytes;
  };
  int rank_;
  int size_;
  std::list<Pending> pending_;  // a list: MPI holds pointers into the bytes
  bool closed_ = false;
  bool unfinalized_ = false;
};

}  // namespace

std::unique_ptr<Transport> start_mpi(int* argc, char*** argv) {
  if (!launched_by_mpirun()) return nullptr;
  int provided = 0;
  // Serialized: the cluster's own thread makes the calls, the main thread
  // only before it starts and after it ends.
  if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
    throw std::runtime_error("MPI_Init_thread failed");
  }
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    throw std::runtime_error("this MPI library cannot be called from a second thread (MPI_THREAD_SERIALIZED)");
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 1) {
    // One rank is the plain engine: no cluster at all.
    MPI_Finalize();
    return nullptr;
  }
  return std::make_unique<MpiTransport>(rank, size);
}

}  // namespace tengen::cluster
