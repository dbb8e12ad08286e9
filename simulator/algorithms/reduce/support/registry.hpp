#pragma once
/// @file registry.hpp
/// @brief The table of reduction algorithms (docs/reduce.md): the non-clairvoyant ones of
/// Benoit, Canon & Marchal (RR-8315) and the clairvoyant planners of Liu & Wang (IPDPS 2000),
/// on one cluster and cost model.
///
/// A non-clairvoyant algorithm decides as the run goes and never sees the hosts' times; a
/// planner turns the cluster's per-host times into a static Plan before the run. Both execute
/// the same drawn costs. Drivers, `hetcoll list` and the tests iterate over this one table; no
/// code elsewhere branches on algorithm names.
#include <memory>
#include <string>
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/reduce/support/reduction_costs.hpp"
#include "algorithms/root.hpp"
#include "core/random.hpp"
#include "engine/activity.hpp"
#include "engine/executor.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief What a non-clairvoyant algorithm needs to build its policy for one sweep point.
struct ReduceSetup {
  int processors = 0;               //!< n: hosts 0..n-1 each hold one value
  CostScale scale;                  //!< abstract cost to bytes and flops
  ReductionCosts* costs = nullptr;  //!< repositioned by the caller between replications
  bool static_overlap = true;       //!< static trees: receptions may overlap ⊕ (docs/reduce.md)
  /// Where costs are drawn from if not null (tests: per-pair worst cases, recording wrappers);
  /// `costs` still decides whether ⊕ is an activity.
  CostDraws* draws = nullptr;
  /// Key `root`: the host the result must end at, or kAnyRoot for the paper's choice (P0 for
  /// the static trees, the last receiver for the dynamic ones).
  int root = kAnyRoot;
};

/// @brief An optimal EP sequence and its makespan.
struct OptimalSchedule {
  double makespan = 0;
  std::vector<int> sequence;  //!< senders in start order (root excluded)
};

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

/// @brief One entry of the table: exactly one of `make` and `plan` is set.
struct ReduceAlgorithm : AlgorithmInfo {
  bool non_commutative;  //!< valid for a non-commutative ⊕ (combines adjacent intervals only)
  /// A non-clairvoyant algorithm: its policy, built once per (sweep point, algorithm). Its
  /// begin() resets all per-replication state, so the same policy runs every replication;
  /// `setup.costs` must outlive it.
  std::unique_ptr<Policy> (*make)(const ReduceSetup&);
  /// A planner: the Plan of a cluster's times (its comms drawn, ⊕ free), made again whenever
  /// the times change.
  Plan (*plan)(const ReducePlanInput&);
  bool random;         //!< a planner that draws from the stream: its plan changes every replication
  int max_processors;  //!< largest n it accepts (0: no limit)
};

/// @brief All reduction algorithms, in a fixed order.
const AlgorithmTable<ReduceAlgorithm>& reduce_algorithms();

}  // namespace hetcoll
