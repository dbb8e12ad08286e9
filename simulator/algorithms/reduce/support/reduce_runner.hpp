#pragma once
/// @file reduce_runner.hpp
/// @brief The replications of one point of the `reduce` family: its cluster (fixed, or drawn
/// per replication), its costs, and every algorithm's policy, built through its row.
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/family.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/registry.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief What the replications of one point need, resolved from its keys by the family.
struct ReduceRunnerInputs {
  ClusterLaw law;               //!< the cluster's kind and n, and a drawn cluster's law
  std::vector<double> times;    //!< a fixed cluster's times (empty for a drawn one)
  std::vector<int> order;       //!< key `order`, or empty
  ReductionCostParams costs;    //!< keys comm-mean, cv, ratio
  CostScale scale;              //!< abstract cost to bytes and flops
  double reference_mean = 1;    //!< comm-mean, as the engines' whole bytes make it with cv = 0
  double message = 0;           //!< key `message`: bytes of one value
  double sender_spread = 1;     //!< the `sender_spread` metric
  /// With times read from a platform file, a lower bound of every schedule's makespan at mean
  /// costs, in seconds (reduction_lower_bound); negative otherwise.
  double file_bound = -1;
  int root = kAnyRoot;          //!< key `root`, resolved: a host, or kAnyRoot
  std::uint64_t seed = 0;       //!< the point's seed
  double segment = 0;           //!< key `segment`: bytes per segment (0: whole messages)
};

/// @brief The runner of one point: `algorithms` (validated for the point) on `platform`.
std::unique_ptr<PointRunner> make_reduce_runner(ReduceRunnerInputs inputs,
                                                const std::vector<const ReduceAlgorithm*>& algorithms,
                                                const Platform& platform);

}  // namespace hetcoll
