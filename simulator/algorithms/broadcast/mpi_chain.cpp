// Open MPI 4.1's chain broadcast (coll_base_bcast.c, bcast_intra_chain): build_chain with the
// fanout a forced algorithm gets (4, coll_tuned_bcast_algorithm_chain_fanout): the root heads
// four chains of the other ranks, each rank forwarding every segment down its chain through
// bcast_intra_generic. Key segment cuts the message (0: whole).
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_chain(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::chain);
}

}  // namespace hetcoll
