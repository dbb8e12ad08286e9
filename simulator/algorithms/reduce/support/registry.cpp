#include "algorithms/reduce/support/registry.hpp"

#include <stdexcept>

#include "algorithms/reduce/support/factories.hpp"
#include "core/error.hpp"

namespace hetcoll {

const AlgorithmTable<ReduceAlgorithm>& reduce_algorithms() {
  static const std::string kRr8315 = "Benoit, Canon & Marchal, RR-8315";
  // The paper's EP schedule (Fig. 2) with its destinations (Lemma 1) runs every order below.
  static const std::string kBaseline = "hetcoll baseline, on the EP schedule of Liu & Wang, IPDPS 2000, Fig. 2";
  static const AlgorithmTable<ReduceAlgorithm> table({
      {{"binomial-stat", "static binomial tree, ceil(log2 n) unsynchronised rounds (an MPI reduction to host 0)",
        kRr8315},
       true, make_binomial_stat, nullptr, false, 0},
      {{"fibonacci-stat", "static Fibonacci tree overlapping receptions with the receiver's ⊕", kRr8315}, true,
       make_fibonacci_stat, nullptr, false, 0},
      {{"tree-dyn", "dynamic: each newly idle processor sends to the one waiting in a single slot", kRr8315}, false,
       make_tree_dyn, nullptr, false, 0},
      {{"non-commut-tree-dyn", "dynamic: a newly idle processor sends to an idle neighbour interval", kRr8315}, true,
       make_non_commut_tree_dyn, nullptr, false, 0},
      {{"snf", "slowest-node-first: EP schedule of the hosts by non-increasing time (Liu & Wang)",
        "Liu & Wang, IPDPS 2000, Section 4; within 2 OPT by Theorem 2"},
       false, nullptr, plan_snf, false, 0},
      {{"fastest-first", "EP schedule of the hosts by non-decreasing time", kBaseline}, false, nullptr,
       plan_fastest_first, false, 0},
      {{"random-order", "EP schedule of the hosts in a random order, drawn per replication", kBaseline}, false,
       nullptr, plan_random_order, true, 0},
      {{"ep-order", "EP schedule of the hosts in the order of key 'order' (default: host order)",
        "Liu & Wang, IPDPS 2000, Fig. 2 and Lemma 1"},
       false, nullptr, plan_ep_order, false, 0},
      {{"optimal", "exact optimum over EP schedules (branch and bound), n <= 12",
        "hetcoll (exact branch-and-bound search over EP schedules)"},
       false, nullptr, plan_optimal, false, kOptimalMaxProcessors},
  });
  return table;
}

CostDraws* reduction_draws(const ReduceSetup& setup) {
  if (setup.processors < 1) throw InputError("reduce: processors must be at least 1");
  // A missing cost model is a caller bug, not bad input.
  if (setup.costs == nullptr) throw std::invalid_argument("reduce: no cost model given");
  return setup.draws != nullptr ? setup.draws : setup.costs;
}

}  // namespace hetcoll
