#include "algorithms/reduce/support/planner.hpp"

#include <stdexcept>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {
namespace {

std::unique_ptr<Policy> planned(const ReduceSetup& setup, ReducePlanner planner, const std::uint64_t* moves) {
  CostDraws* draws = reduction_draws(setup);
  // The shared instance is held, not copied: the runner redraws it in place.
  auto plan = [instance = setup.instance, replication = setup.replication, seed = setup.seed, root = setup.root,
               planner] {
    RandomStream stream(seed, *replication, kPlannerStream);
    const OptimalSchedule* optimum = instance->optimum.sequence.empty() ? nullptr : &instance->optimum;
    return planner(ReducePlanInput{instance->times, stream, instance->order, optimum, root});
  };
  return std::make_unique<PlannedPolicy>(plan, moves, setup.scale, draws);
}

void check_planner_setup(const ReduceSetup& setup) {
  // A setup without them is a caller bug, not bad input.
  if (setup.instance == nullptr || setup.replication == nullptr)
    throw std::invalid_argument("reduce: a planner needs the setup's instance and replication");
}

}  // namespace

std::unique_ptr<Policy> plan_per_instance(const ReduceSetup& setup, ReducePlanner planner) {
  check_planner_setup(setup);
  return planned(setup, planner, &setup.instance->revision);
}

std::unique_ptr<Policy> plan_per_replication(const ReduceSetup& setup, ReducePlanner planner) {
  check_planner_setup(setup);
  return planned(setup, planner, setup.replication);
}

}  // namespace hetcoll
