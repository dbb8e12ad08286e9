#include "algorithms/reduce/support/registry.hpp"

#include <stdexcept>

#include "algorithms/reduce/support/factories.hpp"
#include "core/error.hpp"

namespace hetcoll {

// The factories, each defined in the algorithm's own file (make_ + the row's name, '-' as '_'):
// a new algorithm is its file, its line here and its row below.
std::unique_ptr<Policy> make_binomial_stat(const ReduceSetup& setup);
std::unique_ptr<Policy> make_fibonacci_stat(const ReduceSetup& setup);
std::unique_ptr<Policy> make_tree_dyn(const ReduceSetup& setup);
std::unique_ptr<Policy> make_non_commut_tree_dyn(const ReduceSetup& setup);
std::unique_ptr<Policy> make_snf(const ReduceSetup& setup);
std::unique_ptr<Policy> make_fastest_first(const ReduceSetup& setup);
std::unique_ptr<Policy> make_random_order(const ReduceSetup& setup);
std::unique_ptr<Policy> make_ep_order(const ReduceSetup& setup);
std::unique_ptr<Policy> make_optimal(const ReduceSetup& setup);

const AlgorithmTable<ReduceAlgorithm>& reduce_algorithms() {
  static const std::string kRr8315 = "Benoit, Canon & Marchal, RR-8315";
  // The paper's EP schedule (Fig. 2) with its destinations (Lemma 1) runs every order below.
  static const std::string kBaseline = "hetcoll baseline, on the EP schedule of Liu & Wang, IPDPS 2000, Fig. 2";
  static const AlgorithmTable<ReduceAlgorithm> table({
      ReduceAlgorithm("binomial-stat")
          .description("static binomial tree, ceil(log2 n) unsynchronised rounds (an MPI reduction to host 0)")
          .reference(kRr8315)
          .non_commutative()
          .make(make_binomial_stat),
      ReduceAlgorithm("fibonacci-stat")
          .description("static Fibonacci tree overlapping receptions with the receiver's ⊕")
          .reference(kRr8315)
          .non_commutative()
          .make(make_fibonacci_stat),
      ReduceAlgorithm("tree-dyn")
          .description("dynamic: each newly idle processor sends to the one waiting in a single slot")
          .reference(kRr8315)
          .make(make_tree_dyn),
      ReduceAlgorithm("non-commut-tree-dyn")
          .description("dynamic: a newly idle processor sends to an idle neighbour interval")
          .reference(kRr8315)
          .non_commutative()
          .make(make_non_commut_tree_dyn),
      ReduceAlgorithm("snf")
          .description("slowest-node-first: EP schedule of the hosts by non-increasing time (Liu & Wang)")
          .reference("Liu & Wang, IPDPS 2000, Section 4; within 2 OPT by Theorem 2")
          .assumes_free_op()
          .make(make_snf),
      ReduceAlgorithm("fastest-first")
          .description("EP schedule of the hosts by non-decreasing time")
          .reference(kBaseline)
          .assumes_free_op()
          .make(make_fastest_first),
      ReduceAlgorithm("random-order")
          .description("EP schedule of the hosts in a random order, drawn per replication")
          .reference(kBaseline)
          .assumes_free_op()
          .make(make_random_order),
      ReduceAlgorithm("ep-order")
          .description("EP schedule of the hosts in the order of key 'order' (default: host order)")
          .reference("Liu & Wang, IPDPS 2000, Fig. 2 and Lemma 1")
          .assumes_free_op()
          .make(make_ep_order),
      ReduceAlgorithm("optimal")
          .description("exact optimum over EP schedules (branch and bound), n <= 12")
          .reference("hetcoll (exact branch-and-bound search over EP schedules)")
          .assumes_free_op()
          .at_most(kOptimalMaxProcessors)
          .make(make_optimal),
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
