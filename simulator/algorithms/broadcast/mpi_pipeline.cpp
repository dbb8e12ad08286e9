// Open MPI 4.1's pipeline broadcast (coll_base_bcast.c, bcast_intra_pipeline): one chain of the
// ranks from the root in relative order (build_chain of fanout 1), each segment forwarded as it
// arrives with two receives posted (bcast_intra_generic). Key segment cuts the message (0: whole).
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpi_pipeline(const BroadcastSetup& setup) {
  return mpi_broadcast(setup, MpiBcastAlgorithm::pipeline);
}

}  // namespace hetcoll
