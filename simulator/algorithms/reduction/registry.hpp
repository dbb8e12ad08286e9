#pragma once
/// @file registry.hpp
/// @brief The table of non-clairvoyant reduction algorithms (Benoit, Canon & Marchal, RR-8315;
/// docs/reduction.md).
///
/// Drivers, the CLI's list and the tests iterate over this one table; no code elsewhere
/// branches on algorithm names.
#include <memory>
#include <string>
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/reduction/reduction_costs.hpp"
#include "engine/activity.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief What an algorithm needs to build its policy for one sweep point.
struct ReductionSetup {
  int processors = 0;               //!< n: hosts 0..n-1 each hold one value
  CostScale scale;                  //!< abstract cost to bytes and flops
  ReductionCosts* costs = nullptr;  //!< reseeded by the caller between replications
  bool static_overlap = true;       //!< static trees: receptions may overlap ⊕ (docs/reduction.md)
  /// Where costs are drawn from if not null (tests: per-pair worst cases, recording wrappers);
  /// `costs` still decides whether ⊕ is an activity.
  CostDraws* draws = nullptr;
};

/// @brief One entry of the table.
struct ReductionAlgorithm : AlgorithmInfo {
  bool non_commutative;     //!< valid for a non-commutative ⊕ (combines adjacent intervals only)
  /// Builds the policy once per (sweep point, algorithm). Its begin() resets all per-replication
  /// state, so the same policy runs every replication; `setup.costs` must outlive it.
  std::unique_ptr<Policy> (*make)(const ReductionSetup&);
};

/// @brief All reduction algorithms, in a fixed order.
const AlgorithmTable<ReductionAlgorithm>& reduction_algorithms();

}  // namespace hetcoll
