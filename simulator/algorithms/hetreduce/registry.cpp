#include "algorithms/hetreduce/registry.hpp"

#include "algorithms/hetreduce/factories.hpp"

namespace hetcoll {

const AlgorithmTable<HetreduceAlgorithm>& hetreduce_algorithms() {
  // The paper's EP schedule (Fig. 2) with its destinations (Lemma 1) runs every order below.
  static const std::string kBaseline = "hetcoll baseline, on the EP schedule of Liu & Wang, IPDPS 2000, Fig. 2";
  static const AlgorithmTable<HetreduceAlgorithm> table({
      {{"snf", "slowest-node-first: EP schedule of the hosts by non-increasing time (Liu & Wang)",
        "Liu & Wang, IPDPS 2000, Section 4; within 2 OPT by Theorem 2"},
       false, 0, plan_snf},
      {{"fastest-first", "EP schedule of the hosts by non-decreasing time", kBaseline}, false, 0,
       plan_fastest_first},
      {{"random-order", "EP schedule of the hosts in a random order, drawn per replication", kBaseline}, true, 0,
       plan_random_order},
      {{"ep-order", "EP schedule of the hosts in the order of key 'order' (default: host order)",
        "Liu & Wang, IPDPS 2000, Fig. 2 and Lemma 1"},
       false, 0, plan_ep_order},
      {{"binomial", "heterogeneity-blind binomial tree of an MPI reduction to host 0",
        "hetcoll baseline: the log n-round tree of Liu & Wang's Section 1 (Binomial-stat of RR-8315)"},
       false, 0, plan_binomial},
      {{"optimal", "exact optimum over EP schedules (branch and bound), n <= 12",
        "hetcoll (exact branch-and-bound search over EP schedules)"},
       false, kOptimalMaxProcessors, plan_optimal},
  });
  return table;
}

}  // namespace hetcoll
