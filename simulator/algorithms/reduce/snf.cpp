// Slowest-node-first (SNF): P. Liu, D.-W. Wang, "Reduction optimization in heterogeneous
// cluster environments", IPDPS 2000, §4.
//
// The slowest host is the root (or the root the run fixes, which EP makes the last receiver); the
// others, by non-increasing transmission time, are the sequence given to EP (Fig. 2), with the
// destinations of Lemma 1. Cost in the model: at most
// twice the optimum (Thm 2), optimal when every t is a power of 2 (Thm 1) or when there are two
// times with ratio ≥ 2 (Thm 3); 11 on the Figure 1 cluster (10,5,5,5,4,2,2). Planning takes
// O(n log n): one sort, then EP.
#include <algorithm>
#include <numeric>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {

std::vector<int> snf_order(const std::vector<double>& times, int root) {
  std::vector<int> order(times.size());
  std::iota(order.begin(), order.end(), 0);
  order.erase(order.begin() + root);
  // Stable: equal times keep host order, so the plan does not depend on the sort's internals.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return times[a] > times[b]; });
  return order;
}

EpSchedule snf_schedule(const std::vector<double>& times, int root) {
  const int last = planned_root(times, root);
  return earliest_possible(times, last, snf_order(times, last));
}

namespace {

Plan snf_plan(const ReducePlanInput& input) { return ep_plan(snf_schedule(input.times, input.root)); }

}  // namespace

std::unique_ptr<Policy> make_snf(const ReduceSetup& setup) { return plan_per_instance(setup, snf_plan); }

}  // namespace hetcoll
