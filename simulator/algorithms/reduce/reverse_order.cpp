// Reverse order: the EP schedule (Liu & Wang, IPDPS 2000, Fig. 2) of the hosts other than the
// root (the slowest unless the run fixes it) in decreasing host index; a baseline.
//
// Cost in the model: that of the EP schedule of that order, no bound from the paper.
// Planning: O(n log n).
#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {
namespace {

Plan reverse_order_plan(const ReducePlanInput& input) {
  const int root = planned_root(input.times, input.root);
  std::vector<int> sequence;
  for (int p = static_cast<int>(input.times.size()) - 1; p >= 0; --p)
    if (p != root) sequence.push_back(p);
  return ep_plan(earliest_possible(input.times, root, sequence));
}

}  // namespace

std::unique_ptr<Policy> make_reverse_order(const ReduceSetup& setup) {
  return plan_per_instance(setup, reverse_order_plan);
}

}  // namespace hetcoll
