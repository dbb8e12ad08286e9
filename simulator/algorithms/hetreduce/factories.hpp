#pragma once
/// @file algorithms.hpp
/// @brief The sender orders and plans of each hetreduce algorithm (one per file), for the
/// registry and the tests.
#include <vector>

#include "algorithms/hetreduce/ep_schedule.hpp"
#include "algorithms/hetreduce/registry.hpp"

namespace hetcoll {

/// @brief SNF order: every host but the root, by non-increasing t (ties: lower index first).
std::vector<int> snf_order(const std::vector<double>& times, int root);
/// @brief Fastest-first order: every host but the root, by non-decreasing t (ties: lower index first).
std::vector<int> fastest_first_order(const std::vector<double>& times, int root);

/// @brief The SNF schedule: EP of snf_order() rooted at the slowest host.
EpSchedule snf_schedule(const std::vector<double>& times);

/// @brief Largest n `optimal` accepts: its search stays well under a second per instance.
inline constexpr int kOptimalMaxProcessors = 12;

/// @brief The exact optimum over EP schedules rooted at the slowest host (branch and bound
/// over the multiset of times started at each instant; see optimal.cpp). Exponential:
/// meant for n ≤ kOptimalMaxProcessors, but runs for any n.
OptimalSchedule optimal_schedule(const std::vector<double>& times);

/// @brief A lower bound on the optimal makespan, for clusters too large for the search:
/// max(second largest t, SNF on the cluster with every time rounded down to a power of 2
/// times a base c, over 8 bases c in (t_min/2, t_min]) (docs/hetreduce.md). O(n log n).
double makespan_lower_bound(const std::vector<double>& times);

Plan plan_snf(const HetreduceInput& input);
Plan plan_fastest_first(const HetreduceInput& input);
Plan plan_random_order(const HetreduceInput& input);
Plan plan_ep_order(const HetreduceInput& input);
Plan plan_binomial(const HetreduceInput& input);
Plan plan_optimal(const HetreduceInput& input);

}  // namespace hetcoll
