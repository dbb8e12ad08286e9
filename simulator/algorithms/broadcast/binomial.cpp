// Grid-unaware binomial tree: the broadcast of MPI libraries such as LAM-MPI, Steffenel's
// baseline in §7 (Figures 9 and 10).
//
// Over clusters (the abstract model, where a cluster is a point) the coordinators form MPI's
// binomial tree on ranks (c − root) mod C, largest subtree first, ignoring every cost; each
// cluster then broadcasts internally. On a platform the family spans the tree over all hosts
// instead (see broadcast_plan.hpp). O(C).
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

}  // namespace hetcoll
