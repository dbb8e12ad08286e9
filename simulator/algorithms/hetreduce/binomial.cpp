// Binomial: the heterogeneity-blind binomial tree of a homogeneous MPI reduction to host 0
// (rank r receives from r + 1, r + 2, r + 4, … while 2^k divides r), as in RR-8315's
// Binomial-stat; each reception starts once the child has received everything and the
// previous reception at r has ended. Liu & Wang's introduction: "a simple tree algorithm can
// combine all the information in log n rounds" on a homogeneous system.
//
// Cost in the model: ⌈log2 n⌉·t with equal times; with heterogeneous times the slow hosts may
// sit anywhere in the tree, including on its critical path. Planning: O(n log n).
#include "algorithms/hetreduce/factories.hpp"
#include "algorithms/static_tree_plan.hpp"

namespace hetcoll {

Plan plan_binomial(const HetreduceInput& input) {
  // Binomial-stat's tree and execution rules, every reception one message.
  return static_tree_plan(binomial_children(static_cast<int>(input.times.size())), false, true, 1);
}

}  // namespace hetcoll
