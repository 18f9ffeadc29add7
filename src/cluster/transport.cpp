#include "tengen/cluster/transport.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace tengen::cluster {

bool launched_by_mpirun() {
  // Open MPI's mpirun sets the first; PMIx launchers (srun, prterun) the second.
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr;
}

#ifndef TENGEN_MPI
// Built without MPI: always one process. Under mpirun every rank would then
// play alone on its own stdin, so say so.
std::unique_ptr<Transport> start_mpi(int*, char***) {
  if (launched_by_mpirun()) {
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (size && std::atoi(size) > 1) {
      throw std::runtime_error("started by mpirun with " + std::string(size) +
                               " ranks, but built without MPI (configure with -DTENGEN_MPI=ON)");
    }
  }
  return nullptr;
}
#endif

}  // namespace tengen::cluster
