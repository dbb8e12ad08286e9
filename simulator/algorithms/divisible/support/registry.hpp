#pragma once
/// @file registry.hpp
/// @brief The table of divisible-load algorithms (Beaumont, Marchal, Robert, HiPC 2005;
/// docs/divisible.md), what they are given and what they build.
///
/// Every row's factory builds a DivisiblePolicy from a DivisibleSetup, planners and the
/// demand-driven algorithm alike; the family runs the policies on the engines. Drivers,
/// `hetcoll list` and the tests iterate over this one table.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/divisible/support/star.hpp"
#include "algorithms/divisible/support/star_platform.hpp"
#include "core/error.hpp"

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

/// @brief What any algorithm may read. The instance is the runner's, through pointers that stay
/// valid while the policy lives: a random star changes with every replication, and `instance`
/// moves whenever it does.
struct DivisibleSetup {
  const Star* star = nullptr;              //!< the star of the current replication
  const StarRates* rates = nullptr;        //!< bytes and flops per unit of cost on its hosts
  const std::uint64_t* instance = nullptr; //!< moves whenever *star changes (PlannedPolicy)
  /// OPT-FIFO's load for T = 1 on *star, set before any policy is asked for its load: the load
  /// self-scheduling serves, so the throughputs compare at one load.
  const double* reference_load = nullptr;
  SolveOptions options;                    //!< port model, and `lp`'s orders
  double chunk = 0.01;                     //!< key chunk: a share of *reference_load
};

/// @brief An algorithm of the family as the engines run it, which also says what the metrics
/// need: the load it processes and the workers it enrolls.
class DivisiblePolicy : public Policy {
 public:
  /// The load it processes on the current star (T = 1 for a planner). A planner solves its
  /// schedule here when the instance has moved: the runner asks as soon as the star changes,
  /// so a solver that cannot finish stops the point before the engines start.
  virtual double load() = 0;
  /// Workers with a positive load: those the schedule enrolls, or those served in the last run.
  virtual int enrolled() = 0;
  /// The schedule for T = 1 of the current star, or null for an algorithm that plans nothing.
  virtual const DivisibleSchedule* schedule() { return nullptr; }
};

/// @brief One row of the table, built by name (algorithm_table.hpp), with the family's own step:
/// `.at_most_workers(p, why)` for an algorithm that refuses larger stars.
class DivisibleAlgorithm : public AlgorithmRow<DivisibleAlgorithm, DivisibleSetup, DivisiblePolicy> {
 public:
  using AlgorithmRow::AlgorithmRow;
  /// Refuses stars of more than `workers` workers; `why` completes "<name> ... and accepts at most".
  DivisibleAlgorithm& at_most_workers(int workers, std::string why) {
    max_workers_ = workers;
    why_ = std::move(why);
    return *this;
  }
  int max_workers() const { return max_workers_; }  //!< largest p it accepts (0: any)
  const std::string& why_at_most() const { return why_; }

 private:
  int max_workers_ = 0;
  std::string why_;
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

/// @brief Returns `solve()`, or throws its InputError with `algorithm` named: a solver that
/// cannot finish (order_lp.hpp) names its LP, not who asked for it.
template <class Solve>
auto naming(const std::string& algorithm, Solve solve) -> decltype(solve()) {
  try {
    return solve();
  } catch (const InputError& e) {
    throw InputError("divisible: " + algorithm + ": " + e.what());
  }
}

/// @brief The schedule for T = 1 that `algorithm`'s policy plans for `star` alone, after
/// check_worker_limit, or nothing for an algorithm that plans nothing (for tests and benchmarks:
/// the runner runs the policies).
std::optional<DivisibleSchedule> planned_schedule(const DivisibleAlgorithm& algorithm, const Star& star,
                                                  const SolveOptions& options);

}  // namespace hetcoll
