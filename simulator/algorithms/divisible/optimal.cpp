// Optimal schedule by brute force (Beaumont, Marchal, Robert, section 2.2: "solve a linear
// program for each pair of message permutations"): the LP of every pair (σ, τ) of orders of
// all p workers, the best kept (the first one met on a tie, in lexicographic order of σ then τ).
// With latency a worker without load sends no message, and a worker that takes part pays its
// start-up costs even at a small load, so the pairs of orders of every non-empty subset of the
// workers are tried (the whole set first, then subsets in decreasing bit-mask order, worker 1
// being the lowest bit).
// Cost: (p!)² LPs, 14,400 for p = 5; with latency Σ_k C(p,k)(k!)², 17,685 for p = 5; p > 5 is
// refused (registry).
#include <algorithm>
#include <numeric>

#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {
namespace {

/// The best pair of orders of `workers` (sorted) so far, updated with every pair of them.
struct BestPair {
  double value = -1;
  std::vector<int> send, ret;

  void try_every_pair(OrderLp& lp, std::vector<int> send_order) {
    do {
      std::vector<int> ret_order = send_order;
      std::sort(ret_order.begin(), ret_order.end());
      do {
        const std::vector<double> alpha = lp.solve(send_order, ret_order);
        if (alpha.empty()) continue;  // start-up costs alone exceed T: no schedule
        const double v = std::accumulate(alpha.begin(), alpha.end(), 0.0);
        // Equal optima computed from different bases differ in their last bits: a new pair must
        // be better by more than rounding to replace the first one met.
        if (v > value * (1 + 1e-12)) {
          value = v;
          send = send_order;
          ret = ret_order;
        }
      } while (std::next_permutation(ret_order.begin(), ret_order.end()));
    } while (std::next_permutation(send_order.begin(), send_order.end()));
  }
};

DivisibleSchedule solve_optimal(const Star& star, const SolveOptions& options) {
  const int p = star.workers();
  std::vector<int> all(static_cast<std::size_t>(p));
  std::iota(all.begin(), all.end(), 0);
  OrderLp lp(star, options.port);
  BestPair best;
  if (!affine_loads(star, options)) {
    best.try_every_pair(lp, all);
  } else {
    for (unsigned mask = (1u << p) - 1; mask > 0; --mask) {
      std::vector<int> workers;
      for (int i = 0; i < p; ++i)
        if (mask & (1u << i)) workers.push_back(i);
      best.try_every_pair(lp, workers);
    }
    if (best.send.empty()) return lp_schedule(star, {}, {}, options.port);  // no worker fits T: empty
  }
  // The best pair's value is the optimum; removing workers it leaves idle cannot raise it (an
  // idle worker sent first and received last constrains nothing), only make the executed
  // schedule end at T.
  return lp_schedule(star, best.send, best.ret, options.port);
}

}  // namespace

std::unique_ptr<DivisiblePolicy> make_optimal(const DivisibleSetup& setup) {
  return planned(solve_optimal, setup);
}

}  // namespace hetcoll
