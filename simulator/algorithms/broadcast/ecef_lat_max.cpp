// ECEF-LAT: Steffenel, INRIA RR (2006), §5.6 (`ecef-lat-max`).
//
// The paper's ECEF-LAT: the lookahead is the maximum, F_j = max over k ∈ B∖{j} of
// g_jk + L_jk + T_k (0 when B = {j}), so receivers near slow clusters come first; the pair is
// still the argmin of RT_i + g_ij + L_ij + F_j. O(C³).
#include <algorithm>

#include "algorithms/broadcast/registry.hpp"

namespace hetcoll {

InterSchedule schedule_ecef_lat_max(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> f(costs.clusters, 0.0);
  return run_inter_schedule(costs, options, [&f](const ScheduleState& s) {
    for (int j : s.b) {
      double worst = 0;
      for (int k : s.b)
        if (k != j) worst = std::max(worst, s.cost(j, k) + s.costs->T(k));
      f[j] = worst;
    }
    return earliest_completion_pair(s, f.data());
  });
}

}  // namespace hetcoll
