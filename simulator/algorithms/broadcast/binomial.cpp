// Grid-unaware binomial tree: the broadcast of MPI libraries such as LAM-MPI, Steffenel's
// baseline in §7 (Figures 9 and 10).
//
// Over clusters (the abstract model, where a cluster is a point) the coordinators form MPI's
// binomial tree on ranks (c − root) mod C, largest subtree first, ignoring every cost; each
// cluster then broadcasts internally. On a platform, where the run has hosts beside the
// coordinators, the tree spans them all instead, ranks counted from the root, each send with the
// pLogP measured between its hosts' clusters: grid-unaware, its messages may share links its
// prediction does not see. O(C), or O(P) over P hosts.
#include "algorithms/broadcast/support/registry.hpp"
#include "algorithms/broadcast/support/tree_shapes.hpp"

namespace hetcoll {

InterSchedule schedule_binomial(const GridCosts& costs, const HeuristicOptions& options) {
  const int C = costs.clusters;
  std::vector<std::pair<int, int>> sends = tree_sends(binomial_tree(C));
  for (auto& [from, to] : sends) {
    from = (from + costs.root) % C;
    to = (to + costs.root) % C;
  }
  return run_inter_schedule(costs, options, [&sends](const ScheduleState& s) { return sends[s.step]; });
}

std::unique_ptr<BroadcastPolicy> make_binomial(const BroadcastSetup& setup) {
  if (setup.grid != nullptr && setup.grid->spans_hosts())
    return planned_broadcast(setup, [grid = setup.grid] { return grid->host_tree(binomial_tree); });
  return scheduled_broadcast(setup, schedule_binomial);
}

}  // namespace hetcoll
