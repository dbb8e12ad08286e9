// BottomUp: Steffenel, INRIA RR (2006), §5.7.
//
// Max-min: the receiver is j = argmax over B of min over i ∈ A of (g_ij + L_ij + T_j), served by
// that inner argmin i: the cluster slowest to finish goes first, from its fastest sender. As
// printed, RT_i is not in the min; bottomup_ready adds it (a variant of ours, docs/broadcast.md).
// Ties: smallest j, then smallest i.
//
// The inner min is each receiver's best sender, kept in a heap per receiver (BestSenders): a step
// pushes the cluster that joined A and, with bottomup_ready, refreshes the heaps whose best was
// the sender just used. The outer max is one pass over B. O(C² log C) over the whole schedule.
#include <limits>
#include <optional>

#include "algorithms/broadcast/support/best_senders.hpp"
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

InterSchedule schedule_bottomup(const GridCosts& costs, const HeuristicOptions& options) {
  std::optional<BestSenders> senders;
  std::pair<int, int> last{-1, -1};
  return run_inter_schedule(costs, options, [&](const ScheduleState& s) {
    if (!senders) senders.emplace(s, s.costs->intra.data(), s.options->bottomup_ready);
    else senders->record(s, last.first, last.second);
    double slowest = -std::numeric_limits<double>::infinity();
    std::pair<int, int> pair{-1, -1};
    for (int j : s.b) {
      const BestSenders::Entry& e = senders->best(j);
      if (e.key > slowest) {  // strict: the smallest j among the slowest
        slowest = e.key;
        pair = {e.sender, j};
      }
    }
    last = pair;
    return pair;
  });
}

std::unique_ptr<BroadcastPolicy> make_bottomup(const BroadcastSetup& setup) {
  return scheduled_broadcast(setup, schedule_bottomup);
}

}  // namespace hetcoll
