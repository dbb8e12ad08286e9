// Binomial: the heterogeneity-blind binomial tree of a homogeneous MPI reduction to host 0
// (rank r receives from r + 1, r + 2, r + 4, … while 2^k divides r), as in RR-8315's
// Binomial-stat; each reception starts once the child has received everything and the
// previous reception at r has ended. Liu & Wang's introduction: "a simple tree algorithm can
// combine all the information in log n rounds" on a homogeneous system.
//
// Cost in the model: ⌈log2 n⌉·t with equal times; with heterogeneous times the slow hosts may
// sit anywhere in the tree, including on its critical path. Planning: O(n log n).
#include "algorithms/hetreduce/algorithms.hpp"
#include "algorithms/reduction/static_tree.hpp"

namespace hetcoll {

Plan plan_binomial(const HetreduceInput& input) {
  // The reduction family's tree and execution rules, with the costs fixed to one message.
  const Plan drawn = static_tree_plan(binomial_children(static_cast<int>(input.times.size())), false, true);
  Plan plan;
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    PlanOp op = drawn.op(static_cast<int>(i));
    op.cost = 1;
    plan.add(op);
  }
  // Same dependencies, added in the same order, so ops released together start in the same order.
  for (std::size_t i = 0; i < drawn.size(); ++i)
    for (int next : drawn.dependents(static_cast<int>(i))) plan.require(next, static_cast<int>(i));
  return plan;
}

}  // namespace hetcoll
