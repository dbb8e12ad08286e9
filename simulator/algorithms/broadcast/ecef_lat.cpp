// ECEF-LAt: Steffenel, INRIA RR (2006), §5.5 (`ecef-lat`, the minimum).
//
// ECEF-LA whose lookahead also counts the internal broadcast of the cluster reached next:
// F_j = min over k ∈ B∖{j} of g_jk + L_jk + T_k (0 when B = {j}). O(C³).
#include <limits>

#include "algorithms/broadcast/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef_lat(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> f(costs.clusters, 0.0);
  return run_inter_schedule(costs, options, [&f](const ScheduleState& s) {
    for (int j : s.b) {
      double best = std::numeric_limits<double>::infinity();
      for (int k : s.b)
        if (k != j) best = std::min(best, s.cost(j, k) + s.costs->T(k));
      f[j] = s.b.size() > 1 ? best : 0.0;
    }
    return earliest_completion_pair(s, f.data());
  });
}

}  // namespace hetcoll
