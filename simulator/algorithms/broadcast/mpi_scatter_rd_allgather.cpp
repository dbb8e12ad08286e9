// MPICH 4's scatter + recursive-doubling allgather broadcast
// (bcast_intra_scatter_recursive_doubling_allgather.c): the binomial scatter of p blocks, then
// log2 p exchanges with partners at doubling distances, and MPICH's fix-up where p is not a
// power of two. SMPI's scatter_rdb_allgather has the same schedule.
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_scatter_rd_allgather(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::scatter_rd_allgather);
}

}  // namespace hetcoll
