// Fastest-first: the EP schedule (Liu & Wang, IPDPS 2000, Fig. 2) of the hosts by
// non-decreasing transmission time, rooted at the slowest host (or the run's root); a baseline
// opposite to SNF.
//
// Cost in the model: no bound from the paper; on (10,5,5,5,4,2,2) it takes 14 against SNF's 11,
// since the slow senders start last and nothing overlaps them. Planning: O(n log n).
#include <algorithm>
#include <numeric>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {

std::vector<int> fastest_first_order(const std::vector<double>& times, int root) {
  std::vector<int> order(times.size());
  std::iota(order.begin(), order.end(), 0);
  order.erase(order.begin() + root);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return times[a] < times[b]; });
  return order;
}

namespace {

Plan fastest_first_plan(const ReducePlanInput& input) {
  const int root = planned_root(input.times, input.root);
  return ep_plan(earliest_possible(input.times, root, fastest_first_order(input.times, root)));
}

}  // namespace

std::unique_ptr<Policy> make_fastest_first(const ReduceSetup& setup) {
  return plan_per_instance(setup, fastest_first_plan);
}

}  // namespace hetcoll
