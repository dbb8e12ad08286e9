#include "algorithms/divisible/support/order_lp.hpp"

#include <glpk.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "core/error.hpp"

namespace hetcoll {
namespace {

// Loads below this fraction of the largest one are GLPK's rounding of a zero.
constexpr double kZeroLoad = 1e-12;

void silence_glpk() {
  static const bool once = (glp_term_out(GLP_OFF), true);
  (void)once;
}

std::string list(const std::vector<int>& workers) {
  std::string out = "(";
  for (std::size_t k = 0; k < workers.size(); ++k) out += (k ? "," : "") + std::to_string(workers[k] + 1);
  return out + ")";
}

}  // namespace

OrderLp::OrderLp(const Star& star, PortModel port)
    : star_(star), port_(port), latency_(!star.send_latency.empty() || !star.return_latency.empty()),
      problem_(nullptr), column_(star.c.size(), 0),
      send_pos_(star.c.size()), ret_pos_(star.c.size()) {
  silence_glpk();
  problem_ = glp_create_prob();
}

OrderLp::~OrderLp() { glp_delete_prob(problem_); }

void OrderLp::rebuild(const std::vector<int>& workers) {
  glp_erase_prob(problem_);
  glp_set_obj_dir(problem_, GLP_MAX);
  members_ = workers;
  std::sort(members_.begin(), members_.end());
  std::fill(column_.begin(), column_.end(), 0);
  const int m = static_cast<int>(members_.size());
  glp_add_cols(problem_, m);
  for (int j = 0; j < m; ++j) {
    column_[members_[j]] = j + 1;
    glp_set_col_bnds(problem_, j + 1, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(problem_, j + 1, 1.0);
  }
  const int rows = m + (port_ == PortModel::one_port ? 1 : 0);
  glp_add_rows(problem_, rows);
  for (int r = 1; r <= rows; ++r) glp_set_row_bnds(problem_, r, GLP_UP, 0.0, 1.0);
  index_.assign(m + 1, 0);
  value_.assign(m + 1, 0.0);
  if (port_ == PortModel::one_port) {
    // The sends, all before the first return, and the returns fill at most T.
    for (int j = 0; j < m; ++j) {
      index_[j + 1] = j + 1;
      value_[j + 1] = star_.c[members_[j]] + star_.d[members_[j]];
    }
    glp_set_mat_row(problem_, m + 1, m, index_.data(), value_.data());
  }
}

int OrderLp::iteration_limit() const {
  // From the slack basis these LPs take at most about (rows + columns) / 2 pivots (18,760 LPs of
  // the shipped platforms, docs/divisible.md); a hundred times that is a stall, not progress.
  return 100 * (glp_get_num_rows(problem_) + glp_get_num_cols(problem_)) + 100;
}

std::string OrderLp::describe(const std::vector<int>& send, const std::vector<int>& ret) const {
  return "the LP of send order " + list(send) + " and return order " + list(ret);
}

std::vector<double> OrderLp::solve(const std::vector<int>& send, const std::vector<int>& ret) {
  std::vector<int> sorted_send(send), sorted_ret(ret);
  std::sort(sorted_send.begin(), sorted_send.end());
  std::sort(sorted_ret.begin(), sorted_ret.end());
  if (send.empty() || sorted_send != sorted_ret ||
      std::adjacent_find(sorted_send.begin(), sorted_send.end()) != sorted_send.end())
    throw std::invalid_argument("OrderLp: the two orders must list the same workers once");
  if (sorted_send != members_) rebuild(send);
  const int m = static_cast<int>(members_.size());
  for (int k = 0; k < m; ++k) {
    send_pos_[send[k]] = k;
    ret_pos_[ret[k]] = k;
  }
  if (latency_) {
    // K_i, the start-up costs in row i: the sends up to i's own and the returns from i's on.
    // before_[k] sums L over the first k sends, after_[k] L' over the returns from the k-th.
    before_.assign(m + 1, 0.0);
    after_.assign(m + 1, 0.0);
    for (int k = 0; k < m; ++k) before_[k + 1] = before_[k] + star_.send_latency_of(send[k]);
    for (int k = m - 1; k >= 0; --k) after_[k] = after_[k + 1] + star_.return_latency_of(ret[k]);
    for (int i : members_) {
      const double fixed = before_[send_pos_[i]] + star_.send_latency_of(i) + after_[ret_pos_[i]];
      if (fixed > 1) return {};
      glp_set_row_bnds(problem_, column_[i], GLP_UP, 0.0, 1.0 - fixed);
    }
    if (port_ == PortModel::one_port) {
      const double fixed = before_[m] + after_[0];
      if (fixed > 1) return {};
      glp_set_row_bnds(problem_, m + 1, GLP_UP, 0.0, 1.0 - fixed);
    }
  }
  for (int i : members_) {
    int n = 0;
    for (int j : members_) {
      // Sends before i's, i's own send and computation, then i's return and all later ones.
      double a = 0;
      if (j == i) a = star_.c[i] + star_.w[i] + star_.d[i];
      else a = (send_pos_[j] < send_pos_[i] ? star_.c[j] : 0.0) + (ret_pos_[j] > ret_pos_[i] ? star_.d[j] : 0.0);
      if (a == 0) continue;
      ++n;
      index_[n] = column_[j];
      value_[n] = a;
    }
    glp_set_mat_row(problem_, column_[i], n, index_.data(), value_.data());
  }
  // First from the previous pair's optimal basis, which saves a quarter of the brute-force
  // optimum's time, but only for as many pivots as a solve from zero loads ever needed: that
  // basis can be nearly singular for the new rows, and GLPK's primal simplex then stalls for
  // ever at the optimum's vertex, every row tight, its perturbation included (docs/divisible.md,
  // "Solving the LPs"). Then from the slack basis (α = 0, primal feasible), with each of GLPK's
  // two ratio tests; a solve still unfinished after that refuses (iteration_limit).
  glp_smcp parameters;
  glp_init_smcp(&parameters);
  parameters.msg_lev = GLP_MSG_OFF;
  const int dimension = glp_get_num_rows(problem_) + glp_get_num_cols(problem_);
  struct Attempt {
    bool warm;
    int ratio_test, iteration_limit;
  };
  int code = 0;
  for (const Attempt attempt : {Attempt{true, GLP_RT_HAR, dimension}, Attempt{false, GLP_RT_HAR, iteration_limit()},
                                Attempt{false, GLP_RT_STD, iteration_limit()}}) {
    if (!attempt.warm) glp_std_basis(problem_);
    parameters.r_test = attempt.ratio_test;
    parameters.it_lim = attempt.iteration_limit;
    code = glp_simplex(problem_, &parameters);
    if (code == 0 && glp_get_status(problem_) == GLP_OPT) break;
  }
  const int status = glp_get_status(problem_);
  if (code == GLP_EITLIM)
    throw InputError(describe(send, ret) + " did not reach its optimum in " + std::to_string(parameters.it_lim) +
                     " simplex iterations from zero loads, with either ratio test (GLPK)");
  if (code != 0 || status != GLP_OPT) {
    const std::string why = status == GLP_UNBND ? "is unbounded" : status == GLP_NOFEAS ? "is infeasible"
                                                                                        : "could not be solved by GLPK";
    throw InputError(describe(send, ret) + " " + why + " (GLPK code " + std::to_string(code) + ")");
  }
  std::vector<double> alpha(star_.c.size(), 0.0);
  for (int j = 0; j < m; ++j) alpha[members_[j]] = std::max(0.0, glp_get_col_prim(problem_, j + 1));
  return alpha;
}

std::vector<int> workers_that_fit(const Star& star, const std::vector<int>& order) {
  std::vector<int> fit;
  for (int i : order)
    if (star.send_latency_of(i) + star.return_latency_of(i) < 1) fit.push_back(i);
  return fit;
}

namespace {

DivisibleSchedule empty_schedule(const Star& star) {
  DivisibleSchedule s;
  s.alpha.assign(star.c.size(), 0.0);
  return s;
}

void remove_worker(std::vector<int>& order, int worker) {
  order.erase(std::find(order.begin(), order.end(), worker));
}

}  // namespace

DivisibleSchedule lp_schedule(const Star& star, std::vector<int> send, std::vector<int> ret, PortModel port) {
  OrderLp lp(star, port);
  if (star.has_latency()) {
    // Workers whose own start-up costs fill T get no load in any schedule: they send nothing.
    for (int i : std::vector<int>(send))
      if (star.send_latency_of(i) + star.return_latency_of(i) >= 1) {
        remove_worker(send, i);
        remove_worker(ret, i);
      }
  }
  for (;;) {
    if (send.empty()) return empty_schedule(star);
    std::vector<double> alpha = lp.solve(send, ret);
    if (alpha.empty()) {
      // The start-up costs alone exceed T in some row: the last worker sent goes (its L' is in
      // every FIFO row, and in a LIFO order it is the row with the most start-up costs).
      remove_worker(ret, send.back());
      send.pop_back();
      continue;
    }
    const double largest = *std::max_element(alpha.begin(), alpha.end());
    auto idle = [&](int i) { return alpha[i] <= kZeroLoad * largest; };
    if (std::none_of(send.begin(), send.end(), idle)) {
      DivisibleSchedule s;
      s.send = std::move(send);
      s.ret = std::move(ret);
      s.alpha = std::move(alpha);
      return s;
    }
    // Without latency the largest load is positive (c, w > 0 and T = 1), so at least one worker
    // stays; with latency every load may be 0 (start-up costs filling every row), and the
    // schedule is then empty.
    send.erase(std::remove_if(send.begin(), send.end(), idle), send.end());
    ret.erase(std::remove_if(ret.begin(), ret.end(), idle), ret.end());
  }
}

DivisibleSchedule best_prefix_lp(const Star& star, const std::vector<int>& order, const std::vector<PrefixPair>& pairs,
                                 PortModel port) {
  const std::vector<int> fit = workers_that_fit(star, order);
  OrderLp lp(star, port);
  double best = -1;
  std::vector<int> prefix, best_send, best_ret;
  for (int worker : fit) {
    prefix.push_back(worker);
    for (PrefixPair pair : pairs) {
      std::vector<int> send = prefix;
      if (pair == PrefixPair::fifo_reversed) std::reverse(send.begin(), send.end());
      std::vector<int> ret = send;
      if (pair == PrefixPair::lifo) std::reverse(ret.begin(), ret.end());
      const std::vector<double> alpha = lp.solve(send, ret);
      if (alpha.empty()) continue;  // the start-up costs of this prefix alone exceed T
      const double value = std::accumulate(alpha.begin(), alpha.end(), 0.0);
      // Equal optima from different bases differ in their last bits: keep the first one met.
      if (value > best * (1 + 1e-12)) {
        best = value;
        best_send = std::move(send);
        best_ret = std::move(ret);
      }
    }
  }
  if (best_send.empty()) return empty_schedule(star);
  return lp_schedule(star, std::move(best_send), std::move(best_ret), port);
}

}  // namespace hetcoll
