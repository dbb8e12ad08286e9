// The peeling's matcher (docs/redistribute.md, "Algorithms"): its storage, the peels, and GGP's
// perfect matching by Hopcroft–Karp phases; OGGP's bottleneck search is in
// bottleneck_matching.cpp. It returns the matchings of the former implementation
// (bench/reference_peeling.hpp, the benchmark's "before") and only finds them faster:
// * adjacency in flat arrays (CSR) with the weights inline, so scans are sequential; absent
//   edges are skipped, and dropped in one pass once they are as many as the present ones;
// * the breadth-first search of a Hopcroft–Karp phase computes the same layers (distances are
//   unique) but switches to bottom-up levels (each unreached node looks for a parent) once the
//   frontier is large, and stops as soon as every node has its layer;
// * OGGP's binary search needs the distinct weights and the heaviest edge of every node: both are
//   kept up to date here as the peels take weight, instead of sorting all edges at every peel.
#include "algorithms/redistribute/support/matching.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace hetcoll {

template <class Weight>
BasicBipartiteMatcher<Weight>::BasicBipartiteMatcher(int left, int right, const std::vector<int>& edge_left,
                                                     const std::vector<int>& edge_right,
                                                     const std::vector<std::int64_t>& weight)
    : right_count_(right), begin_(left + 1, 0), end_(left, 0), rbegin_(right + 1, 0), rend_(right, 0),
      match_left_(left, -1), match_right_(right, -1), layer_(left), next_(left),
      heaviest_(left + right, 0), at_heaviest_(left + right, 0), heaviest_stale_(left + right, 0),
      seen_(left, 0), via_slot_(left), via_left_(left) {
  const std::size_t m = edge_left.size();
  for (std::size_t e = 0; e < m; ++e) {
    ++begin_[edge_left[e] + 1];
    ++rbegin_[edge_right[e] + 1];
  }
  for (int l = 0; l < left; ++l) begin_[l + 1] += begin_[l];
  for (int r = 0; r < right; ++r) rbegin_[r + 1] += rbegin_[r];
  slot_right_.resize(m);
  slot_edge_.resize(m);
  slot_mirror_.resize(m);
  slot_weight_.resize(m);
  rslot_left_.resize(m);
  rslot_weight_.resize(m);
  std::copy(begin_.begin(), begin_.end() - 1, end_.begin());
  std::copy(rbegin_.begin(), rbegin_.end() - 1, rend_.begin());
  for (std::size_t e = 0; e < m; ++e) {
    const int s = end_[edge_left[e]]++, rs = rend_[edge_right[e]]++;
    slot_right_[s] = edge_right[e];
    slot_edge_[s] = static_cast<int>(e);
    slot_mirror_[s] = rs;
    if (weight[e] > std::numeric_limits<Weight>::max())
      throw std::invalid_argument("BasicBipartiteMatcher: a weight does not fit in its weight type");
    slot_weight_[s] = rslot_weight_[rs] = static_cast<Weight>(std::max<std::int64_t>(weight[e], 0));
    rslot_left_[rs] = edge_left[e];
    if (slot_weight_[s] == 0) {
      ++dead_slots_;
      continue;
    }
    ++live_slots_;
    ++weight_count_[weight[e]];
    for (int v : {edge_left[e], left + edge_right[e]}) {
      if (weight[e] > heaviest_[v]) {
        heaviest_[v] = weight[e];
        at_heaviest_[v] = 0;
      }
      if (weight[e] == heaviest_[v]) ++at_heaviest_[v];
    }
  }
}

template <class Weight>
void BasicBipartiteMatcher<Weight>::weight_drops(int node, std::int64_t from, std::int64_t d) {
  // The node's heaviest edge weighs at least its former heaviest minus d: a lower bound that
  // spares heaviest_edge_bound() the nodes that cannot be the minimum.
  if (heaviest_stale_[node]) heaviest_[node] = std::max<std::int64_t>(0, heaviest_[node] - d);
  else if (from == heaviest_[node] && --at_heaviest_[node] == 0) {
    heaviest_stale_[node] = 1;
    heaviest_[node] = from - d;
  }
}

