#pragma once
/// @file rank_finish_policy.hpp
/// @brief A policy's run as the `schedule` family reports it: each rank's finish, the end of
/// the last activity it takes part in (a comm's sender and receiver both, a computation's host).
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Forwards to `inner` and keeps each host's latest completion of the replication
/// (0 for a host that took part in none).
class RankFinishPolicy final : public Policy {
 public:
  RankFinishPolicy(std::unique_ptr<Policy> inner, int ranks)
      : inner_(std::move(inner)), finish_(static_cast<std::size_t>(ranks), 0.0) {}

  void begin(Executor& executor) override {
    std::fill(finish_.begin(), finish_.end(), 0.0);
    inner_->begin(executor);
  }
  void on_complete(Executor& executor, const Completion& done) override {
    note(done.activity.host, done.end);
    if (done.activity.kind == ActivityKind::comm) note(done.activity.peer, done.end);
    inner_->on_complete(executor, done);
  }
  const Plan* static_plan() const override { return inner_->static_plan(); }

  /// Per rank, its finish in the last replication run.
  const std::vector<double>& finishes() const { return finish_; }

 private:
  void note(int host, double end) {
    double& f = finish_[static_cast<std::size_t>(host)];
    if (end > f) f = end;
  }

  std::unique_ptr<Policy> inner_;
  std::vector<double> finish_;
};

}  // namespace hetcoll
