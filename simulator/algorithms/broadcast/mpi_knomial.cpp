// Open MPI 4.1's k-nomial broadcast (coll_base_bcast.c, bcast_intra_knomial): build_kmtree with
// key radix (4, coll_tuned_bcast_algorithm_knomial_radix), children farthest first, all isent at
// once then waited for (bcast_intra_generic). Key segment cuts the message (0: whole).
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_knomial(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::knomial);
}

}  // namespace hetcoll
