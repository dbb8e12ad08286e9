// Exact optimum of the step model of Jeannot & Wagner (§2.2) on tiny instances,
// by dynamic programming; the yardstick the issue asks for ("on tiny instances, compare with
// an exact optimum found by search"), restricted to whole-second pieces (docs/redistribute.md).
//
// Cost in the model: f(rest) = min over step shapes c (c_e streams on message e, Σ c_e ≤ k,
// Σ_{e∋v} c_e ≤ δ(v)) and durations W = 1, 2, … of β + W + f(rest − min(c·W, rest)), with
// f(0) = 0. Sending as much as a shape allows is never worse (shrinking pieces keeps a
// schedule valid), so the recursion covers every schedule with whole pieces, including two
// streams of one message in a step, as DGGP may use. Work: Π(w_e + 1) states × shapes × W.
#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

/// The search at its documented limit (kExactMaxWork, the row's work_limit).
Schedule exact_at_limit(const Instance& instance) { return exact_schedule(instance); }

/// Every stream count vector c (not all zero) a step may have, by depth-first enumeration.
void enumerate_shapes(const Instance& g, std::size_t e, int used, std::vector<int>& degree, std::vector<int>& c,
                      std::vector<std::vector<int>>& shapes) {
  if (e == g.messages.size()) {
    if (used > 0) shapes.push_back(c);
    return;
  }
  const int s = g.messages[e].sender, t = g.receiver_node(g.messages[e].receiver);
  for (c[e] = 0; used + c[e] <= g.k && degree[s] + c[e] <= g.delta[s] && degree[t] + c[e] <= g.delta[t]; ++c[e]) {
    degree[s] += c[e];
    degree[t] += c[e];
    enumerate_shapes(g, e + 1, used + c[e], degree, c, shapes);
    degree[s] -= c[e];
    degree[t] -= c[e];
  }
  c[e] = 0;
}

}  // namespace

double exact_work_bound(double messages, double heaviest, double k, double ports) {
  // In logarithms: the states alone overflow a double long before a search could run.
  const double log_states = messages * std::log(heaviest + 1);
  const double log_shapes = std::min(std::lgamma(messages + k + 1) - std::lgamma(messages + 1) - std::lgamma(k + 1),
                                     messages * std::log(std::min(ports, k) + 1));
  return std::exp(log_states + log_shapes + std::log(heaviest));
}

Schedule exact_schedule(const Instance& g, std::uint64_t max_work) {
  const std::size_t m = g.messages.size();
  std::vector<std::int64_t> weight(m), stride(m);
  std::uint64_t states = 1;
  std::int64_t heaviest = 0;
  for (std::size_t e = 0; e < m; ++e) {
    const double w = g.messages[e].weight;
    if (w != std::floor(w))
      throw InputError("algorithm 'exact': weights must be whole seconds at base speed, got " + format_number(w));
    weight[e] = static_cast<std::int64_t>(w);
    heaviest = std::max(heaviest, weight[e]);
    stride[e] = static_cast<std::int64_t>(states);
    states *= static_cast<std::uint64_t>(weight[e] + 1);
    if (states > max_work) break;
  }
  std::vector<std::vector<int>> shapes;
  if (states <= max_work) {
    std::vector<int> degree(g.delta.size(), 0), c(m, 0);
    enumerate_shapes(g, 0, 0, degree, c, shapes);
  }
  const double work = static_cast<double>(states) * static_cast<double>(shapes.size()) * static_cast<double>(heaviest);
  if (states > max_work || work > static_cast<double>(max_work))
    throw InputError("algorithm 'exact': the search is too large for this instance (more than " +
                     std::to_string(max_work) + " steps of work); use it on tiny instances only");

  // Bottom-up: every successor of a state has a smaller index (mixed radix of the rests).
  std::vector<double> best(states, std::numeric_limits<double>::infinity());
  std::vector<std::uint32_t> best_shape(states, 0);
  std::vector<std::int64_t> best_w(states, 0);
  best[0] = 0;
  std::vector<std::int64_t> rest(m, 0);
  for (std::uint64_t state = 1; state < states; ++state) {
    for (std::size_t e = 0; e < m && ++rest[e] > weight[e]; ++e) rest[e] = 0;  // increment the counter
    for (std::size_t s = 0; s < shapes.size(); ++s) {
      const std::vector<int>& c = shapes[s];
      std::int64_t longest = 0;
      bool useful = true;
      for (std::size_t e = 0; e < m && useful; ++e) {
        if (c[e] == 0) continue;
        useful = rest[e] > 0;
        longest = std::max(longest, (rest[e] + c[e] - 1) / c[e]);
      }
      if (!useful) continue;
      for (std::int64_t w = 1; w <= longest; ++w) {
        std::int64_t next = static_cast<std::int64_t>(state);
        for (std::size_t e = 0; e < m; ++e) next -= stride[e] * std::min<std::int64_t>(c[e] * w, rest[e]);
        const double cost = g.beta + static_cast<double>(w) + best[next];
        if (cost < best[state]) {
          best[state] = cost;
          best_shape[state] = static_cast<std::uint32_t>(s);
          best_w[state] = w;
        }
      }
    }
  }

  Schedule schedule;
  std::uint64_t state = states - 1;
  std::vector<std::int64_t> left = weight;
  while (state > 0) {
    const std::vector<int>& c = shapes[best_shape[state]];
    const std::int64_t w = best_w[state];
    Step step;
    for (std::size_t e = 0; e < m; ++e)
      for (int stream = 0; stream < c[e] && left[e] > 0; ++stream) {
        const std::int64_t amount = std::min(w, left[e]);
        step.push_back({static_cast<int>(e), static_cast<double>(amount)});
        left[e] -= amount;
        state -= static_cast<std::uint64_t>(stride[e] * amount);
      }
    schedule.push_back(std::move(step));
  }
  return schedule;
}

std::unique_ptr<RedistributionPolicy> make_exact(const RedistributionSetup& setup) {
  return step_schedule_policy(setup, "exact", exact_at_limit);
}

}  // namespace hetcoll
