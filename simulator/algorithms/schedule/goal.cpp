// Row `goal`: the schedule of the GOAL file as written (docs/schedule.md), compiled once per
// point to a plan of one comm per matched message and one computation per calc; a file with
// wildcard receives, whose matches depend on timing, runs matching as it goes. Cost: one
// activity per message and per calc, each started when its dependencies have ended (and, with
// wildcards, a walk of the rank's queue per posted send or receive).
#include <memory>

#include "algorithms/schedule/support/goal_matching_policy.hpp"
#include "algorithms/schedule/support/registry.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_goal(const ScheduleSetup& setup) {
  if (setup.program != nullptr) return std::make_unique<GoalMatchingPolicy>(*setup.program, setup.replication);
  // The plan's costs are bytes and flops already.
  return std::make_unique<PlanPolicy>(*setup.plan, CostScale{1, 1}, nullptr);
}

}  // namespace hetcoll
