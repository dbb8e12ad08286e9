#pragma once
/// @file critical_path.hpp
/// @brief Test support: the longest path of a plan over the durations its activities would take
/// alone on a platform (a comm: its route's latency plus its bytes over min(rate cap, route
/// bandwidth); a computation: its flops over the host's speed), the amounts being those the run
/// actually started (drawn ones under noise). An execution that respects the plan's
/// dependencies can never end before it; one that starts every operation as soon as its
/// dependencies end, with nothing sharing a link, ends exactly at it.
#include <algorithm>
#include <vector>

#include "engine/activity.hpp"
#include "engine/plan.hpp"
#include "platform/platform.hpp"

namespace hetcoll::test_support {

/// @brief Duration of `a` alone on `platform`.
inline double alone_duration(const Activity& a, const Platform& platform) {
  if (a.kind == ActivityKind::compute) return a.amount / platform.hosts[a.host].speed;
  const RouteCost route = platform.route(a.host, a.peer);
  const double rate = a.rate > 0 ? std::min(a.rate, route.bandwidth) : route.bandwidth;
  return route.latency + a.amount / rate;
}

/// @brief The critical path of `plan` over the activities of `events` (a replication's
/// completions; the activity tag is the operation index, as PlanPolicy sets it). Operations are
/// added to a Plan after their dependencies, so one pass in index order suffices.
inline double critical_path(const Plan& plan, const std::vector<Completion>& events, const Platform& platform) {
  std::vector<double> duration(plan.size(), 0.0);
  for (const Completion& c : events) duration[c.activity.tag] = alone_duration(c.activity, platform);
  std::vector<double> ready(plan.size(), 0.0);
  double longest = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const double finish = ready[i] + duration[i];
    longest = std::max(longest, finish);
    for (int next : plan.dependents(static_cast<int>(i))) ready[next] = std::max(ready[next], finish);
  }
  return longest;
}

}  // namespace hetcoll::test_support
