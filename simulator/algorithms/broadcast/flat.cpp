// Flat Tree: Steffenel, INRIA RR (2006), §5.1 (the inter-cluster tree of ECO and MagPIe).
//
// The root's coordinator sends to every other cluster in index order, whoever else already has
// the message. Cost in the model (sender busy for g): cluster j, the n-th served, has the message
// at Σ_{k served before j} g_0k + g_0j + L_0j; makespan = max over j of that + T_j. O(C).
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_flat(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options, [](const ScheduleState& s) {
    return std::make_pair(s.costs->root, s.b.front());
  });
}

std::unique_ptr<BroadcastPolicy> make_flat(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_flat);
}

}  // namespace hetcoll
