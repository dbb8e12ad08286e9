#pragma once
/// @file registry.hpp
/// @brief The table of divisible-load algorithms (Beaumont, Marchal, Robert, HiPC 2005;
/// docs/divisible.md).
///
/// Every algorithm but the demand-driven one maps a star to a schedule for T = 1; the family
/// executes the schedule on the engines. Drivers, `hetcoll list` and the tests iterate over this
/// one table.
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/divisible/support/star.hpp"

namespace hetcoll {

/// @brief What an algorithm may be told besides the star.
struct SolveOptions {
  PortModel port = PortModel::two_port;
  std::vector<int> send_order;    //!< `lp`: workers (0-based) in send order; empty: 0..p−1
  std::vector<int> return_order;  //!< `lp`: return order; empty: the send order (FIFO)
  /// Take the loads from the affine LP (order_lp.hpp) even if the star has no latency, as every
  /// algorithm does when it has some; false: the closed forms where they apply. For tests, which
  /// compare the two.
  bool affine = false;
};

/// @brief True if the algorithms take their loads from the affine LP: the star has latency,
/// or `options.affine` asks for it.
bool affine_loads(const Star& star, const SolveOptions& options);

/// @brief One entry of the table.
struct DivisibleAlgorithm : AlgorithmInfo {
  int max_workers;  //!< largest p it accepts (0: any)
  /// The schedule for T = 1; call it through solve_divisible, which checks max_workers. Null for
  /// a demand-driven algorithm, which plans nothing (self_scheduling.hpp).
  DivisibleSchedule (*make)(const Star&, const SolveOptions&);
  /// True for self-scheduling: the family runs it as a policy serving chunks on demand, of the
  /// load OPT-FIFO plans for T = 1 (key `chunk`), instead of a plan.
  bool demand_driven = false;
};

/// @brief All divisible-load algorithms, in a fixed order.
const AlgorithmTable<DivisibleAlgorithm>& divisible_algorithms();

/// @brief Throws InputError unless each non-empty order of `options` lists every worker
/// 0..workers−1 exactly once (keys send-order and return-order, 1-based).
void check_orders(const SolveOptions& options, int workers);

/// @brief Why `algorithm` does not accept `workers` workers (one line naming key 'algorithms'),
/// or empty if it does.
std::string worker_limit(const DivisibleAlgorithm& algorithm, int workers);

/// @brief Throws InputError with worker_limit() if `algorithm` does not accept `workers` workers.
void check_worker_limit(const DivisibleAlgorithm& algorithm, int workers);

/// @brief Runs `algorithm` on `star`, after check_worker_limit.
DivisibleSchedule solve_divisible(const DivisibleAlgorithm& algorithm, const Star& star, const SolveOptions& options);

}  // namespace hetcoll
