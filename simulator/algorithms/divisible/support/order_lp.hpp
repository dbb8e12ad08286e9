#pragma once
/// @file order_lp.hpp
/// @brief The linear program of Beaumont, Marchal, Robert (§2.2) for one pair of orders, in the
/// affine model (a fixed start-up cost per message, docs/divisible.md), solved with GLPK.
#include <string>
#include <vector>

#include "algorithms/divisible/support/star.hpp"

struct glp_prob;

namespace hetcoll {

/// @brief The LP of one star for pairs of orders (send order σ, return order τ) of the workers
/// that take part (every one of them sends its message and receives its results):
///   maximise Σ α_i  subject to, for every worker i of the orders,
///   Σ_{σ(j)<σ(i)} (L_j + α_j c_j) + L_i + α_i (c_i + w_i) + Σ_{τ(j)≥τ(i)} (L'_j + α_j d_j) ≤ 1,
///   α ≥ 0, plus Σ_j (L_j + L'_j + α_j (c_j + d_j)) ≤ 1 under the one-port model.
/// The start-up costs L, L' of the workers in the orders are constants, so each row reads
/// "loads ≤ 1 − K_i": still an LP, and exact for the given orders. Without latency (the paper's
/// linear model) every K_i is 0 and the rows are the paper's.
///
/// One GLPK problem is kept across calls: a new pair over the same workers only rewrites the
/// rows, and the simplex starts from the previous optimal basis for a few pivots, then from the
/// slack basis (α = 0); every attempt is bounded in iterations, so a solve finishes or throws
/// InputError.
class OrderLp {
 public:
  OrderLp(const Star& star, PortModel port);
  ~OrderLp();
  OrderLp(const OrderLp&) = delete;
  OrderLp& operator=(const OrderLp&) = delete;

  /// Optimal loads (one per worker of the star, 0 for workers not in the orders) of the pair
  /// (`send`, `ret`): two orders of the same workers. Empty if the start-up costs alone of some
  /// row exceed T = 1 (no schedule of these workers in these orders fits); otherwise the LP is
  /// feasible (α = 0) and bounded (c, w > 0), and a GLPK failure throws InputError naming the pair.
  std::vector<double> solve(const std::vector<int>& send, const std::vector<int>& ret);

 private:
  void rebuild(const std::vector<int>& workers);
  std::string describe(const std::vector<int>& send, const std::vector<int>& ret) const;
  int iteration_limit() const;

  const Star& star_;
  PortModel port_;
  bool latency_;                   // the star lists start-up costs: row bounds are 1 − K_i
  std::vector<double> before_, after_;  // scratch: start-up costs up to a send, from a return on
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
/// would end before T. Removing it can only raise the throughput. With latency, a worker
/// without load sends no message, so its start-up costs go too.
///
/// With latency, two more rules (docs/divisible.md): workers whose own start-up costs fill T
/// (L_i + L'_i ≥ 1) are removed first, since they can take no load in any schedule; and while
/// the start-up costs alone of some row exceed T, the last worker of the send order is removed.
/// If no worker is left, the schedule is empty (load 0).
DivisibleSchedule lp_schedule(const Star& star, std::vector<int> send, std::vector<int> ret, PortModel port);

/// @brief The workers of `order` that can take load in some schedule, in the same order: those
/// whose own start-up costs leave room in T (L_i + L'_i < 1); all of them without latency.
std::vector<int> workers_that_fit(const Star& star, const std::vector<int>& order);

/// @brief Which pair of orders a prefix of an order gives (best_prefix_lp).
enum class PrefixPair {
  fifo,           //!< sent and received in the order
  fifo_reversed,  //!< sent and received in the reverse order (OPT-FIFO's time-reversed candidate)
  lifo,           //!< sent in the order, received in the reverse order
};

/// @brief The best of the LPs of the prefixes of `order` (workers_that_fit first), each prefix
/// tried as every pair of `pairs`, in that order; the first best is kept (a later one must be
/// better by more than 1e-12 relative), then lp_schedule() removes the workers it leaves
/// without load. OPT-FIFO and OPT-LIFO with latency: their closed forms pick a prefix of the
/// c+d order, and with start-up costs a shorter prefix can be better (a worker that costs more
/// time than it brings). Cost: one LP per prefix and pair, of q workers for the prefix of q.
DivisibleSchedule best_prefix_lp(const Star& star, const std::vector<int>& order, const std::vector<PrefixPair>& pairs,
                                 PortModel port);

}  // namespace hetcoll
