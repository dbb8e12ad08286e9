#pragma once
/// @file schedule_policy.hpp
/// @brief A static redistribution algorithm as a policy: its solver's schedule of the current
/// instance, checked, and run as the Plan of its steps (through PlannedPolicy) or without step
/// barriers (AsynchronousSteps); docs/redistribute.md, "Execution".
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms/redistribute/support/asynchronous_steps.hpp"
#include "algorithms/redistribute/support/redistribution_policy.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief A solver: the schedule of an instance (factories.hpp).
using Solver = Schedule (*)(const Instance&);

/// @brief How a schedule runs.
struct ScheduleRun {
  bool limits = true;         //!< its steps keep k and δ (check_schedule checks them)
  double rate = 0;            //!< cap of every stream in bytes/s (0: none)
  bool asynchronous = false;  //!< without step barriers (AsynchronousSteps)
};

/// @brief Runs `solver`'s schedule of the setup's current instance: made when the instance has
/// changed (RedistributionSetup::instance_id), checked (an invalid schedule is a bug of the
/// algorithm: std::logic_error naming it), then run as `run` says.
class SchedulePolicy final : public RedistributionPolicy {
 public:
  SchedulePolicy(const RedistributionSetup& setup, std::string name, Solver solver, ScheduleRun run);
  SchedulePolicy(const SchedulePolicy&) = delete;  // planned_ refers to this
  SchedulePolicy& operator=(const SchedulePolicy&) = delete;

  const Schedule* schedule() override;
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  /// The plan of the synchronous steps; none without step barriers (AsynchronousSteps decides
  /// as the streams end).
  const Plan* static_plan() const override { return run_.asynchronous ? nullptr : planned_.static_plan(); }

 private:
  RedistributionSetup setup_;
  std::string name_;
  Solver solver_;
  ScheduleRun run_;
  Schedule schedule_;
  bool made_ = false;
  std::uint64_t made_for_ = 0;        // the value of *setup_.instance_id schedule_ was made for
  bool streams_stale_ = true;         // asynchronous: unsynchronised_ holds an older schedule
  PlannedPolicy planned_;             // synchronous steps
  AsynchronousSteps unsynchronised_;  // asynchronous steps
};

/// @brief The policy of a step schedule (every step within k and δ): capped at base speed unless
/// the setup is uncapped, without step barriers if it is asynchronous.
std::unique_ptr<RedistributionPolicy> step_schedule_policy(const RedistributionSetup& setup, std::string name,
                                                           Solver solver);

}  // namespace hetcoll
