// Open MPI 4.1's binary tree broadcast (coll_base_bcast.c, bcast_intra_bintree): build_tree(2),
// numbered breadth first with a stride (relative rank 1 serves 3 and 5), through
// bcast_intra_generic. Key segment cuts the message (0: whole).
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_binary(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::binary);
}

}  // namespace hetcoll
