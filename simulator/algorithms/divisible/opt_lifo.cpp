// OPT-LIFO: Beaumont, Marchal, Robert, Theorem 1. Every worker takes part,
// the master sends by non-decreasing c_i + d_i and receives in the reverse order, and nobody
// idles: Σ_{j<i} α_j (c_j + d_j) + α_i (c_i + d_i + w_i) = 1 for every i, hence
//   α_1 = 1 / (c_1 + d_1 + w_1),   α_i = α_{i−1} w_{i−1} / (c_i + d_i + w_i).
// The one-port row Σ α_j (c_j + d_j) ≤ 1 is the last worker's equation minus α_p w_p, so it
// never binds: the same schedule is optimal under both port models.
// With latency (a start-up cost per message) the closed form no longer holds: every prefix of
// the order is given to the affine LP as a LIFO pair, and the best kept (with start-up costs,
// the last workers may cost more time than they bring). The one-port row still never binds.
// Cost: O(p log p) for the sort, O(p) after it; p LPs with latency.
#include "algorithms/divisible/support/factories.hpp"
#include "algorithms/divisible/support/order_lp.hpp"

namespace hetcoll {
namespace {

DivisibleSchedule solve_opt_lifo(const Star& star, const SolveOptions& options) {
  const std::vector<int> order = order_by(star.workers(), c_plus_d(star));
  if (affine_loads(star, options)) return best_prefix_lp(star, order, {PrefixPair::lifo}, options.port);
  std::vector<double> alpha(order.size(), 0.0);
  double previous = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int i = order[k];
    const double span = star.c[i] + star.d[i] + star.w[i];
    previous = k == 0 ? 1 / span : previous * star.w[order[k - 1]] / span;
    alpha[i] = previous;
  }
  return make_schedule(order, std::move(alpha), true);
}

}  // namespace

std::unique_ptr<DivisiblePolicy> make_opt_lifo(const DivisibleSetup& setup) {
  return planned(solve_opt_lifo, setup);
}

}  // namespace hetcoll
