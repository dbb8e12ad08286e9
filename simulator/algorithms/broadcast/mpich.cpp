// What MPICH 4 runs for a broadcast with one process per node: its default selection
// (maint/tuning/coll/mpir/generic.json, v4.2.3): binomial, scatter + recursive doubling or
// scatter + ring by process count and message size; the column chosen says which.
#include "algorithms/broadcast/support/mpi_policy.hpp"

namespace hetcoll {

std::unique_ptr<BroadcastPolicy> make_mpich(const BroadcastSetup& setup) {
  return mpi_selected_broadcast(setup, mpich_bcast);
}

}  // namespace hetcoll
