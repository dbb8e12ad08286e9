#pragma once
/// @file factories.hpp
/// @brief The algorithms of the registry, one per file (internal to the family).
#include "algorithms/divisible/support/registry.hpp"

namespace hetcoll {

DivisibleSchedule solve_opt_lifo(const Star& star, const SolveOptions& options);
DivisibleSchedule solve_opt_fifo(const Star& star, const SolveOptions& options);
DivisibleSchedule solve_fifo_inc_c(const Star& star, const SolveOptions& options);
DivisibleSchedule solve_fifo_inc_w(const Star& star, const SolveOptions& options);
DivisibleSchedule solve_lp(const Star& star, const SolveOptions& options);
DivisibleSchedule solve_optimal(const Star& star, const SolveOptions& options);

/// @brief FIFO with all workers in `order`: the no-idle recursion (two-port, no latency) or the
/// LP of the order (one-port, where a FIFO schedule may need idle time, or latency, where the
/// recursion does not hold); FIFO-INC-C and FIFO-INC-W.
DivisibleSchedule fifo_all_workers(const Star& star, const std::vector<int>& order, const SolveOptions& options);

/// @brief Largest p for which `optimal` enumerates the (p!)² pairs of orders.
inline constexpr int kOptimalMaxWorkers = 5;

}  // namespace hetcoll