template <class Weight>
void BasicBipartiteMatcher<Weight>::take_from_matched(std::int64_t d) {
  const int left = left_count();
  taken_.clear();
  for (int l = 0; l < left; ++l) {
    const int s = match_left_[l];
    const std::int64_t from = slot_weight_[s], to = from - d;
    slot_weight_[s] = rslot_weight_[slot_mirror_[s]] = static_cast<Weight>(to);
    taken_.push_back(from);
    if (to <= 0) {
      --live_slots_;
      ++dead_slots_;
    }
    weight_drops(l, from, d);
    weight_drops(left + slot_right_[s], from, d);
  }
  // Every matched weight moves down by d: one update of the counts per distinct weight.
  std::sort(taken_.begin(), taken_.end());
  for (std::size_t i = 0; i < taken_.size();) {
    std::size_t j = i;
    while (j < taken_.size() && taken_[j] == taken_[i]) ++j;
    const int moved = static_cast<int>(j - i);
    const auto count = weight_count_.find(taken_[i]);
    if ((count->second -= moved) == 0) weight_count_.erase(count);
    if (taken_[i] > d) weight_count_[taken_[i] - d] += moved;
    i = j;
  }
}

template <class Weight>
void BasicBipartiteMatcher<Weight>::compact() {
  // Absent edges are skipped everywhere, so dropping them changes no scan's order of the others.
  const int left = left_count();
  for (int l = 0; l < left; ++l)
    if (match_left_[l] >= 0 && slot_weight_[match_left_[l]] <= 0) {
      match_right_[slot_right_[match_left_[l]]] = -1;  // augment() would unmatch it first anyway
      match_left_[l] = -1;
    }
  for (std::size_t l = 0; l < witness_left_.size(); ++l)
    if (witness_left_[l] >= 0 && slot_weight_[witness_left_[l]] <= 0) {
      witness_right_[slot_right_[witness_left_[l]]] = -1;  // repair() would unmatch it first anyway
      witness_left_[l] = -1;
    }
  std::vector<int> new_slot(slot_right_.size(), -1);
  int out = 0;
  for (int l = 0; l < left; ++l) {
    const int first = out;
    for (int s = begin_[l]; s < end_[l]; ++s) {
      if (slot_weight_[s] <= 0) continue;
      new_slot[s] = out;
      slot_right_[out] = slot_right_[s];
      slot_edge_[out] = slot_edge_[s];
      slot_weight_[out] = slot_weight_[s];
      ++out;
    }
    begin_[l] = first;
    end_[l] = out;
    if (match_left_[l] >= 0) match_left_[l] = new_slot[match_left_[l]];
  }
  begin_[left] = out;
  for (int& w : witness_left_)
    if (w >= 0) w = new_slot[w];
  // The right side keeps its own order; its slots learn their left slot from the mirror.
  std::vector<int> left_slot_of(rslot_left_.size(), -1);
  for (std::size_t s = 0; s < new_slot.size(); ++s)
    if (new_slot[s] >= 0) left_slot_of[slot_mirror_[s]] = new_slot[s];
  int rout = 0;
  for (int r = 0; r < right_count_; ++r) {
    const int first = rout;
    for (int rs = rbegin_[r]; rs < rend_[r]; ++rs) {
      if (rslot_weight_[rs] <= 0) continue;
      rslot_left_[rout] = rslot_left_[rs];
      rslot_weight_[rout] = rslot_weight_[rs];
      slot_mirror_[left_slot_of[rs]] = rout;
      ++rout;
    }
    rbegin_[r] = first;
    rend_[r] = rout;
  }
  rbegin_[right_count_] = rout;
  slot_right_.resize(out);
  slot_edge_.resize(out);
  slot_weight_.resize(out);
  slot_mirror_.resize(out);
  rslot_left_.resize(rout);
  rslot_weight_.resize(rout);
  dead_slots_ = 0;
}

template <class Weight>
bool BasicBipartiteMatcher<Weight>::perfect() {
  if (dead_slots_ > live_slots_) compact();
  return augment(1);
}

