// join_cluster() of a build without MPI (the default; -DDPLAB_WITH_MPI=ON links
// framework/mpi_cluster.cpp instead): every run is one process.
#include "framework/cluster.hpp"

namespace dplab {

std::unique_ptr<Cluster> join_cluster() { return nullptr; }
bool built_with_mpi() { return false; }

}  // namespace dplab
