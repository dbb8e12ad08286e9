// Random order: the EP schedule (Liu & Wang, IPDPS 2000, Fig. 2) of the hosts other than the
// root (the slowest unless the run fixes it) in a uniformly random order, drawn from the replication's own stream (Fisher–Yates).
//
// Cost in the model: that of a random EP schedule, no bound from the paper; 1.25 × OPT on
// average on uniform clusters of 12 processors (liu-ratio-uniform.ini). Planning: O(n log n).
#include <algorithm>
#include <numeric>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {

namespace {

Plan random_order_plan(const ReducePlanInput& input) {
  const int root = planned_root(input.times, input.root);
  std::vector<int> order(input.times.size());
  std::iota(order.begin(), order.end(), 0);
  order.erase(order.begin() + root);
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[input.stream.below(i)]);
  return ep_plan(earliest_possible(input.times, root, order));
}

}  // namespace

// The order is drawn anew every replication, so the plan is too.
std::unique_ptr<Policy> make_random_order(const ReduceSetup& setup) {
  return plan_per_replication(setup, random_order_plan);
}

}  // namespace hetcoll
