#include "algorithms/divisible/support/registry.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {

// The factories, each defined in the algorithm's own file (make_ + the row's name, '-' as '_'):
// a new algorithm is its file, its line here and its row below.
std::unique_ptr<DivisiblePolicy> make_opt_fifo(const DivisibleSetup& setup);
std::unique_ptr<DivisiblePolicy> make_opt_lifo(const DivisibleSetup& setup);
std::unique_ptr<DivisiblePolicy> make_fifo_inc_c(const DivisibleSetup& setup);
std::unique_ptr<DivisiblePolicy> make_fifo_inc_w(const DivisibleSetup& setup);
std::unique_ptr<DivisiblePolicy> make_lp(const DivisibleSetup& setup);
std::unique_ptr<DivisiblePolicy> make_optimal(const DivisibleSetup& setup);
std::unique_ptr<DivisiblePolicy> make_self_scheduling(const DivisibleSetup& setup);

const AlgorithmTable<DivisibleAlgorithm>& divisible_algorithms() {
  static const std::string kPaper = "Beaumont, Marchal & Robert, HiPC 2005";
  static const AlgorithmTable<DivisibleAlgorithm> table({
      DivisibleAlgorithm("opt-fifo")
          .description("optimal FIFO (Theorem 2): best prefix of the c+d order, no idle time")
          .reference(kPaper + ", Theorem 2")
          .make(make_opt_fifo),
      DivisibleAlgorithm("opt-lifo")
          .description("optimal LIFO (Theorem 1): all workers by non-decreasing c+d, no idle time")
          .reference(kPaper + ", Theorem 1")
          .make(make_opt_lifo),
      DivisibleAlgorithm("fifo-inc-c")
          .description("FIFO with all workers by non-decreasing c")
          .reference(kPaper + ", Section 5 (FIFO-INC-C)")
          .make(make_fifo_inc_c),
      DivisibleAlgorithm("fifo-inc-w")
          .description("FIFO with all workers by non-decreasing w")
          .reference(kPaper + ", Section 5 (FIFO-INC-W)")
          .make(make_fifo_inc_w),
      DivisibleAlgorithm("lp")
          .description("LP of section 2.2 for the orders send-order and return-order (GLPK)")
          .reference(kPaper + ", Section 2.2")
          .make(make_lp),
      // The paper finds the optima of Figures 2 and 3 this way: one LP per pair of orders.
      DivisibleAlgorithm("optimal")
          .description("best of the LPs of all (p!)^2 pairs of orders, p <= 5")
          .reference(kPaper + ", Sections 2.2-2.3 (LP of every pair of orders)")
          .at_most_workers(kOptimalMaxWorkers, "enumerates (p!)^2 pairs of orders")
          .make(make_optimal),
      // The dynamic counterpart of the planners under uncertain costs (docs/divisible.md).
      DivisibleAlgorithm("self-scheduling")
          .description("demand-driven: chunks of the load (key chunk) to whichever worker asks, results returned "
                       "as they are ready; plans nothing")
          .reference("hetcoll baseline (self-scheduling, the practitioner's dynamic counterpart)")
          .make(make_self_scheduling),
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
  if (algorithm.max_workers() > 0 && workers > algorithm.max_workers())
    return "key 'algorithms': " + algorithm.name() + " " + algorithm.why_at_most() + " and accepts at most " +
           std::to_string(algorithm.max_workers()) + " workers, the star has " + std::to_string(workers);
  return "";
}

void check_worker_limit(const DivisibleAlgorithm& algorithm, int workers) {
  const std::string limit = worker_limit(algorithm, workers);
  if (!limit.empty()) throw InputError(limit);
}

std::optional<DivisibleSchedule> planned_schedule(const DivisibleAlgorithm& algorithm, const Star& star,
                                                  const SolveOptions& options) {
  check_worker_limit(algorithm, star.workers());
  // The star alone: a planner reads nothing else to solve.
  const StarRates rates;
  const std::uint64_t instance = 1;
  const double reference_load = 0;
  const std::unique_ptr<DivisiblePolicy> policy =
      algorithm.make(DivisibleSetup{&star, &rates, &instance, &reference_load, options});
  const DivisibleSchedule* schedule = naming(algorithm.name(), [&] { return policy->schedule(); });
  if (schedule == nullptr) return std::nullopt;
  return *schedule;
}

}  // namespace hetcoll
