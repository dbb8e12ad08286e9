#include "algorithms/redistribute/matching.hpp"

#include <algorithm>
#include <limits>

namespace hetcoll {

BipartiteMatcher::BipartiteMatcher(int left, int right, const std::vector<int>& edge_left,
                                   const std::vector<int>& edge_right, const std::vector<std::int64_t>& weight)
    : edge_left_(edge_left), edge_right_(edge_right), weight_(weight), adjacency_(left),
      match_left_(left, -1), match_right_(right, -1), layer_(left), next_(left) {
  for (std::size_t e = 0; e < edge_left.size(); ++e) adjacency_[edge_left[e]].push_back(static_cast<int>(e));
}

bool BipartiteMatcher::perfect() {
  // Edges only lose weight: forget the dead ones for good, keeping the order of the others.
  for (std::vector<int>& edges : adjacency_)
    edges.erase(std::remove_if(edges.begin(), edges.end(), [this](int e) { return weight_[e] <= 0; }), edges.end());
  return augment(1);
}

bool BipartiteMatcher::bottleneck() {
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

std::int64_t BipartiteMatcher::smallest_matched() const {
  std::int64_t smallest = std::numeric_limits<std::int64_t>::max();
  for (int e : match_left_)
    if (e >= 0) smallest = std::min(smallest, weight_[e]);
  return smallest;
}

bool BipartiteMatcher::augment(std::int64_t threshold) {
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

bool BipartiteMatcher::bfs(std::int64_t threshold) {
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

bool BipartiteMatcher::dfs(int l, std::int64_t threshold) {
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

}  // namespace hetcoll
