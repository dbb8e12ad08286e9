// ECEF with lookahead (ECEF-LA): Bhat, Raghavendra, Prasanna, JPDC 63(3), 2003; Steffenel, INRIA RR
// (2006), §5.4.
//
// argmin over i ∈ A, j ∈ B of RT_i + g_ij + L_ij + F_j with F_j = min over k ∈ B∖{j} of
// g_jk + L_jk (0 when j is the last cluster of B): prefer receivers that are good senders in turn.
// O(C² log C): F_j changes only when its nearest k leaves B (Lookahead), and each receiver keeps
// its senders in a heap (EarliestCompletion).
#include "algorithms/broadcast/support/earliest_completion.hpp"
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef_la(const GridCosts& costs, const HeuristicOptions& options) {
  Lookahead::Rule nearest;
  nearest.adds_intra_time = false;
  nearest.takes_largest = false;
  EarliestCompletion rule(nearest);
  return run_inter_schedule(costs, options, [&rule](const ScheduleState& s) { return rule.next(s); });
}

std::unique_ptr<BroadcastPolicy> make_ecef_la(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_ecef_la);
}

}  // namespace hetcoll
