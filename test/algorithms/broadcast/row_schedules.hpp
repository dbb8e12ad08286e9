#pragma once
/// @file row_schedules.hpp
/// @brief The schedule over the clusters that a row of the broadcast table makes, read through
/// its factory as a runner builds it: the heuristics' property tests (and the benchmarks) reach
/// every algorithm, static or dynamic, through the table alone.
#include <cstdint>
#include <memory>
#include <stdexcept>

#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll::test {

/// @brief A grid of the clusters alone, for reading schedules: no host beside the coordinators,
/// and plans with no operation (nothing runs).
class SchedulesOnly final : public BroadcastGrid {
 public:
  BroadcastPlan plan(const InterSchedule& schedule) const override {
    BroadcastPlan p;
    p.predicted = schedule.makespan;
    p.schedule = schedule;
    return p;
  }
  bool spans_hosts() const override { return false; }
  BroadcastPlan host_tree(TreeChildren (*)(int)) const override {
    throw std::logic_error("a grid of the clusters alone has no hosts to span");
  }
};

/// @brief The schedule `row` makes of `costs` under `options`: its policy's (a dynamic
/// algorithm's: the one it runs with exact costs), whose makespan must be its prediction.
inline InterSchedule schedule_of(const BroadcastAlgorithm& row, const GridCosts& costs,
                                 const HeuristicOptions& options) {
  static const SchedulesOnly grid;
  static const std::uint64_t instance = 0;
  const std::unique_ptr<BroadcastPolicy> policy = row.make(BroadcastSetup{&costs, &instance, options, &grid});
  const InterSchedule* schedule = policy->schedule();
  if (schedule == nullptr) throw std::logic_error(row.name() + " makes no schedule over the clusters");
  if (policy->predicted() != schedule->makespan)
    throw std::logic_error(row.name() + " predicts another time than its schedule's makespan");
  return *schedule;
}

}  // namespace hetcoll::test
