#pragma once
/// @file factories.hpp
/// @brief The orders and bounds the reduction algorithms share, for their files and the tests (the
/// factories themselves are declared beside their rows in registry.cpp).
#include <memory>
#include <vector>

#include "algorithms/reduce/support/ep_schedule.hpp"
#include "algorithms/reduce/support/planner.hpp"
#include "algorithms/reduce/support/registry.hpp"

namespace hetcoll {

/// @brief Checks a setup (n ≥ 1, costs set) and returns where its costs are drawn from.
/// Throws InputError if n < 1 and std::invalid_argument if costs is null.
CostDraws* reduction_draws(const ReduceSetup& setup);

/// @brief SNF order: every host but the root, by non-increasing t (ties: lower index first).
std::vector<int> snf_order(const std::vector<double>& times, int root);
/// @brief Fastest-first order: every host but the root, by non-decreasing t (ties: lower index first).
std::vector<int> fastest_first_order(const std::vector<double>& times, int root);

/// @brief The SNF schedule: EP of snf_order() ending at `root` (kAnyRoot: at the slowest host).
EpSchedule snf_schedule(const std::vector<double>& times, int root = kAnyRoot);

/// @brief Largest n `optimal` accepts: its search stays well under a second per instance.
inline constexpr int kOptimalMaxProcessors = 12;

/// @brief The exact optimum over EP schedules ending at `root` (kAnyRoot: over every root, which
/// is the slowest host's optimum), by branch and bound over the multiset of times started at each
/// instant (optimal.cpp). Exponential: meant for n ≤ kOptimalMaxProcessors, but runs for any n.
OptimalSchedule optimal_schedule(const std::vector<double>& times, int root = kAnyRoot);

/// @brief A lower bound on the optimal makespan, for clusters too large for the search:
/// max(second largest t, SNF on the cluster with every time rounded down to a power of 2
/// times a base c, over 8 bases c in (t_min/2, t_min]) (docs/reduce.md). O(n log n).
double makespan_lower_bound(const std::vector<double>& times);

/// @brief A lower bound on the makespan of every reduction of hosts whose messages last at
/// least `fastest` (host p's fastest route to another host, alone on the network): the optimum
/// of Liu & Wang's model on those times for n ≤ kOptimalMaxProcessors, makespan_lower_bound()
/// beyond (docs/reduce.md, "Bounds on a platform file").
double reduction_lower_bound(const std::vector<double>& fastest);

/// @brief The rounding of makespan_lower_bound(): the largest base·2^k (k ≥ 0) not above t, for
/// 0 < base ≤ t (finite).
double round_down_to_power_of_two_times(double t, double base);

}  // namespace hetcoll
