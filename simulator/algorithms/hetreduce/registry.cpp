#include "algorithms/hetreduce/registry.hpp"

#include "algorithms/hetreduce/algorithms.hpp"

namespace hetcoll {

const std::vector<HetreduceAlgorithm>& hetreduce_algorithms() {
  static const std::vector<HetreduceAlgorithm> table = {
      {"snf", "slowest-node-first: EP schedule of the hosts by non-increasing time (Liu & Wang)", false, 0,
       plan_snf},
      {"fastest-first", "EP schedule of the hosts by non-decreasing time", false, 0, plan_fastest_first},
      {"random-order", "EP schedule of the hosts in a random order, drawn per replication", true, 0,
       plan_random_order},
      {"ep-order", "EP schedule of the hosts in the order of key 'order' (default: host order)", false, 0,
       plan_ep_order},
      {"binomial", "heterogeneity-blind binomial tree of an MPI reduction to host 0", false, 0, plan_binomial},
      {"optimal", "exact optimum over EP schedules (branch and bound), n <= 12", false, kOptimalMaxProcessors,
       plan_optimal},
  };
  return table;
}

const HetreduceAlgorithm* find_hetreduce_algorithm(const std::string& name) {
  for (const HetreduceAlgorithm& a : hetreduce_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace hetcoll
