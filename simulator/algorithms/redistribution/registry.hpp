#pragma once
/// @file registry.hpp
/// @brief The table of redistribution algorithms (ALGORITHMS.md §1, issue #5): drivers, the
/// CLI's list and the tests iterate over it; no code elsewhere branches on algorithm names.
#include <string>
#include <vector>

#include "algorithms/redistribution/instance.hpp"

namespace hetcoll {

/// @brief How an entry is run.
enum class RedistributionKind {
  steps,        //!< a valid step schedule, run step by step with every stream capped at base speed
  all_at_once,  //!< every message at once, never capped (not a valid step schedule)
  bound,        //!< no activity: its value is the lower bound LB_δ
};

/// @brief One entry of the table.
struct RedistributionAlgorithm {
  std::string name;         //!< name used in scenarios and on the command line
  std::string description;  //!< one line for `hetcoll list`
  RedistributionKind kind;
  Schedule (*schedule)(const Instance&);  //!< null for the bound
};

/// @brief All redistribution algorithms, in a fixed order.
const std::vector<RedistributionAlgorithm>& redistribution_algorithms();

/// @brief The entry named `name`, or nullptr if there is none.
const RedistributionAlgorithm* find_redistribution_algorithm(const std::string& name);

}  // namespace hetcoll
