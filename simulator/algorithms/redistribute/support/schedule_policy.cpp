#include "algorithms/redistribute/support/schedule_policy.hpp"

#include <stdexcept>
#include <utility>

#include "algorithms/redistribute/support/execution.hpp"

namespace hetcoll {

SchedulePolicy::SchedulePolicy(const RedistributionSetup& setup, std::string name, Solver solver, ScheduleRun run)
    : setup_(setup), name_(std::move(name)), solver_(solver), run_(run),
      planned_([this] { return schedule_plan(*setup_.instance, *schedule(), run_.rate); }, setup.instance_id,
               CostScale{setup.base_bytes, setup.host_speed}, nullptr) {}

const Schedule* SchedulePolicy::schedule() {
  if (made_ && *setup_.instance_id == made_for_) return &schedule_;
  Schedule schedule = solver_(*setup_.instance);
  const std::string problem = check_schedule(*setup_.instance, schedule, run_.limits);
  // An invalid schedule is a bug in the algorithm, never bad input.
  if (!problem.empty()) throw std::logic_error("redistribution: " + name_ + " gave an invalid schedule: " + problem);
  schedule_ = std::move(schedule);
  made_ = true;
  made_for_ = *setup_.instance_id;
  streams_stale_ = true;
  return &schedule_;
}

void SchedulePolicy::begin(Executor& executor) {
  if (!run_.asynchronous) {
    planned_.begin(executor);  // plans from schedule() when the instance has moved
    return;
  }
  schedule();
  if (streams_stale_) {
    unsynchronised_.reset(*setup_.instance, schedule_, setup_.base_bytes, run_.rate, setup_.host_speed);
    streams_stale_ = false;
  }
  unsynchronised_.begin(executor);
}

void SchedulePolicy::on_complete(Executor& executor, const Completion& done) {
  if (run_.asynchronous)
    unsynchronised_.on_complete(executor, done);
  else
    planned_.on_complete(executor, done);
}

std::unique_ptr<RedistributionPolicy> step_schedule_policy(const RedistributionSetup& setup, std::string name,
                                                           Solver solver) {
  ScheduleRun run;
  run.rate = setup.uncapped ? 0.0 : setup.base_bytes;
  run.asynchronous = setup.asynchronous;
  return std::make_unique<SchedulePolicy>(setup, std::move(name), solver, run);
}

}  // namespace hetcoll
