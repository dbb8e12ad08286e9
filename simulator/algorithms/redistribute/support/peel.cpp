// Generic graph peeling: Jeannot & Wagner, "Two fast and efficient message scheduling
// algorithms for data redistribution through a backbone", IPDPS 2004 (GGP, OGGP), after Cohen,
// Jeannot & Padoy, HeteroPar'03; hetcoll's choices in docs/redistribute.md.
//
// Cost in the model: the peels' d add up to R = max(W, ⌈P/k⌉) (in units of β) and every peel
// emits at most one step of cost β + at most d·β, with d ≥ 1; hence cost ≤ 2βR, the
// 2-approximation. Time: at most min(R, |E|) peels, each a warm-started Hopcroft–Karp (and,
// for OGGP, a binary search over the distinct weights).
#include "algorithms/redistribute/support/peel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "algorithms/redistribute/support/matching.hpp"

namespace hetcoll {
namespace {

/// The graph being peeled: edges as parallel arrays (the matcher reads them in place).
struct PeelState {
  std::vector<int> left, right, message;
  std::vector<std::int64_t> weight;  // real + fictitious units, before the peels (the matcher keeps what is left)
  std::vector<std::int64_t> real;    // real units left (0 for padding and dummy edges)

  int add(int l, int r, std::int64_t units, std::int64_t real_units, int msg) {
    left.push_back(l);
    right.push_back(r);
    weight.push_back(units);
    real.push_back(real_units);
    message.push_back(msg);
    return static_cast<int>(left.size()) - 1;
  }
};

/// North-west corner rule: gives `room` units to each of the nodes first, first + 1, … in turn
/// and spreads every deficit[i] over them in index order, adding edges (node, i) (or (i, node)
/// when `node_on_left` is false).
void fill_dummies(PeelState& g, int first, std::int64_t room_per_node, const std::vector<std::int64_t>& deficit,
                  bool node_on_left) {
  int node = first;
  std::int64_t room = room_per_node;
  for (std::size_t i = 0; i < deficit.size(); ++i) {
    for (std::int64_t left = deficit[i]; left > 0;) {
      const std::int64_t x = std::min(left, room);
      if (node_on_left) g.add(node, static_cast<int>(i), x, 0, -1);
      else g.add(static_cast<int>(i), node, x, 0, -1);
      left -= x;
      room -= x;
      if (room == 0) {
        ++node;
        room = room_per_node;
      }
    }
  }
}

/// Step 5 of peel(): perfect matchings of the R-regular graph, each taking its lightest weight.
template <class Matcher>
std::vector<UnitStep> peel_matchings(PeelState& g, int n, std::int64_t R, MatchingRule rule) {
  Matcher matcher(n, n, g.left, g.right, g.weight);
  std::vector<UnitStep> steps;
  for (std::int64_t remaining = R; remaining > 0;) {
    const bool found = rule == MatchingRule::any ? matcher.perfect() : matcher.bottleneck();
    // König: an r-regular bipartite multigraph always has a perfect matching.
    if (!found) throw std::logic_error("peel: no perfect matching in a regular graph");
    std::int64_t d = remaining;
    for (int l = 0; l < n; ++l) d = std::min(d, matcher.matched_weight(l));
    UnitStep step;
    for (int l = 0; l < n; ++l) {
      const int e = matcher.edge_of(l);
      if (g.real[e] == 0) continue;
      const std::int64_t x = std::min(d, g.real[e]);
      g.real[e] -= x;
      step.emplace_back(g.message[e], x);
    }
    matcher.take_from_matched(d);
    remaining -= d;
    if (!step.empty()) steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace

double normalisation_unit(const Instance& instance) { return instance.beta > 0 ? instance.beta : 1.0; }

std::int64_t to_units(double weight, double unit) {
  const double q = weight / unit;
  const double nearest = std::nearbyint(q);
  const double units = std::abs(q - nearest) <= 1e-9 * std::max(1.0, q) ? nearest : std::ceil(q);
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(units));
}

UnitGraph message_graph(const Instance& instance) {
  UnitGraph g;
  g.left = instance.senders;
  g.right = instance.receivers;
  const double unit = normalisation_unit(instance);
  for (std::size_t e = 0; e < instance.messages.size(); ++e) {
    const Message& m = instance.messages[e];
    g.edges.push_back({m.sender, m.receiver, to_units(m.weight, unit), static_cast<int>(e)});
  }
  return g;
}

std::vector<UnitStep> peel(const UnitGraph& graph, int k, MatchingRule rule) {
  if (graph.edges.empty()) return {};
  const int a = graph.left, b = graph.right;
  k = std::min({k, a, b});
  std::vector<std::int64_t> wl(a, 0), wr(b, 0);
  std::int64_t total = 0;
  PeelState g;
  std::unordered_map<std::int64_t, int> index;  // (left, right) -> edge, for the padding
  for (const UnitGraph::Edge& e : graph.edges) {
    wl[e.left] += e.units;
    wr[e.right] += e.units;
    total += e.units;
    index[static_cast<std::int64_t>(e.left) * b + e.right] = g.add(e.left, e.right, e.units, e.units, e.message);
  }
  const std::int64_t R = std::max({*std::max_element(wl.begin(), wl.end()), *std::max_element(wr.begin(), wr.end()),
                                   (total + k - 1) / k});

  // Step 3, padding: fictitious weight until P = kR. Both sides have room, since a, b ≥ k.
  int i = 0, j = 0;
  for (std::int64_t missing = k * R - total; missing > 0;) {
    while (wl[i] == R) ++i;
    while (wr[j] == R) ++j;
    const std::int64_t x = std::min({R - wl[i], R - wr[j], missing});
    const std::int64_t key = static_cast<std::int64_t>(i) * b + j;
    const auto found = index.find(key);
    if (found == index.end()) index[key] = g.add(i, j, x, 0, -1);
    else g.weight[found->second] += x;
    wl[i] += x;
    wr[j] += x;
    missing -= x;
  }

  // Step 4: b − k left dummies take the receivers' deficits, a − k right dummies the senders'.
  // Every node then weighs R, and a perfect matching pairs exactly k senders with receivers.
  std::vector<std::int64_t> deficit_right(b), deficit_left(a);
  for (int r = 0; r < b; ++r) deficit_right[r] = R - wr[r];
  for (int l = 0; l < a; ++l) deficit_left[l] = R - wl[l];
  fill_dummies(g, a, R, deficit_right, true);
  fill_dummies(g, b, R, deficit_left, false);
  const int n = a + b - k;

  // Step 5: peel. Every weight is at most R: below 2^31, the matcher stores them in 32 bits.
  if (R <= std::numeric_limits<std::int32_t>::max()) return peel_matchings<CompactBipartiteMatcher>(g, n, R, rule);
  return peel_matchings<BipartiteMatcher>(g, n, R, rule);
}

Schedule to_schedule(const Instance& instance, const std::vector<UnitStep>& steps) {
  const double unit = normalisation_unit(instance);
  const std::size_t m = instance.messages.size();
  std::vector<double> rest(m);
  std::vector<std::int64_t> units_left(m);
  for (std::size_t e = 0; e < m; ++e) {
    rest[e] = instance.messages[e].weight;
    units_left[e] = to_units(rest[e], unit);
  }
  Schedule schedule;
  for (const UnitStep& unit_step : steps) {
    Step step;
    for (const auto& [message, units] : unit_step) {
      units_left[message] -= units;
      // The last piece takes exactly what is left: the pieces add up to the weight.
      const double amount = units_left[message] == 0 ? rest[message] : std::min(rest[message], units * unit);
      rest[message] -= amount;
      if (amount > 0) step.push_back({message, amount});
    }
    if (!step.empty()) schedule.push_back(std::move(step));
  }
  return schedule;
}

}  // namespace hetcoll
