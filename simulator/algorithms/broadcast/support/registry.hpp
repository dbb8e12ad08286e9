#pragma once
/// @file registry.hpp
/// @brief The table of broadcast algorithms (Steffenel §5; docs/broadcast.md), one per file, and
/// their factories.
///
/// Drivers, `hetcoll list` and the tests iterate over this one table; no code elsewhere
/// branches on algorithm names or kinds: a runner builds every algorithm through its row.
#include "algorithms/algorithm_table.hpp"
#include "algorithms/broadcast/support/broadcast_policy.hpp"

namespace hetcoll {

/// @brief One row of the table, built by name:
///
///     BroadcastAlgorithm("ecef").description("...").reference("...").make(make_ecef)
///
/// plus the steps that describe the algorithm where it is not like the others.
class BroadcastAlgorithm : public AlgorithmRow<BroadcastAlgorithm, BroadcastSetup, BroadcastPolicy> {
 public:
  using AlgorithmRow::AlgorithmRow;

  /// It re-plans on the abstract grid's costs, so it runs with costs = random or given only:
  /// with costs = platform the family leaves it out of the default list and refuses it listed.
  BroadcastAlgorithm& abstract_costs_only() {
    runs_on_platforms_ = false;
    return *this;
  }
  /// It runs over every host of a platform (an MPI library's algorithm: a program of ranks),
  /// so with costs = random or given, whose clusters are points with no cost for part of a
  /// message, the family leaves it out of the default list and refuses it listed.
  BroadcastAlgorithm& platform_costs_only() {
    runs_on_abstract_costs_ = false;
    return *this;
  }
  /// It ignores the clusters (MPI's binomial tree): on a platform its tree spans every host and
  /// its messages may share links its pLogP prediction does not see. A description (docs,
  /// tests): its factory alone decides what it spans.
  BroadcastAlgorithm& grid_unaware() {
    grid_aware_ = false;
    return *this;
  }

  bool runs_on_platforms() const { return runs_on_platforms_; }
  bool grid_aware() const { return grid_aware_; }
  bool runs_on_abstract_costs() const { return runs_on_abstract_costs_; }

 private:
  bool runs_on_platforms_ = true;
  bool runs_on_abstract_costs_ = true;
  bool grid_aware_ = true;
};

/// @brief Every algorithm, in the paper's order, then hetcoll's dynamic ECEF, the grid-unaware
/// binomial tree, and the MPI libraries' algorithms and selectors.
const AlgorithmTable<BroadcastAlgorithm>& broadcast_algorithms();

}  // namespace hetcoll
