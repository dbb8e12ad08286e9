// Optimal schedule by brute force (Beaumont, Marchal, Robert, section 2.2: "solve a linear
// program for each pair of message permutations"): the LP of every pair (σ, τ) of orders of
// all p workers, the best kept (the first one met on a tie, in lexicographic order of σ then τ).
// Cost: (p!)² LPs, 14,400 for p = 5; p > 5 is refused (registry).
#include <algorithm>
#include <numeric>

#include "algorithms/divisible/order_lp.hpp"
#include "algorithms/divisible/factories.hpp"

namespace hetcoll {

DivisibleSchedule solve_optimal(const Star& star, const SolveOptions& options) {
  std::vector<int> send(static_cast<std::size_t>(star.workers()));
  std::iota(send.begin(), send.end(), 0);
  std::vector<int> best_send = send, best_ret = send;
  double best = -1;
  OrderLp lp(star, options.port);
  do {
    std::vector<int> ret = send;
    std::sort(ret.begin(), ret.end());
    do {
      const std::vector<double> alpha = lp.solve(send, ret);
      const double value = std::accumulate(alpha.begin(), alpha.end(), 0.0);
      // Equal optima computed from different bases differ in their last bits: a new pair must
      // be better by more than rounding to replace the first one met.
      if (value > best * (1 + 1e-12)) {
        best = value;
        best_send = send;
        best_ret = ret;
      }
    } while (std::next_permutation(ret.begin(), ret.end()));
  } while (std::next_permutation(send.begin(), send.end()));
  // The best pair's value is the optimum; removing workers it leaves idle cannot raise it (an
  // idle worker sent first and received last constrains nothing), only make the executed
  // schedule end at T.
  return lp_schedule(star, best_send, best_ret, options.port);
}

}  // namespace hetcoll
