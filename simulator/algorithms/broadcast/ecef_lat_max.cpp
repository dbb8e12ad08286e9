// ECEF-LAT: Steffenel, INRIA RR (2006), §5.6 (`ecef-lat-max`).
//
// The paper's ECEF-LAT: the lookahead is the maximum, F_j = max over k ∈ B∖{j} of
// g_jk + L_jk + T_k (0 when B = {j}), so receivers near slow clusters come first; the pair is
// still the argmin of RT_i + g_ij + L_ij + F_j. O(C² log C), as ECEF-LA (F_j only goes down
// here, which the per-receiver heaps never assume: they hold RT_i + g_ij + L_ij alone).
#include "algorithms/broadcast/support/earliest_completion.hpp"
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef_lat_max(const GridCosts& costs, const HeuristicOptions& options) {
  Lookahead::Rule slowest_finish;
  slowest_finish.adds_intra_time = true;
  slowest_finish.takes_largest = true;
  EarliestCompletion rule(slowest_finish);
  return run_inter_schedule(costs, options, [&rule](const ScheduleState& s) { return rule.next(s); });
}

std::unique_ptr<BroadcastPolicy> make_ecef_lat_max(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_ecef_lat_max);
}

}  // namespace hetcoll
