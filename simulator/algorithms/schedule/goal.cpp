// Row `goal`: the schedule of the GOAL file as written (docs/schedule.md), compiled once per
// point to a plan of one comm per matched message and one computation per calc. Cost: one
// activity per message and per calc, each started when its dependencies have ended.
#include <memory>

#include "algorithms/schedule/support/registry.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_goal(const ScheduleSetup& setup) {
  // The plan's costs are bytes and flops already.
  return std::make_unique<PlanPolicy>(*setup.plan, CostScale{1, 1}, nullptr);
}

}  // namespace hetcoll