template <class Weight>
bool BasicBipartiteMatcher<Weight>::augment(std::int64_t threshold) {
  const int left = left_count();
  for (int& s : match_left_) {
    if (s < 0 || slot_weight_[s] >= threshold) continue;
    match_right_[slot_right_[s]] = -1;
    s = -1;
  }
  while (bfs(threshold)) {
    std::copy(begin_.begin(), begin_.end() - 1, next_.begin());
    bool grown = false;
    for (int l = 0; l < left; ++l)
      if (match_left_[l] < 0 && dfs(l, threshold)) grown = true;
    if (!grown) break;
  }
  for (int s : match_left_)
    if (s < 0) return false;
  for (int l : match_right_)
    if (l < 0) return false;
  return true;
}

template <class Weight>
bool BasicBipartiteMatcher<Weight>::bfs(std::int64_t threshold) {
  // Layers are distances from the free left nodes in the alternating graph (l → the partner of
  // a right node l reaches by an edge ≥ threshold), whatever order finds them.
  const int left = left_count();
  frontier_.clear();
  std::int64_t unreached_slots = 0;
  for (int l = 0; l < left; ++l) {
    layer_[l] = match_left_[l] < 0 ? 0 : -1;
    if (layer_[l] == 0) frontier_.push_back(l);
    else unreached_slots += end_[l] - begin_[l];
  }
  if (frontier_.empty()) return false;
  int reached = static_cast<int>(frontier_.size());
  for (int level = 0; !frontier_.empty() && reached < left; ++level) {
    next_frontier_.clear();
    std::int64_t frontier_slots = 0;
    for (int l : frontier_) frontier_slots += end_[l] - begin_[l];
    if (frontier_slots * 8 > unreached_slots) {
      // Bottom up: an unreached node (matched, since free ones are layer 0) is reached if the
      // right node it is matched to has an edge ≥ threshold to this level.
      // Raw pointers: the stores to layer_ would otherwise make the compiler reload every
      // vector's data pointer at every slot of this, the matcher's hottest loop.
      const Weight* weight = rslot_weight_.data();
      const int* other = rslot_left_.data();
      int* layer = layer_.data();
      for (int p = 0; p < left; ++p) {
        if (layer[p] != -1) continue;
        const int r = slot_right_[match_left_[p]];
        for (int rs = rbegin_[r], end = rend_[r]; rs < end; ++rs)
          if (weight[rs] >= threshold && layer[other[rs]] == level) {
            layer[p] = level + 1;
            next_frontier_.push_back(p);
            break;
          }
      }
    } else {
      const Weight* weight = slot_weight_.data();
      const int* other = slot_right_.data();
      const int* partner = match_right_.data();
      int* layer = layer_.data();
      for (int l : frontier_)
        for (int s = begin_[l], end = end_[l]; s < end; ++s) {
          if (weight[s] < threshold) continue;
          const int p = partner[other[s]];
          if (p >= 0 && layer[p] < 0) {
            layer[p] = level + 1;
            next_frontier_.push_back(p);
          }
        }
    }
    for (int p : next_frontier_) unreached_slots -= end_[p] - begin_[p];
    reached += static_cast<int>(next_frontier_.size());
    frontier_.swap(next_frontier_);
  }
  // A free right node is reachable if one of its edges ≥ threshold leads to a reached node.
  for (int r = 0; r < right_count_; ++r) {
    if (match_right_[r] >= 0) continue;
    for (int rs = rbegin_[r]; rs < rend_[r]; ++rs)
      if (rslot_weight_[rs] >= threshold && layer_[rslot_left_[rs]] >= 0) return true;
  }
  return false;
}

template <class Weight>
bool BasicBipartiteMatcher<Weight>::dfs(int l, std::int64_t threshold) {
  const Weight* weight = slot_weight_.data();
  const int* other = slot_right_.data();
  const int below = layer_[l] + 1;
  for (int& s = next_[l]; s < end_[l]; ++s) {
    if (weight[s] < threshold) continue;
    const int r = other[s];
    const int p = match_right_[r];
    if (p >= 0 && (layer_[p] != below || !dfs(p, threshold))) continue;
    match_left_[l] = s;
    match_right_[r] = l;
    return true;
  }
  layer_[l] = -1;  // a dead end for the rest of this phase
  return false;
}

template class BasicBipartiteMatcher<std::int32_t>;
template class BasicBipartiteMatcher<std::int64_t>;

}  // namespace hetcoll
