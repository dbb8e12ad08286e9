#include "algorithms/divisible/support/registry.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "algorithms/divisible/support/factories.hpp"
#include "core/error.hpp"

namespace hetcoll {

const AlgorithmTable<DivisibleAlgorithm>& divisible_algorithms() {
  static const std::string kPaper = "Beaumont, Marchal & Robert, HiPC 2005";
  static const AlgorithmTable<DivisibleAlgorithm> table({
      {{"opt-fifo", "optimal FIFO (Theorem 2): best prefix of the c+d order, no idle time", kPaper + ", Theorem 2"}, 0,
       solve_opt_fifo},
      {{"opt-lifo", "optimal LIFO (Theorem 1): all workers by non-decreasing c+d, no idle time",
        kPaper + ", Theorem 1"},
       0, solve_opt_lifo},
      {{"fifo-inc-c", "FIFO with all workers by non-decreasing c", kPaper + ", Section 5 (FIFO-INC-C)"}, 0,
       solve_fifo_inc_c},
      {{"fifo-inc-w", "FIFO with all workers by non-decreasing w", kPaper + ", Section 5 (FIFO-INC-W)"}, 0,
       solve_fifo_inc_w},
      {{"lp", "LP of section 2.2 for the orders send-order and return-order (GLPK)", kPaper + ", Section 2.2"}, 0,
       solve_lp},
      // The paper finds the optima of Figures 2 and 3 this way: one LP per pair of orders.
      {{"optimal", "best of the LPs of all (p!)^2 pairs of orders, p <= 5",
        kPaper + ", Sections 2.2-2.3 (LP of every pair of orders)"},
       kOptimalMaxWorkers, solve_optimal},
      // The dynamic counterpart of the planners under uncertain costs (docs/divisible.md).
      {{"self-scheduling", "demand-driven: chunks of the load (key chunk) to whichever worker asks, results "
                           "returned as they are ready; plans nothing",
        "hetcoll baseline (self-scheduling, the practitioner's dynamic counterpart)"},
       0, nullptr, true},
  });
  return table;
}

bool affine_loads(const Star& star, const SolveOptions& options) { return options.affine || star.has_latency(); }

void check_orders(const SolveOptions& options, int workers) {
  std::vector<int> expected(static_cast<std::size_t>(workers));
  std::iota(expected.begin(), expected.end(), 0);
  auto check = [&](std::vector<int> order, const char* key) {
    std::sort(order.begin(), order.end());
    if (!order.empty() && order != expected)
      throw InputError(std::string("key '") + key + "' must list every worker 1.." + std::to_string(workers) +
                       " exactly once");
  };
  check(options.send_order, "send-order");
  check(options.return_order, "return-order");
}

std::string worker_limit(const DivisibleAlgorithm& algorithm, int workers) {
  if (algorithm.max_workers > 0 && workers > algorithm.max_workers)
    return "key 'algorithms': " + algorithm.name + " enumerates (p!)^2 pairs of orders and accepts at most " +
           std::to_string(algorithm.max_workers) + " workers, the star has " + std::to_string(workers);
  return "";
}

void check_worker_limit(const DivisibleAlgorithm& algorithm, int workers) {
  const std::string limit = worker_limit(algorithm, workers);
  if (!limit.empty()) throw InputError(limit);
}

DivisibleSchedule solve_divisible(const DivisibleAlgorithm& algorithm, const Star& star, const SolveOptions& options) {
  if (algorithm.make == nullptr) throw std::logic_error("divisible: " + algorithm.name + " plans nothing to solve");
  check_worker_limit(algorithm, star.workers());
  try {
    return algorithm.make(star, options);
  } catch (const InputError& e) {
    // A solver that cannot finish (order_lp.hpp) names its LP, not who asked for it.
    throw InputError("divisible: " + algorithm.name + ": " + e.what());
  }
}

}  // namespace hetcoll
