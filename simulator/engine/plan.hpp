#pragma once
/// @file plan.hpp
/// @brief Static plans: operations linked by dependencies, executed as a Policy.
///
/// The LogGOPSim idea (an algorithm becomes data): a plan lists operations, each with the
/// operations it must wait for; the same plan runs on either engine and, because it is data,
/// can be checked without running anything. Per-host ordering (one receive at a time, one
/// computation at a time) is expressed as dependencies by the plan's builder.
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Where the cost of an operation comes from when the plan does not fix it.
///
/// Costs are drawn when an operation starts, so the k-th communication started in a
/// replication takes the k-th communication draw whatever the algorithm (common random numbers).
class CostDraws {
 public:
  virtual ~CostDraws() = default;
  /// Abstract cost of the next communication started (src to dst).
  virtual double comm(int src, int dst) = 0;
  /// Abstract cost of the next computation started on `host`.
  virtual double compute(int host) = 0;
};

/// @brief One operation of a plan.
struct PlanOp {
  /// Cost marker: draw the cost from CostDraws when the operation starts.
  static constexpr double kDrawn = -1.0;
  ActivityKind kind = ActivityKind::comm;
  int host = 0;            //!< sender or computing host
  int peer = -1;           //!< receiver of a comm
  double cost = kDrawn;    //!< abstract cost, or kDrawn
  double rate = 0;         //!< comm rate cap in bytes/s (0: none)
  /// With a drawn cost: the share of the draw this operation takes (a segment of a message
  /// drawn whole, say); its cost is share × the draw.
  double share = 1;
};

/// @brief A comm from `from` to `to` of `cost` (default: drawn when it starts), capped at
/// `rate` bytes/s (0: none).
inline PlanOp comm_op(int from, int to, double cost = PlanOp::kDrawn, double rate = 0) {
  return PlanOp{ActivityKind::comm, from, to, cost, rate};
}

/// @brief A computation on `host` of `cost` (default: drawn when it starts).
inline PlanOp compute_op(int host, double cost = PlanOp::kDrawn) {
  return PlanOp{ActivityKind::compute, host, -1, cost, 0};
}

/// @brief An immutable dependency graph of operations, built once and run many times.
class Plan {
 public:
  /// Adds an operation that starts once every operation in `after` has completed; returns its index.
  int add(const PlanOp& op, std::initializer_list<int> after = {});
  int add(const PlanOp& op, const std::vector<int>& after);
  /// Adds a dependency: `op` waits for `before`.
  void require(int op, int before);

  std::size_t size() const { return ops_.size(); }
  const PlanOp& op(int i) const { return ops_[i]; }
  const std::vector<int>& dependents(int i) const { return dependents_[i]; }
  int dependency_count(int i) const { return dependency_count_[i]; }
  /// Changes with every add() and require(), to a number no other plan's state ever had (a plan
  /// assigned over another keeps its own): a policy that copied a plan knows when to copy again.
  std::uint64_t revision() const { return revision_; }

 private:
  std::vector<PlanOp> ops_;
  std::vector<std::vector<int>> dependents_;
  std::vector<int> dependency_count_;
  void touch();
  std::uint64_t revision_ = 0;
};

/// @brief Runs a Plan: starts each operation as soon as its dependencies have completed.
///
/// Operations released by the same completion start in index order. The activity tag is the
/// operation index, so a trace maps back to the plan.
class PlanPolicy final : public Policy {
 public:
  /// `plan` and `costs` must outlive the policy; `costs` may be null if every cost is fixed.
  PlanPolicy(const Plan& plan, const CostScale& scale, CostDraws* costs);
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  const Plan* static_plan() const override { return &plan_; }

 private:
  void launch(Executor& executor, int op);

  const Plan& plan_;
  CostScale scale_;
  CostDraws* costs_;
  std::vector<int> waiting_;  // dependencies not yet completed, per operation
  // The plan's dependents in one array (operation i's: next_[first_[i] .. first_[i + 1])): a
  // completion then reads one contiguous run rather than a vector of its own.
  std::vector<int> first_, next_;
  std::uint64_t copied_ = 0;  // the plan's revision they hold, plus one (0: none yet)
};

/// @brief A static algorithm as a Policy: it owns its Plan, makes it in begin() when the instance
/// it plans for has changed, and runs it as a PlanPolicy. This is how every family runs a planner
/// beside its dynamic algorithms, so its factory has the same signature as theirs.
///
/// `instance` is a counter the family's runner changes whenever what the planner reads changes
/// (a replication's drawn cluster, say): the plan is made when first needed and again when the
/// counter has moved, never otherwise, so a fixed instance is planned once however many
/// replications run. A planner that draws from the replication's stream passes a counter that
/// moves every replication (the replication's index).
class PlannedPolicy final : public Policy {
 public:
  using Planner = std::function<Plan()>;
  /// `instance` and `costs` (may be null if every cost is fixed) must outlive the policy.
  PlannedPolicy(Planner planner, const std::uint64_t* instance, const CostScale& scale, CostDraws* costs);
  PlannedPolicy(const PlannedPolicy&) = delete;  // run_ refers to plan_
  PlannedPolicy& operator=(const PlannedPolicy&) = delete;

  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override { run_.on_complete(executor, done); }
  const Plan* static_plan() const override { return planned_ ? &plan_ : nullptr; }

  /// The plan of the current instance: made on demand, so a runner may read it before the run
  /// (its result host, say) and the run then reuses it.
  const Plan& plan();

 private:
  Planner planner_;
  const std::uint64_t* instance_;
  bool planned_ = false;
  std::uint64_t planned_for_ = 0;  // the value of *instance_ the plan was made for
  Plan plan_;
  PlanPolicy run_;
};

}  // namespace hetcoll
