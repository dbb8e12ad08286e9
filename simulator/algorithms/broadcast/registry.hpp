#pragma once
/// @file heuristics.hpp
/// @brief The table of inter-cluster broadcast heuristics (ALGORITHMS.md §5.3), one per file.
///
/// Drivers, `hetcoll list` and the tests iterate over this one table; no code elsewhere
/// branches on heuristic names.
#include <string>
#include <vector>

#include "algorithms/broadcast/inter_schedule.hpp"

namespace hetcoll {

/// @brief One entry of the table.
struct InterHeuristic {
  std::string name;         //!< name in scenarios and on the command line
  std::string description;  //!< one line for `hetcoll list`
  /// False for the grid-unaware binomial tree: on a platform it spans all hosts rather than the
  /// clusters' coordinators.
  bool grid_aware;
  /// The schedule over the clusters of `costs`.
  InterSchedule (*schedule)(const GridCosts& costs, const HeuristicOptions& options);
};

/// @brief Every heuristic, in the paper's order, then the grid-unaware binomial tree.
const std::vector<InterHeuristic>& inter_heuristics();
/// @brief The entry named `name`, or nullptr.
const InterHeuristic* find_inter_heuristic(const std::string& name);

InterSchedule schedule_flat(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_fef(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_la(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_lat(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_lat_max(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_bottomup(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_binomial(const GridCosts& costs, const HeuristicOptions& options);

}  // namespace hetcoll
