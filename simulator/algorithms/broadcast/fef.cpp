// Fastest Edge First: Bhat, Raghavendra, Prasanna, JPDC 63(3), 2003, as used by Steffenel, INRIA
// RR (2006), §5.2.
//
// Each step takes the lightest edge between A and B, ignoring ready times: a sender chosen
// before it holds the message, or while busy, simply waits (the common loop starts the send at
// RT_i). The edge weight is L_ij as in the paper, or g_ij + L_ij (Bhat's full edge cost) with
// fef_full_cost. Ties to the smallest (i, j).
//
// As in Prim's algorithm, each receiver j ∈ B keeps its lightest edge from A, (w_ij, i) least:
// weights never change, so a step only compares the edges of the cluster that joined A, and
// the pair is the least (w, i, j) over B. O(C²) over the whole schedule.
#include <limits>
#include <vector>

#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_fef(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> lightest(costs.clusters, std::numeric_limits<double>::infinity());
  std::vector<int> sender(costs.clusters, -1);
  std::pair<int, int> last{-1, -1};
  return run_inter_schedule(costs, options, [&](const ScheduleState& s) {
    const auto weight = [&s](int i, int j) { return s.options->fef_full_cost ? s.cost(i, j) : s.costs->L(i, j); };
    // The clusters of A not compared yet: the root at the first step, then the one just reached.
    const int joined = last.second < 0 ? s.costs->root : last.second;
    double best = std::numeric_limits<double>::infinity();
    std::pair<int, int> pair{-1, -1};
    for (int j : s.b) {
      const double w = weight(joined, j);
      if (sender[j] < 0 || w < lightest[j] || (w == lightest[j] && joined < sender[j])) {
        lightest[j] = w;
        sender[j] = joined;
      }
      // The scan kept the first minimum in (i, j) order; an infinite weight never won it.
      if (lightest[j] < best || (lightest[j] == best && sender[j] < pair.first)) {
        best = lightest[j];
        pair = {sender[j], j};
      }
    }
    last = pair;
    return pair;
  });
}

std::unique_ptr<BroadcastPolicy> make_fef(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_fef);
}

}  // namespace hetcoll
