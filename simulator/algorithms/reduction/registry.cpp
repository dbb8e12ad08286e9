#include "algorithms/reduction/registry.hpp"

#include <stdexcept>

#include "algorithms/reduction/factories.hpp"
#include "core/error.hpp"

namespace hetcoll {

const AlgorithmTable<ReductionAlgorithm>& reduction_algorithms() {
  static const std::string kPaper = "Benoit, Canon & Marchal, RR-8315";
  static const AlgorithmTable<ReductionAlgorithm> table({
      {{"binomial-stat", "static binomial tree, ceil(log2 n) unsynchronised rounds", kPaper}, true, make_binomial_stat},
      {{"fibonacci-stat", "static Fibonacci tree overlapping receptions with the receiver's ⊕", kPaper}, true,
       make_fibonacci_stat},
      {{"tree-dyn", "dynamic: each newly idle processor sends to the one waiting in a single slot", kPaper}, false,
       make_tree_dyn},
      {{"non-commut-tree-dyn", "dynamic: a newly idle processor sends to an idle neighbour interval", kPaper}, true,
       make_non_commut_tree_dyn},
  });
  return table;
}

CostDraws* reduction_draws(const ReductionSetup& setup) {
  if (setup.processors < 1) throw InputError("reduction: processors must be at least 1");
  // A missing cost model is a caller bug, not bad input.
  if (setup.costs == nullptr) throw std::invalid_argument("reduction: no cost model given");
  return setup.draws != nullptr ? setup.draws : setup.costs;
}

}  // namespace hetcoll
