#pragma once
/// @file reference_peeling.hpp
/// @brief The peeling and matcher of GGP, OGGP and DGGP as they were before the incremental
/// matcher (commit c0f0df7, simulator/algorithms/redistribute/support/peel.cpp and matching.cpp), kept
/// verbatim as the "before" that bench_redistribution.cpp times beside the library. Not part of
/// the library, and no test oracle: it shares the library's procedure, so the tests check the
/// peeling against its defining properties instead (test_redistribution_peeling.cpp).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/peel.hpp"

namespace hetcoll::reference {

/// The former BipartiteMatcher: adjacency in edge order, dead edges erased at every peel, full
/// Hopcroft–Karp phases (the BFS layers every reachable node), and OGGP's binary search testing
/// every threshold it meets, restoring the matching after a failed test.
class ReferenceMatcher {
 public:
  /// `edge_left[e]`, `edge_right[e]`: the endpoints of edge e; `weight` must outlive the matcher.
  ReferenceMatcher(int left, int right, const std::vector<int>& edge_left, const std::vector<int>& edge_right,
                   const std::vector<std::int64_t>& weight);

  /// Makes the matching perfect on the edges of weight ≥ 1, keeping the current matched edges
  /// that are still present, with augmenting paths scanned in node and edge order (GGP's "any
  /// perfect matching"). Returns false if no perfect matching exists.
  bool perfect();

  /// A perfect matching whose smallest weight is as large as possible (OGGP): perfect(), then a
  /// binary search on the distinct weights above its minimum, each test warm-started from the
  /// best matching found so far. Returns false if no perfect matching exists.
  bool bottleneck();

  /// Edge matched to left node `l`, or -1.
  int edge_of(int l) const { return match_left_[l]; }
  int left_count() const { return static_cast<int>(match_left_.size()); }

 private:
  /// Drops matched edges lighter than `threshold`, then augments with edges ≥ threshold.
  bool augment(std::int64_t threshold);
  bool bfs(std::int64_t threshold);
  bool dfs(int l, std::int64_t threshold);
  std::int64_t smallest_matched() const;

