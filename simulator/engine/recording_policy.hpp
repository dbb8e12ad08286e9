#pragma once
/// @file recording_policy.hpp
/// @brief A decorator that records every completion of the policy it wraps: the schedule of a
/// replication, for traces and schedule checks, on either engine.
#include <vector>

#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Forwards to `inner` and keeps the completions in delivery order.
class RecordingPolicy final : public Policy {
 public:
  explicit RecordingPolicy(Policy& inner) : inner_(inner) {}
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  const Plan* static_plan() const override { return inner_.static_plan(); }
  const std::vector<Completion>& events() const { return events_; }

 private:
  Policy& inner_;
  std::vector<Completion> events_;
};

}  // namespace hetcoll
