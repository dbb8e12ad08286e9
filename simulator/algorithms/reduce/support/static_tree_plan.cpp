#include "algorithms/reduce/support/static_tree_plan.hpp"

namespace hetcoll {

Plan static_tree_plan(const ChildrenLists& children, bool computes, bool overlap, double comm_cost, int root) {
  const int n = static_cast<int>(children.size());
  const auto host = [n, root](int v) { return (v + root) % n; };
  auto is_leaf = [&children](int r) { return children[r].empty(); };
  Plan plan;
  // First reception of each node whose first child is a leaf: dependency-free, so PlanPolicy
  // starts them at date 0 in index order, i.e. by receiver as the tie rule asks.
  std::vector<int> first_reception(n, -1);
  for (int r = 0; r < n; ++r)
    if (!children[r].empty() && is_leaf(children[r][0]))
      first_reception[r] = plan.add(comm_op(host(children[r][0]), host(r), comm_cost));

  // Children have larger indices than parents, so walking down from n−1 adds every child's
  // last operation before the parent's reception that waits for it (Plan needs that order).
  std::vector<int> finished(n, -1);  // last operation of each node; -1 for a leaf
  std::vector<int> after;
  for (int r = n - 1; r >= 0; --r) {
    int reception = -1;
    int reduction = -1;
    for (std::size_t j = 0; j < children[r].size(); ++j) {
      const int child = children[r][j];
      if (j == 0 && first_reception[r] >= 0) {
        reception = first_reception[r];
      } else {
        after.clear();
        if (finished[child] >= 0) after.push_back(finished[child]);
        if (reception >= 0) after.push_back(reception);
        if (!overlap && reduction >= 0) after.push_back(reduction);
        reception = plan.add(comm_op(host(child), host(r), comm_cost), after);
      }
      if (computes) {
        after.clear();
        after.push_back(reception);
        if (reduction >= 0) after.push_back(reduction);
        reduction = plan.add(compute_op(host(r)), after);
      }
    }
    finished[r] = computes ? reduction : reception;
  }
  return plan;
}

}  // namespace hetcoll
