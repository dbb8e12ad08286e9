#pragma once
/// @file registry.hpp
/// @brief The table of the `schedule` family's algorithms (docs/schedule.md): drivers, the CLI's
/// list and the tests iterate over it; no code elsewhere branches on algorithm names.
#include <cstdint>
#include <memory>

#include "algorithms/algorithm_table.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

struct GoalProgram;

/// @brief What every algorithm of the family may read: the schedule compiled to a plan, its
/// costs in bytes and flops (run with CostScale{1, 1}), or, for a schedule with wildcard
/// receives, the program that matches as it runs.
struct ScheduleSetup {
  const Plan* plan = nullptr;              //!< a schedule without wildcards; else null
  const GoalProgram* program = nullptr;    //!< a schedule with wildcards; else null
  const std::uint64_t* replication = nullptr;  //!< the replication being run (for error lines)
};

/// @brief One row of the table, built by name: `ScheduleAlgorithm("goal").description(...)
/// .reference(...).make(make_goal)`.
class ScheduleAlgorithm : public AlgorithmRow<ScheduleAlgorithm, ScheduleSetup> {
 public:
  using AlgorithmRow::AlgorithmRow;
};

/// @brief All algorithms of the family, in a fixed order.
const AlgorithmTable<ScheduleAlgorithm>& schedule_algorithms();

}  // namespace hetcoll
