// Early Completion Edge First: Bhat, Raghavendra, Prasanna, JPDC 63(3), 2003; Steffenel, INRIA RR
// (2006), §5.3.
//
// Each step takes the pair that completes first: argmin over i ∈ A, j ∈ B of RT_i + g_ij + L_ij,
// ties to the smallest (i, j). O(C² log C) over the whole schedule: each receiver keeps its
// senders in a heap (EarliestCompletion, BestSenders).
#include "algorithms/broadcast/support/earliest_completion.hpp"
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef(const GridCosts& costs, const HeuristicOptions& options) {
  EarliestCompletion rule(std::nullopt);
  return run_inter_schedule(costs, options, [&rule](const ScheduleState& s) { return rule.next(s); });
}

std::unique_ptr<BroadcastPolicy> make_ecef(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_ecef);
}

}  // namespace hetcoll
