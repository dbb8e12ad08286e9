// Open MPI 4.1's binomial broadcast (coll_base_bcast.c, bcast_intra_binomial): build_bmtree, the
// binomial tree on the highest set bit whose nearest child heads the largest subtree; each rank
// isends to all its children at once, then waits (bcast_intra_generic). Not MPICH's (SMPI's
// binomial_tree), which serves the farthest child first with blocking sends. Key segment cuts
// the message (0: whole).
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_binomial(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::binomial);
}

}  // namespace hetcoll
