// ECEF-LAt: Steffenel, INRIA RR (2006), §5.5 (`ecef-lat`, the minimum).
//
// ECEF-LA whose lookahead also counts the internal broadcast of the cluster reached next:
// F_j = min over k ∈ B∖{j} of g_jk + L_jk + T_k (0 when B = {j}). O(C² log C), as ECEF-LA.
#include "algorithms/broadcast/support/earliest_completion.hpp"
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef_lat(const GridCosts& costs, const HeuristicOptions& options) {
  Lookahead::Rule fastest_finish;
  fastest_finish.adds_intra_time = true;
  fastest_finish.takes_largest = false;
  EarliestCompletion rule(fastest_finish);
  return run_inter_schedule(costs, options, [&rule](const ScheduleState& s) { return rule.next(s); });
}

std::unique_ptr<BroadcastPolicy> make_ecef_lat(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_ecef_lat);
}

}  // namespace hetcoll
