#pragma once
/// @file factories.hpp
/// @brief What the algorithms of the family share (internal to it): the solver a planner's
/// factory hands to planned(), and the solvers they have in common (the factories themselves are
/// declared beside their rows in registry.cpp).
#include <memory>

#include "algorithms/divisible/support/registry.hpp"

namespace hetcoll {

/// @brief The schedule for T = 1 of a star: what a planner computes.
using DivisibleSolver = DivisibleSchedule (*)(const Star& star, const SolveOptions& options);

/// @brief A planner as the family's policy: it solves `solver` on the setup's star when first
/// asked and again only when the instance has moved, and runs the schedule's star_plan through
/// PlannedPolicy (engine/plan.hpp).
std::unique_ptr<DivisiblePolicy> planned(DivisibleSolver solver, const DivisibleSetup& setup);

/// @brief OPT-FIFO's schedule (opt_fifo.cpp), also the reference load of the metric `normalized`
/// and the load self-scheduling serves.
DivisibleSchedule solve_opt_fifo(const Star& star, const SolveOptions& options);

/// @brief FIFO with all workers in `order`: the no-idle recursion (two-port, no latency) or the
/// LP of the order (one-port, where a FIFO schedule may need idle time, or latency, where the
/// recursion does not hold); FIFO-INC-C and FIFO-INC-W.
DivisibleSchedule fifo_all_workers(const Star& star, const std::vector<int>& order, const SolveOptions& options);

/// @brief Largest p for which `optimal` enumerates the (p!)² pairs of orders.
inline constexpr int kOptimalMaxWorkers = 5;

}  // namespace hetcoll
