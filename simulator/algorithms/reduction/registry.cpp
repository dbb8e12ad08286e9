#include "algorithms/reduction/registry.hpp"

#include <stdexcept>

#include "algorithms/reduction/factories.hpp"
#include "core/error.hpp"

namespace hetcoll {

const std::vector<ReductionAlgorithm>& reduction_algorithms() {
  static const std::vector<ReductionAlgorithm> table = {
      {"binomial-stat", "static binomial tree, ceil(log2 n) unsynchronised rounds", true,
       make_binomial_stat},
      {"fibonacci-stat", "static Fibonacci tree overlapping receptions with the receiver's ⊕", true,
       make_fibonacci_stat},
      {"tree-dyn", "dynamic: each newly idle processor sends to the one waiting in a single slot",
       false, make_tree_dyn},
      {"non-commut-tree-dyn", "dynamic: a newly idle processor sends to an idle neighbour interval",
       true, make_non_commut_tree_dyn},
  };
  return table;
}

const ReductionAlgorithm* find_reduction_algorithm(const std::string& name) {
  for (const ReductionAlgorithm& a : reduction_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

CostDraws* reduction_draws(const ReductionSetup& setup) {
  if (setup.processors < 1) throw InputError("reduction: processors must be at least 1");
  // A missing cost model is a caller bug, not bad input.
  if (setup.costs == nullptr) throw std::invalid_argument("reduction: no cost model given");
  return setup.draws != nullptr ? setup.draws : setup.costs;
}

}  // namespace hetcoll
