// MPICH 4's scatter + ring allgather broadcast (bcast_intra_scatter_ring_allgather.c): the message
// cut into p blocks of ceil(n / p) bytes scattered down MPICH's binomial tree, then p − 1 steps of
// a ring in absolute rank order, each rank passing one block to its right neighbour.
// SMPI's scatter_LR_allgather has the same schedule.
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_scatter_ring_allgather(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::scatter_ring_allgather);
}

}  // namespace hetcoll
