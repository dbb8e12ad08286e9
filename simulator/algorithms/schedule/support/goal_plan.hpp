#pragma once
/// @file goal_plan.hpp
/// @brief Compiles a GOAL schedule to a Plan (docs/schedule.md, "Matching and ordering"): each
/// matched send and receive is one comm, each calc one computation, `irequires` replaced by the
/// started operation's own dependencies, numbered in topological order by key.
///
/// Everything that would make the schedule fail to run is refused here, before any run: a send
/// or receive never matched, a receive smaller than its message, a dependency cycle (a deadlock
/// of the matched schedule). Each refusal is an InputError of one line naming the file, the line
/// and the operation.
#include <string>
#include <vector>

#include "algorithms/schedule/support/goal_reader.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief What a calc's TIME is (key `calc-unit`).
enum class CalcUnit {
  seconds,  //!< TIME seconds on the rank's host: TIME × its speed flops
  flops,    //!< TIME flops of work, whole numbers
};

/// @brief The plan of `schedule`, its costs in bytes and flops (run it with CostScale{1, 1}):
/// a message's cost is its send's size, a calc's its flops by `unit`, with `speeds[r]` the
/// flops/s of rank r's host (read with calc-unit = seconds). Throws InputError; a schedule with
/// wildcards has no plan (std::logic_error: it runs as GoalMatchingPolicy).
Plan compile_goal(const GoalSchedule& schedule, CalcUnit unit, const std::vector<double>& speeds);

/// @brief The whole flops of the calc `calc` by `unit` (speeds as for compile_goal). Throws
/// InputError naming the file `source` and the line.
double goal_calc_flops(const std::string& source, const GoalOp& calc, CalcUnit unit,
                       const std::vector<double>& speeds);

}  // namespace hetcoll
