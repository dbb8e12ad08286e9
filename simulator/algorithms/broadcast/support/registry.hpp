#pragma once
/// @file registry.hpp
/// @brief The table of inter-cluster broadcast heuristics (Steffenel §5; docs/broadcast.md), one
/// per file.
///
/// Drivers, `hetcoll list` and the tests iterate over this one table; no code elsewhere
/// branches on heuristic names.
#include "algorithms/algorithm_table.hpp"
#include "algorithms/broadcast/support/inter_schedule.hpp"

namespace hetcoll {

/// @brief One entry of the table.
struct BroadcastAlgorithm : AlgorithmInfo {
  /// False for the grid-unaware binomial tree: on a platform it spans all hosts rather than the
  /// clusters' coordinators.
  bool grid_aware;
  /// The schedule over the clusters of `costs`: for a dynamic entry, the one it runs with exact
  /// costs, whose makespan is its prediction.
  InterSchedule (*make)(const GridCosts& costs, const HeuristicOptions& options);
  /// True for dynamic ECEF: the family runs it as a policy that re-plans on observed times
  /// (dynamic_ecef.hpp), with costs = random or given only.
  bool dynamic = false;
};

/// @brief Every heuristic, in the paper's order, then the grid-unaware binomial tree.
const AlgorithmTable<BroadcastAlgorithm>& broadcast_algorithms();

InterSchedule schedule_flat(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_fef(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_la(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_lat(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_lat_max(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_bottomup(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_binomial(const GridCosts& costs, const HeuristicOptions& options);

}  // namespace hetcoll
