// A planner as the family's policy: the schedule of the current star, solved once per instance,
// run as its star_plan (star_plan.hpp) through PlannedPolicy, the one adapter of static plans.
#include <memory>

#include "algorithms/divisible/support/factories.hpp"
#include "algorithms/divisible/support/star_plan.hpp"
#include "engine/plan.hpp"

namespace hetcoll {
namespace {

/// The schedule is solved when first asked (the runner asks for its load as soon as the star
/// changes, before any run) and again only when the instance has moved; its plan, made the same
/// way by PlannedPolicy, is needed only to run.
class PlannedSchedule final : public DivisiblePolicy {
 public:
  PlannedSchedule(DivisibleSolver solver, const DivisibleSetup& setup)
      : solver_(solver),
        setup_(setup),
        run_([this] { return star_plan(*setup_.star, current(), *setup_.rates, setup_.options.port); },
             setup.instance, CostScale{1, 1}, nullptr) {}

  void begin(Executor& executor) override { run_.begin(executor); }
  void on_complete(Executor& executor, const Completion& done) override { run_.on_complete(executor, done); }
  const Plan* static_plan() const override { return run_.static_plan(); }
  double load() override { return current().load(); }
  int enrolled() override { return current().enrolled(); }
  const DivisibleSchedule* schedule() override { return &current(); }

 private:
  const DivisibleSchedule& current() {
    if (!solved_ || solved_for_ != *setup_.instance) {
      schedule_ = solver_(*setup_.star, setup_.options);
      solved_ = true;
      solved_for_ = *setup_.instance;
    }
    return schedule_;
  }

  DivisibleSolver solver_;
  DivisibleSetup setup_;
  bool solved_ = false;
  std::uint64_t solved_for_ = 0;  // the value of *setup_.instance the schedule was solved for
  DivisibleSchedule schedule_;
  PlannedPolicy run_;
};

}  // namespace

std::unique_ptr<DivisiblePolicy> planned(DivisibleSolver solver, const DivisibleSetup& setup) {
  return std::make_unique<PlannedSchedule>(solver, setup);
}

}  // namespace hetcoll
