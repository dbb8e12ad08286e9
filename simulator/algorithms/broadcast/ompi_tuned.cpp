// What Open MPI 4.1 runs for a broadcast: its fixed decision rules
// (coll_tuned_decision_fixed.c, ompi_coll_tuned_bcast_intra_dec_fixed, v4.1.8) pick an algorithm
// by process count and message size, unsegmented; the columns chosen and chosen_segment say which.
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_ompi_tuned(const BroadcastSetup& setup) {
  return mpi_selected_broadcast(setup, ompi_tuned_bcast);
}

}  // namespace hetcoll
