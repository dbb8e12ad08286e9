// Fastest Edge First: Bhat, Raghavendra, Prasanna, JPDC 63(3), 2003, as used by Steffenel, INRIA
// RR (2006), §5.2.
//
// Each step takes the lightest edge between A and B, ignoring ready times: a sender chosen
// before it holds the message, or while busy, simply waits (the common loop starts the send at
// RT_i). The edge weight is L_ij as in the paper, or g_ij + L_ij (Bhat's full edge cost) with
// fef_full_cost. O(C³): |A|·|B| edges per step.
#include <limits>

#include "algorithms/broadcast/registry.hpp"

namespace hetcoll {

InterSchedule schedule_fef(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options, [](const ScheduleState& s) {
    double best = std::numeric_limits<double>::infinity();
    std::pair<int, int> pair{-1, -1};
    const bool full = s.options->fef_full_cost;
    for (int i : s.a)
      for (int j : s.b) {
        const double w = full ? s.cost(i, j) : s.costs->L(i, j);
        if (w < best) {
          best = w;
          pair = {i, j};
        }
      }
    return pair;
  });
}

}  // namespace hetcoll
