// Open MPI 4.1's basic linear broadcast (coll_base_bcast.c, bcast_intra_basic_linear): the root
// isends the whole message to every rank in absolute rank order, then waits for all; every other
// rank receives it. Never segmented. SMPI's flattree has the same schedule.
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_linear(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::linear);
}

}  // namespace hetcoll
