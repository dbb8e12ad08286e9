// ECEF with lookahead (ECEF-LA): Bhat, Raghavendra, Prasanna, JPDC 63(3), 2003; Steffenel, INRIA RR
// (2006), §5.4.
//
// argmin over i ∈ A, j ∈ B of RT_i + g_ij + L_ij + F_j with F_j = min over k ∈ B∖{j} of
// g_jk + L_jk (0 when j is the last cluster of B): prefer receivers that are good senders in turn.
// O(C³): F costs |B|² per step.
#include <limits>

#include "algorithms/broadcast/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef_la(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> f(costs.clusters, 0.0);
  return run_inter_schedule(costs, options, [&f](const ScheduleState& s) {
    for (int j : s.b) {
      double best = std::numeric_limits<double>::infinity();
      for (int k : s.b)
        if (k != j && s.cost(j, k) < best) best = s.cost(j, k);
      f[j] = s.b.size() > 1 ? best : 0.0;
    }
    return earliest_completion_pair(s, f.data());
  });
}

}  // namespace hetcoll
