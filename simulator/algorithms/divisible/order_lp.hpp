#pragma once
/// @file order_lp.hpp
/// @brief The linear program of Beaumont, Marchal, Robert (§2.2) for one pair of orders, solved
/// with GLPK.
#include <string>
#include <vector>

#include "algorithms/divisible/star.hpp"

struct glp_prob;

namespace hetcoll {

/// @brief The LP of one star for pairs of orders (send order σ, return order τ):
///   maximise Σ α_i  subject to, for every worker i of the orders,
///   Σ_{σ(j)<σ(i)} α_j c_j + α_i (c_i + w_i) + Σ_{τ(j)≥τ(i)} α_j d_j ≤ 1,   α ≥ 0,
/// plus Σ α_j (c_j + d_j) ≤ 1 under the one-port model.
///
/// One GLPK problem is kept across calls: a new pair over the same workers only rewrites the
/// rows, and the simplex starts from the previous optimal basis.
class OrderLp {
 public:
  OrderLp(const Star& star, PortModel port);
  ~OrderLp();
  OrderLp(const OrderLp&) = delete;
  OrderLp& operator=(const OrderLp&) = delete;

  /// Optimal loads (one per worker of the star, 0 for workers not in the orders) of the pair
  /// (`send`, `ret`): two orders of the same workers. The LP is always feasible (α = 0) and
  /// bounded (c, w > 0); a GLPK failure throws InputError naming the pair.
  std::vector<double> solve(const std::vector<int>& send, const std::vector<int>& ret);

 private:
  void rebuild(const std::vector<int>& workers);
  std::string describe(const std::vector<int>& send, const std::vector<int>& ret) const;

  const Star& star_;
  PortModel port_;
  glp_prob* problem_;
  std::vector<int> members_;       // workers of the current problem, column j+1 = members_[j]
  std::vector<int> column_;        // column of each worker (0: not a member)
  std::vector<int> send_pos_, ret_pos_;
  std::vector<int> index_;         // GLPK's 1-based scratch arrays
  std::vector<double> value_;
};

/// @brief Best schedule with the orders (`send`, `ret`) restricted to the workers it enrols:
/// the LP is solved, workers it leaves without load (α_i ≤ 1e-12 max α) are removed from both
/// orders, and the LP is solved again until every remaining worker has load.
///
/// A worker with α_i = 0 still constrains the paper's LP (its sends-before plus returns-after
/// must fit in T), although it takes no part in the schedule; without it the executed schedule
/// would end before T. Removing it can only raise the throughput.
DivisibleSchedule lp_schedule(const Star& star, std::vector<int> send, std::vector<int> ret, PortModel port);

}  // namespace hetcoll
