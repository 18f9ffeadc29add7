#pragma once
// The cluster as main() sees it. Under `mpirun -np N tengen` rank 0 speaks
// GTP on stdin and stdout as a single process does, and the other ranks
// search with it (leader.h, worker.h). Outside mpirun, or with one rank,
// Tengen is the plain engine; only `tengen-cluster` is added (one line, for
// rank 0).
//
// Start-up: every rank tells rank 0 whether it is ready or what went wrong
// (bad options, a missing pattern file); rank 0 prints each distinct error
// once and, if any rank failed, every rank exits with status 2.

#include <iosfwd>
#include <string>

#include "tengen/cluster/transport.h"
#include "tengen/engine/engine.h"

namespace tengen::cluster {

// Plays GTP on `in` and `out` (rank 0; the other ranks never touch them).
// Returns the exit status. The transport is closed on return; where
// MPI_Finalize had to be skipped (a rank was lost, and a stopped one would
// keep it waiting forever), transport->exit_at_once() says so.
int play(Engine& engine, Transport* transport, std::istream& in, std::ostream& out);

// A rank that will not play: `message` says what went wrong (empty after
// --help and the like). It takes part in the start-up handshake, rank 0
// prints the message (one per distinct message), and it returns `code`.
int leave(Transport* transport, int code, const std::string& message);

}  // namespace tengen::cluster
