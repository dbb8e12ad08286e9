#pragma once
/// @file redistribution_policy.hpp
/// @brief What every redistribution algorithm is given (RedistributionSetup) and what its policy
/// says beside running (RedistributionPolicy): the one factory signature of the family's table.
#include <cstdint>
#include <string>

#include "algorithms/redistribute/support/instance.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief What the runner of a point hands every algorithm's factory, once per (point, process).
struct RedistributionSetup {
  /// The runner's current instance: a matrix's for every replication, or the replication's
  /// random one; it lives as long as the runner.
  const Instance* instance = nullptr;
  /// Moves whenever *instance changes: what a policy made for the instance (a schedule, a plan)
  /// is made again when it has moved, and only then (PlannedPolicy).
  const std::uint64_t* instance_id = nullptr;
  /// Bytes per second of the base speed, the same for every instance of a point: a weight of w
  /// seconds is w × base_bytes bytes.
  double base_bytes = 1;
  double host_speed = 1;      //!< flop/s of host 0, where every β runs as a computation
  bool uncapped = false;      //!< key `uncapped`: step schedules run without their caps at base speed
  bool asynchronous = false;  //!< key `asynchronous`: step schedules run without their step barriers
};

/// @brief The policy of a redistribution algorithm: it runs the algorithm on the setup's current
/// instance, and says the schedule it runs and the value its row records.
class RedistributionPolicy : public Policy {
 public:
  /// The schedule it runs on the current instance, made when first asked for after the instance
  /// changed; null for an algorithm that runs no schedule (a dynamic one, or the lower bound).
  virtual const Schedule* schedule() { return nullptr; }
  /// The value its row records for a run that lasted `makespan` seconds: the makespan, unless
  /// the row's value is computed rather than simulated (the lower bound's LB_δ).
  virtual double value(double makespan) const { return makespan; }
};

}  // namespace hetcoll
