#pragma once
/// @file result_host.hpp
/// @brief Where a reduction's result ended, for the `root` column: fixed by a plan, or seen as
/// a policy runs (the dynamic algorithms under `root = any`).
#include <cstdint>

#include "engine/executor.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief The host a reduction plan ends at: that of its one operation nothing waits for (the
/// receiver of a comm, the host of a ⊕); -1 if there are none or several (no reduction plan).
int plan_result_host(const Plan& plan);

/// @brief Runs a reduction policy and notes the receiver of the last message it starts, which
/// is where its result ends: once the last message has started no other starts, so every value
/// still in flight reaches a host that sends no more, and a reduction leaves a single holder.
class ResultHostPolicy final : public Policy, private Executor {
 public:
  explicit ResultHostPolicy(Policy& inner) : inner_(inner) {}
  void begin(Executor& executor) override {
    outer_ = &executor;
    host_ = -1;
    inner_.begin(*this);
  }
  void on_complete(Executor& executor, const Completion& done) override {
    outer_ = &executor;
    inner_.on_complete(*this, done);
  }
  const Plan* static_plan() const override { return inner_.static_plan(); }
  /// The host the last replication's result ended at (-1 before any message).
  int host() const { return host_; }

 private:
  double now() const override { return outer_->now(); }
  std::uint64_t start(const Activity& activity) override {
    if (activity.kind == ActivityKind::comm) host_ = activity.peer;
    return outer_->start(activity);
  }

  Policy& inner_;
  Executor* outer_ = nullptr;
  int host_ = -1;
};

}  // namespace hetcoll
