#pragma once
/// @file registry.hpp
/// @brief The table of redistribution algorithms (Jeannot & Wagner; docs/redistribute.md):
/// drivers, the CLI's list and the tests iterate over it; no code elsewhere branches on algorithm
/// names.
#include <cstdint>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/redistribute/support/instance.hpp"

namespace hetcoll {

/// @brief How an entry is run.
enum class RedistributionKind {
  steps,        //!< a valid step schedule, run step by step with every stream capped at base speed
  all_at_once,  //!< every message at once, never capped (not a valid step schedule)
  bound,        //!< no activity: its value is the lower bound LB_δ
};

/// @brief One entry of the table.
struct RedistributionAlgorithm : AlgorithmInfo {
  RedistributionKind kind;
  /// Builds the schedule of an instance; null for the bound, which schedules nothing.
  Schedule (*make)(const Instance&);
  /// For a search sized by its instance (exact): an upper bound of its work on any instance of
  /// that many messages, heaviest weight, k and ports (exact_work_bound), and the most it does
  /// (`make` refuses more). Null and 0 for the others, which run any instance.
  double (*work_bound)(double messages, double heaviest, double k, double ports) = nullptr;
  std::uint64_t max_work = 0;
};

/// @brief All redistribution algorithms, in a fixed order.
const AlgorithmTable<RedistributionAlgorithm>& redistribution_algorithms();

}  // namespace hetcoll
