// FIFO with every worker in a given order (the paper's heuristics FIFO-INC-C and FIFO-INC-W,
// section 5). Two-port: the no-idle recursion (no_idle_fifo.hpp) with q = p, which is
// feasible in any order. One-port: a FIFO schedule may need idle time, so the LP (paper §2.2) on
// the order decides the loads (and may leave workers out): hetcoll's reading, docs/divisible.md.
// With latency the recursion does not hold either, and the affine LP on the order decides too.
// Cost: O(p) after the caller's sort (two-port); one LP of p variables per removal round
// (one-port or latency).
#include "algorithms/divisible/support/no_idle_fifo.hpp"
#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {

DivisibleSchedule fifo_all_workers(const Star& star, const std::vector<int>& order, const SolveOptions& options) {
  if (options.port == PortModel::one_port || affine_loads(star, options))
    return lp_schedule(star, order, order, options.port);
  return make_schedule(order, no_idle_fifo(star, order, false).alpha, false);
}

}  // namespace hetcoll
