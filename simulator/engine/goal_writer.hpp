#pragma once
/// @file goal_writer.hpp
/// @brief A static plan as it ran, written in GOAL, the schedule format of LogGOPSim (Hoefler,
/// Schneider, Lumsdaine, HPDC 2010), so that LogGOPSim or the family `schedule` runs it again
/// (docs/schedule.md, "Export").
///
/// A comm PlanOp from a to b is a `send` on rank a and a `recv` on rank b, a compute a `calc` of
/// its flops; rank i is host i of the run. Each dependency becomes a `requires` on the rank that
/// takes part in the operation waited for, which GOAL can say only within one rank's block.
#include <ostream>
#include <string>
#include <vector>

#include "engine/plan.hpp"

namespace hetcoll {

/// @brief The activities `plan` started in one run, by operation index: the activity of each
/// completion in `ran` goes to the operation its tag names (PlanPolicy tags an activity with its
/// operation's index), with the amount it had when it started (after any noise) and the
/// platform's hosts. std::logic_error unless `ran` holds every operation exactly once.
std::vector<Activity> activities_by_operation(const Plan& plan, const std::vector<Completion>& ran);

/// @brief Why the run of `plan` whose activities are `started` (activities_by_operation())
/// cannot be written in GOAL, as a phrase ("operation 7 (a comm from host 2 to host 3) waits for
/// operation 4 (a computation on host 5), which neither of its hosts takes part in"); "" if it
/// can. GOAL says a dependency only between operations of one rank, and has no rate caps.
std::string goal_refusal(const Plan& plan, const std::vector<Activity>& started);

/// @brief Writes the run of `plan` whose activities are `started` in GOAL on `ranks` ranks
/// (every host the run used is below `ranks`), after `comments` as `//` lines. Each rank's
/// block lists its operations in the plan's order, each followed by its dependencies; labels
/// carry the plan's index: `opI` the calc or the send of operation I, `rI` its receive (so the
/// family `schedule` numbers the plan read back as this one). The caller has checked
/// goal_refusal() is "".
void write_goal(std::ostream& out, const Plan& plan, const std::vector<Activity>& started, int ranks,
                const std::vector<std::string>& comments);

}  // namespace hetcoll
