// BottomUp: Steffenel, INRIA RR (2006), §5.7.
//
// Max-min: the receiver is j = argmax over B of min over i ∈ A of (g_ij + L_ij + T_j), served by
// that inner argmin i: the cluster slowest to finish goes first, from its fastest sender. As
// printed, RT_i is not in the min; bottomup_ready adds it (a variant of ours, docs/broadcast.md).
// Ties: smallest j, then smallest i. O(C³).
#include <limits>

#include "algorithms/broadcast/registry.hpp"

namespace hetcoll {

InterSchedule schedule_bottomup(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options, [](const ScheduleState& s) {
    const bool ready = s.options->bottomup_ready;
    double slowest = -std::numeric_limits<double>::infinity();
    std::pair<int, int> pair{-1, -1};
    for (int j : s.b) {
      double fastest = std::numeric_limits<double>::infinity();
      int sender = -1;
      for (int i : s.a) {
        const double v = s.cost(i, j) + s.costs->T(j) + (ready ? s.ready[i] : 0.0);
        if (v < fastest) {
          fastest = v;
          sender = i;
        }
      }
      if (fastest > slowest) {
        slowest = fastest;
        pair = {sender, j};
      }
    }
    return pair;
  });
}

}  // namespace hetcoll
