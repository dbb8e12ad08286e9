// OPT-FIFO: Beaumont, Marchal, Robert, Theorem 2, for d_i = z·c_i under the
// two-port master. Order the workers by non-decreasing c_i + d_i; every prefix of length q has
// one no-idle FIFO schedule (no_idle_fifo.hpp) with throughput ρ_q; keep the best prefix.
// For z > 1 the optimal order is the time-reversed one: solve the star with c and d swapped in
// the same order, then send to the chosen workers in the reverse order.
// Both candidates are computed and the better kept (the forward one on a tie), which is the
// theorem's answer for every z when d = z·c and a sound FIFO heuristic for any other d.
// Under the one-port master the optimal FIFO schedule may have idle time, so each candidate
// order is given to the LP (paper §2.2) instead (hetcoll's reading, docs/divisible.md).
// With latency (a start-up cost per message) the closed form no longer holds: every prefix of
// the order, sent forwards and backwards, is given to the affine LP, and the best kept.
// Cost: O(p log p) for the sort, O(p) after it (two-port); 2p LPs with latency.
#include <algorithm>

#include "algorithms/divisible/support/no_idle_fifo.hpp"
#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {

DivisibleSchedule solve_opt_fifo(const Star& star, const SolveOptions& options) {
  const std::vector<int> order = order_by(star.workers(), c_plus_d(star));
  if (affine_loads(star, options))
    return best_prefix_lp(star, order, {PrefixPair::fifo, PrefixPair::fifo_reversed}, options.port);
  std::vector<int> backward(order.rbegin(), order.rend());
  DivisibleSchedule forward_schedule, backward_schedule;
  if (options.port == PortModel::one_port) {
    forward_schedule = lp_schedule(star, order, order, PortModel::one_port);
    backward_schedule = lp_schedule(star, backward, backward, PortModel::one_port);
  } else {
    forward_schedule = make_schedule(order, no_idle_fifo(star, order, true).alpha, false);
    // A FIFO schedule of the reversed star, read backwards in time, is a FIFO schedule of
    // this star with the same loads and the reverse order.
    backward_schedule = make_schedule(backward, no_idle_fifo(reversed(star), order, true).alpha, false);
  }
  return backward_schedule.load() > forward_schedule.load() ? backward_schedule : forward_schedule;
}

std::unique_ptr<DivisiblePolicy> make_opt_fifo(const DivisibleSetup& setup) {
  return planned(solve_opt_fifo, setup);
}

}  // namespace hetcoll
