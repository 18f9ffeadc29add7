#pragma once
// How the ranks of a cluster reach each other: byte strings, sent and
// received without ever blocking, so that a rank that died or stopped
// answering can never hang another. One thread at a time uses a transport.
// The only implementation that touches MPI is src/cluster/mpi_transport.cpp
// (built with TENGEN_MPI); the tests use an in-process one.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace tengen::cluster {

class Transport {
 public:
  virtual ~Transport() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Queues `bytes` for rank `to`; false if that could not even start.
  virtual bool send(int to, std::string bytes) = 0;
  // A message that has arrived (its sender and bytes), if any.
  virtual std::optional<std::pair<int, std::string>> receive() = 0;
  // Lets queued sends move on (MPI progresses only inside its calls).
  virtual void progress() = 0;
  // True when every queued send has gone (a send to a dead rank never goes).
  virtual bool flushed() const = 0;
  // The end: with finalize, MPI_Finalize (which waits for every rank, a
  // stopped one too); without, the process must exit without it.
  virtual void close(bool finalize) = 0;
  // True once closed without MPI_Finalize: the process must then end with
  // std::_Exit, not through main's return (MPI's exit handlers).
  virtual bool exit_at_once() const { return false; }
};

// The end of a messaging thread: over once its last messages are out, or
// after half a second of trying (a send to a dead rank never leaves).
class Drain {
 public:
  bool over(bool outbox_empty, const Transport& t) {
    const auto now = std::chrono::steady_clock::now();
    if (!since_) since_ = now;
    return outbox_empty && (t.flushed() || now - *since_ > std::chrono::milliseconds(500));
  }

 private:
  std::optional<std::chrono::steady_clock::time_point> since_;
};

// MPI when this process was started by mpirun (Open MPI's environment)
// with more than one rank and Tengen was built with TENGEN_MPI; otherwise
// null, and Tengen runs as one process, exactly as without MPI. Call before
// anything else reads argv.
std::unique_ptr<Transport> start_mpi(int* argc, char*** argv);

// Whether the environment says mpirun started this process.
bool launched_by_mpirun();

}  // namespace tengen::cluster
