#pragma once
/// @file planner.hpp
/// @brief How a planner of Liu & Wang's model becomes a reduction policy: the pure function from
/// a cluster's times to a Plan, run through PlannedPolicy over the runner's instance.
#include <memory>
#include <vector>

#include "algorithms/reduce/support/registry.hpp"

namespace hetcoll {

/// @brief What a planner sees of one replication's cluster.
struct ReducePlanInput {
  const std::vector<double>& times;  //!< t(p) of hosts 0..n-1: one mean message from p lasts t(p)
  RandomStream& stream;              //!< the replication's own stream (random-order only)
  const std::vector<int>& order;     //!< key `order`: a permutation of the hosts (ep-order)
  /// The optimum of `times` for `root` if the caller has it already (optimal then skips its search).
  const OptimalSchedule* optimum = nullptr;
  /// Key `root`: the host the plan must end at, or kAnyRoot for the slowest host (Liu & Wang).
  int root = kAnyRoot;
};

/// @brief A planner: the Plan of a cluster's times (its comms drawn, ⊕ free).
using ReducePlanner = Plan (*)(const ReducePlanInput&);

/// @brief The policy of a planner that reads the cluster only: it plans when first run and
/// again only when the setup's instance has changed (a drawn cluster), so a fixed cluster is
/// planned once. Throws std::invalid_argument if the setup has no instance or replication.
std::unique_ptr<Policy> plan_per_instance(const ReduceSetup& setup, ReducePlanner planner);

/// @brief The policy of a planner that draws from the replication's stream: it plans again
/// every replication, every such planner on the same stream (common random numbers).
std::unique_ptr<Policy> plan_per_replication(const ReduceSetup& setup, ReducePlanner planner);

}  // namespace hetcoll