  const std::vector<int>& edge_left_;
  const std::vector<int>& edge_right_;
  const std::vector<std::int64_t>& weight_;
  std::vector<std::vector<int>> adjacency_;  // edges of each left node, in edge order
  std::vector<int> match_left_;              // edge matched to each left node, or -1
  std::vector<int> match_right_;             // edge matched to each right node, or -1
  std::vector<int> layer_;                   // BFS layer of each left node (Hopcroft–Karp)
  std::vector<std::size_t> next_;            // next edge to try from each left node in dfs
  std::vector<int> queue_;
  std::vector<std::int64_t> candidates_;
};

inline ReferenceMatcher::ReferenceMatcher(int left, int right, const std::vector<int>& edge_left,
                                   const std::vector<int>& edge_right, const std::vector<std::int64_t>& weight)
    : edge_left_(edge_left), edge_right_(edge_right), weight_(weight), adjacency_(left),
      match_left_(left, -1), match_right_(right, -1), layer_(left), next_(left) {
  for (std::size_t e = 0; e < edge_left.size(); ++e) adjacency_[edge_left[e]].push_back(static_cast<int>(e));
}

inline bool ReferenceMatcher::perfect() {
  // Edges only lose weight: forget the dead ones for good, keeping the order of the others.
  for (std::vector<int>& edges : adjacency_)
    edges.erase(std::remove_if(edges.begin(), edges.end(), [this](int e) { return weight_[e] <= 0; }), edges.end());
  return augment(1);
}

inline bool ReferenceMatcher::bottleneck() {
  if (!perfect()) return false;
  std::int64_t lo = smallest_matched();
  // No perfect matching can do better than the lightest "heaviest edge" of any node.
  std::int64_t cap = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> heaviest_right(match_right_.size(), 0);
  candidates_.clear();
  for (const std::vector<int>& edges : adjacency_) {
    std::int64_t heaviest = 0;
    for (int e : edges) {
      heaviest = std::max(heaviest, weight_[e]);
      heaviest_right[edge_right_[e]] = std::max(heaviest_right[edge_right_[e]], weight_[e]);
      if (weight_[e] > lo) candidates_.push_back(weight_[e]);
    }
    cap = std::min(cap, heaviest);
  }
  for (std::int64_t h : heaviest_right) cap = std::min(cap, h);
  std::sort(candidates_.begin(), candidates_.end());
  candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
  candidates_.erase(std::upper_bound(candidates_.begin(), candidates_.end(), cap), candidates_.end());
  // Invariant: the current matching is perfect with minimum lo; every candidate in [a, b) is
  // above lo and undecided; candidates from b on are infeasible.
  std::size_t a = 0, b = candidates_.size();
  std::vector<int> saved_left, saved_right;
  while (a < b) {
    const std::size_t mid = a + (b - a) / 2;
    saved_left = match_left_;
    saved_right = match_right_;
    if (augment(candidates_[mid])) {
      lo = smallest_matched();
      a = static_cast<std::size_t>(std::upper_bound(candidates_.begin(), candidates_.end(), lo) - candidates_.begin());
    } else {
      match_left_.swap(saved_left);
      match_right_.swap(saved_right);
      b = mid;
    }
  }
  return true;
}

inline std::int64_t ReferenceMatcher::smallest_matched() const {
  std::int64_t smallest = std::numeric_limits<std::int64_t>::max();
  for (int e : match_left_)
    if (e >= 0) smallest = std::min(smallest, weight_[e]);
  return smallest;
}

inline bool ReferenceMatcher::augment(std::int64_t threshold) {
  for (int& e : match_left_) {
    if (e < 0 || weight_[e] >= threshold) continue;
    match_right_[edge_right_[e]] = -1;
    e = -1;
  }
  while (bfs(threshold)) {
    std::fill(next_.begin(), next_.end(), 0);
    bool grown = false;
    for (int l = 0; l < left_count(); ++l)
      if (match_left_[l] < 0 && dfs(l, threshold)) grown = true;
    if (!grown) break;
  }
  for (int e : match_left_)
    if (e < 0) return false;
  for (int e : match_right_)
    if (e < 0) return false;
  return true;
}

inline bool ReferenceMatcher::bfs(std::int64_t threshold) {
  queue_.clear();
  for (int l = 0; l < left_count(); ++l) {
    layer_[l] = match_left_[l] < 0 ? 0 : -1;
    if (layer_[l] == 0) queue_.push_back(l);
  }
  bool reaches_free = false;
  for (std::size_t i = 0; i < queue_.size(); ++i) {
    const int l = queue_[i];
    for (int e : adjacency_[l]) {
      if (weight_[e] < threshold) continue;
      const int m = match_right_[edge_right_[e]];
      if (m < 0) {
        reaches_free = true;
        continue;
      }
      const int next = edge_left_[m];
      if (layer_[next] < 0) {
        layer_[next] = layer_[l] + 1;
        queue_.push_back(next);
      }
    }
  }
  return reaches_free;
}

inline bool ReferenceMatcher::dfs(int l, std::int64_t threshold) {
  for (std::vector<int>& edges = adjacency_[l]; next_[l] < edges.size(); ++next_[l]) {
    const int e = edges[next_[l]];
    if (weight_[e] < threshold) continue;
    const int r = edge_right_[e];
    const int m = match_right_[r];
    if (m >= 0) {
      const int next = edge_left_[m];
      if (layer_[next] != layer_[l] + 1 || !dfs(next, threshold)) continue;
    }
    match_left_[l] = e;
    match_right_[r] = e;
    return true;
  }
  layer_[l] = -1;  // a dead end for the rest of this phase
  return false;
}


/// The graph being peeled: edges as parallel arrays (the matcher reads them in place).
struct PeelState {
  std::vector<int> left, right, message;
  std::vector<std::int64_t> weight;  // real + fictitious units left
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
inline void fill_dummies(PeelState& g, int first, std::int64_t room_per_node, const std::vector<std::int64_t>& deficit,
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

/// The former peel(): same steps as the library's, with ReferenceMatcher.
inline std::vector<UnitStep> reference_peel(const UnitGraph& graph, int k, MatchingRule rule) {
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

  // Step 5: peel.
  ReferenceMatcher matcher(n, n, g.left, g.right, g.weight);
  std::vector<UnitStep> steps;
  for (std::int64_t remaining = R; remaining > 0;) {
    const bool found = rule == MatchingRule::any ? matcher.perfect() : matcher.bottleneck();
    // König: an r-regular bipartite multigraph always has a perfect matching.
    if (!found) throw std::logic_error("peel: no perfect matching in a regular graph");
    std::int64_t d = remaining;
    for (int l = 0; l < n; ++l) d = std::min(d, g.weight[matcher.edge_of(l)]);
    UnitStep step;
    for (int l = 0; l < n; ++l) {
      const int e = matcher.edge_of(l);
      g.weight[e] -= d;
      if (g.real[e] == 0) continue;
      const std::int64_t x = std::min(d, g.real[e]);
      g.real[e] -= x;
      step.emplace_back(g.message[e], x);
    }
    remaining -= d;
    if (!step.empty()) steps.push_back(std::move(step));
  }
  return steps;
}

/// The former GGP, OGGP and DGGP (the split, dggp_split, is unchanged and shared).
inline Schedule ggp(const Instance& instance) {
  return to_schedule(instance, reference_peel(message_graph(instance), instance.k, MatchingRule::any));
}
inline Schedule oggp(const Instance& instance) {
  return to_schedule(instance, reference_peel(message_graph(instance), instance.k, MatchingRule::bottleneck));
}
inline Schedule dggp(const Instance& instance) {
  return to_schedule(instance, reference_peel(dggp_split(instance), instance.k, MatchingRule::bottleneck));
}

}  // namespace hetcoll::reference
