// Given order: the EP schedule (Liu & Wang, IPDPS 2000, Fig. 2) of the hosts in the order of
// key `order` (a permutation of the hosts; the root, the slowest one unless the run fixes it, is
// skipped), or in host
// order if the key is not given. It reproduces any EP schedule, e.g. that of the paper's
// Figure 3 for a chosen order.
//
// Cost in the model: that of the EP schedule of the order. Planning: O(n log n).
#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {

namespace {

Plan ep_order_plan(const ReducePlanInput& input) {
  const int n = static_cast<int>(input.times.size());
  const int root = planned_root(input.times, input.root);
  std::vector<int> sequence;
  sequence.reserve(n - 1);
  if (input.order.empty()) {
    for (int p = 0; p < n; ++p)
      if (p != root) sequence.push_back(p);
  } else {
    for (int p : input.order)
      if (p != root) sequence.push_back(p);
  }
  return ep_plan(earliest_possible(input.times, root, sequence));
}

}  // namespace

std::unique_ptr<Policy> make_ep_order(const ReduceSetup& setup) { return plan_per_instance(setup, ep_order_plan); }

}  // namespace hetcoll
