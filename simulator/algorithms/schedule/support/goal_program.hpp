#pragma once
/// @file goal_program.hpp
/// @brief A GOAL schedule with wildcard receives (source -1, tag -1), ready to run matching as
/// it goes (docs/schedule.md, "Wildcards: matching in posting order"): which send a wildcard
/// receive takes depends on timing, so the schedule is no plan but a program that
/// GoalMatchingPolicy runs.
///
/// What no timing can change is refused here, before any run, each in one line naming the file,
/// the line and the operation: a dependency cycle within the file's `requires` and `irequires`,
/// and a send or receive that no run can match (per destination, more receives of a kind than
/// the sends they accept, or more sends than receives). What depends on timing (a deadlock, a
/// receive smaller than the message it meets) stops the run that meets it.
#include <string>
#include <vector>

#include "algorithms/schedule/support/goal_plan.hpp"
#include "algorithms/schedule/support/goal_reader.hpp"
#include "algorithms/schedule/support/grouped_lists.hpp"

namespace hetcoll {

/// @brief The operations of a GOAL file and their dependencies both ways, in file order.
struct GoalProgram {
  std::string source;        //!< the file's name, as error messages give it
  int ranks = 0;             //!< num_ranks
  std::vector<GoalOp> ops;   //!< as read, but a calc's amount is its whole flops (key calc-unit)
  GroupedLists ends_needed;     //!< per operation: those it `requires` (to have ended)
  GroupedLists starts_needed;   //!< per operation: those it `irequires` (to have started)
  GroupedLists end_releases;    //!< per operation: those that `require` it
  GroupedLists start_releases;  //!< per operation: those that `irequire` it
};

/// @brief Whether the receive `recv` accepts the message of the send `send` to its rank: the
/// same source or -1, the same tag or -1 (MPI's and LogGOPSim's rule).
inline bool goal_accepts(const GoalOp& recv, const GoalOp& send) {
  return (recv.peer == kGoalAnySource || recv.peer == send.rank) && (recv.tag == kGoalAnyTag || recv.tag == send.tag);
}

/// @brief `schedule` as a program: calcs in flops by `unit` (speeds as for compile_goal), the
/// checks above made. Throws InputError.
GoalProgram prepare_goal_program(GoalSchedule schedule, CalcUnit unit, const std::vector<double>& speeds);

}  // namespace hetcoll
