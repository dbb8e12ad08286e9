#pragma once
/// @file executor.hpp
/// @brief The interface between algorithms and engines (docs/design.md, principle 1).
///
/// An algorithm is a Policy: it is told when a replication begins and when each of its
/// activities completes, and reacts by starting more activities through the Executor. A static
/// plan is a policy that releases operations as their dependencies complete (PlanPolicy); a
/// dynamic algorithm decides when a host becomes idle. Policies never see SimGrid.
#include <cstdint>

#include "engine/activity.hpp"

namespace hetcoll {

class Plan;

/// @brief Completions less than this many seconds apart belong to one instant (one batch).
///
/// SimGrid compares dates with an absolute precision (its `surf/precision`); far below it the
/// floating-point clock cannot order events reliably. Both engines use this one value.
inline constexpr double kSimultaneity = 1e-9;

/// @brief What an engine offers a policy.
class Executor {
 public:
  virtual ~Executor() = default;
  /// Current date, in seconds since the replication began.
  virtual double now() const = 0;
  /// Starts an activity now; returns its id (its rank in start order within the replication).
  virtual std::uint64_t start(const Activity& activity) = 0;
};

/// @brief An algorithm, as engines drive it.
///
/// Contract with the engines: begin() is called once at date 0; then all completions of the
/// same instant are delivered one by one in (owner host, id) order; activities started while a
/// batch is delivered belong to later batches, even if they end at the same instant. The
/// replication ends when no activity is left; its makespan is the last completion date.
class Policy {
 public:
  virtual ~Policy() = default;
  virtual void begin(Executor& executor) = 0;
  /// `done` is valid until on_complete returns (the model engine then reuses its storage):
  /// copy what must outlive the call.
  virtual void on_complete(Executor& executor, const Completion& done) = 0;
  /// The Plan a static algorithm ran in its last run (its operations' indices are the tags of
  /// the activities it started), or null for a dynamic algorithm, which decides as it runs: what
  /// `--export-goal` writes. A policy that runs another forwards that one's answer.
  virtual const Plan* static_plan() const { return nullptr; }
};

}  // namespace hetcoll
