// Early Completion Edge First: Bhat, Raghavendra, Prasanna, JPDC 63(3), 2003; Steffenel, INRIA RR
// (2006), §5.3.
//
// Each step takes the pair that completes first: argmin over i ∈ A, j ∈ B of RT_i + g_ij + L_ij,
// ties to the smallest (i, j). O(C³) over the whole schedule.
#include "algorithms/broadcast/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options,
                            [](const ScheduleState& s) { return earliest_completion_pair(s, nullptr); });
}

}  // namespace hetcoll
