// The no-idle FIFO recursion (Beaumont, Marchal, Robert, Theorem 2). For a
// prefix of length q, worker i's constraint holds with equality:
//   Σ_{j≤i} α_j c_j + α_i w_i + Σ_{i≤j≤q} α_j d_j = 1,
// and subtracting consecutive equations gives α_{i+1} (c_{i+1} + w_{i+1}) = α_i (w_i + d_i).
// Cost: O(p) after the caller's sort.
#include "algorithms/divisible/support/no_idle_fifo.hpp"

#include <cmath>

namespace hetcoll {
namespace {

// r_j may grow geometrically along an order (slow workers first); every running quantity is
// divided by kRescale when r passes it. ρ_q is a ratio of quantities scaled alike, so it is
// unchanged; loads are scaled back at the end.
constexpr double kRescale = 1e100;

}  // namespace

NoIdleFifo no_idle_fifo(const Star& star, const std::vector<int>& order, bool best_prefix) {
  const std::size_t p = order.size();
  NoIdleFifo out;
  out.alpha.assign(star.c.size(), 0.0);
  out.rho.resize(p);
  std::vector<double> r(p);
  std::vector<int> scale(p);  // rescalings applied before r[j] was stored
  double r_now = 1, sum_r = 0, sum_rd = 0;
  double base = star.c[order[0]] + star.w[order[0]];  // c_1 + w_1, rescaled with the sums
  int rescalings = 0;
  std::size_t best = 0;
  std::vector<double> base_at(p), sum_rd_at(p);
  for (std::size_t k = 0; k < p; ++k) {
    const int i = order[k];
    if (k > 0) {
      const int prev = order[k - 1];
      r_now *= (star.w[prev] + star.d[prev]) / (star.c[i] + star.w[i]);
    }
    r[k] = r_now;
    scale[k] = rescalings;
    sum_r += r_now;
    sum_rd += r_now * star.d[i];
    base_at[k] = base;
    sum_rd_at[k] = sum_rd;
    out.rho[k] = sum_r / (base + sum_rd);
    if (out.rho[k] > out.rho[best]) best = k;
    if (r_now > kRescale) {
      r_now /= kRescale;
      sum_r /= kRescale;
      sum_rd /= kRescale;
      base /= kRescale;
      ++rescalings;
    }
  }
  const std::size_t last = best_prefix ? best : p - 1;
  out.q = static_cast<int>(last + 1);
  // α_1 = 1 / (c_1 + w_1 + Σ r_j d_j), at the scale of the last worker kept.
  const double denominator = base_at[last] + sum_rd_at[last];
  for (std::size_t k = 0; k <= last; ++k)
    out.alpha[order[k]] = r[k] * std::pow(1 / kRescale, scale[last] - scale[k]) / denominator;
  return out;
}

}  // namespace hetcoll
