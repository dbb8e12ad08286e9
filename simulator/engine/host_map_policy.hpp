#pragma once
/// @file host_map_policy.hpp
/// @brief A policy run on other hosts than it names: host h of the policy is host hosts[h] of
/// the platform (a divisible load's master is host 0 of its plans, and key `root` may put it
/// on any host of the run).
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Runs `inner` with its hosts renamed: every activity it starts on host h (or towards
/// peer h) runs on platform host hosts[h], and its completions come back in its own names.
/// The engines still deliver the completions of one instant in the platform's host order.
class HostMapPolicy final : public Policy, private Executor {
 public:
  /// `hosts` must be distinct platform hosts, one per host the inner policy names.
  HostMapPolicy(Policy& inner, std::vector<int> hosts) : inner_(inner), hosts_(std::move(hosts)) {
    int largest = -1;
    for (int h : hosts_) largest = h > largest ? h : largest;
    names_.assign(static_cast<std::size_t>(largest + 1), -1);
    for (std::size_t h = 0; h < hosts_.size(); ++h) names_[hosts_[h]] = static_cast<int>(h);
  }
  void begin(Executor& executor) override {
    outer_ = &executor;
    inner_.begin(*this);
  }
  void on_complete(Executor& executor, const Completion& done) override {
    outer_ = &executor;
    Completion own = done;
    own.activity.host = names_[done.activity.host];
    if (done.activity.peer >= 0) own.activity.peer = names_[done.activity.peer];
    inner_.on_complete(*this, own);
  }
  const Plan* static_plan() const override { return inner_.static_plan(); }

 private:
  double now() const override { return outer_->now(); }
  std::uint64_t start(const Activity& activity) override {
    Activity placed = activity;
    placed.host = hosts_[activity.host];
    if (activity.peer >= 0) placed.peer = hosts_[activity.peer];
    return outer_->start(placed);
  }

  Policy& inner_;
  std::vector<int> hosts_;  // platform host of each of the policy's hosts
  std::vector<int> names_;  // the policy's name of each platform host (-1: unused)
  Executor* outer_ = nullptr;
};

}  // namespace hetcoll
