// Open MPI 4.1's split binary tree (coll_base_bcast.c, bcast_intra_split_bintree): the message's
// two halves go down the two subtrees of build_tree(2), segmented by key segment, then every rank
// swaps its half with its pair in the other subtree. Falls back to the pipeline, as the library
// does, when a half is empty or shorter than a segment.
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_split_binary(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::split_binary);
}

}  // namespace hetcoll
