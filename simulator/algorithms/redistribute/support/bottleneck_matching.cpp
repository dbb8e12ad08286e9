// OGGP's bottleneck perfect matching (docs/redistribute.md, "Which matching"): a binary search
// over the distinct weights above the current perfect matching's minimum, up to the lightest of
// the nodes' heaviest edges (both kept up to date by the peels, matching.cpp). A failed test of
// the search leaves the matching as it was, so it needs no search at all once the largest
// feasible threshold is known: that is found first on a second matching kept across peels
// (largest_feasible_threshold), where a test usually succeeds at once and fails only on the
// peels where the threshold drops.
#include <algorithm>
#include <limits>

#include "algorithms/redistribute/support/matching.hpp"

namespace hetcoll {

template <class Weight>
std::int64_t BasicBipartiteMatcher<Weight>::heaviest_edge_bound() {
  // heaviest_ is exact where not stale and a lower bound where stale: a stale node is rescanned
  // only if its bound is below the minimum so far, since otherwise it cannot lower it.
  const int left = left_count();
  std::int64_t cap = std::numeric_limits<std::int64_t>::max();
  for (int v = 0; v < left + right_count_; ++v)
    if (!heaviest_stale_[v]) cap = std::min(cap, heaviest_[v]);
  for (int v = 0; v < left + right_count_; ++v) {
    if (!heaviest_stale_[v] || heaviest_[v] >= cap) continue;
    std::int64_t heaviest = 0;
    int count = 0;
    auto see = [&](std::int64_t w) {
      if (w > heaviest) {
        heaviest = w;
        count = 0;
      }
      if (w == heaviest && w > 0) ++count;
    };
    if (v < left)
      for (int s = begin_[v]; s < end_[v]; ++s) see(slot_weight_[s]);
    else
      for (int rs = rbegin_[v - left]; rs < rend_[v - left]; ++rs) see(rslot_weight_[rs]);
    heaviest_[v] = heaviest;
    at_heaviest_[v] = count;
    heaviest_stale_[v] = 0;
    cap = std::min(cap, heaviest);
  }
  return cap;
}

template <class Weight>
bool BasicBipartiteMatcher<Weight>::bottleneck() {
  if (!perfect()) return false;
  std::int64_t lo = smallest_matched();
  // No perfect matching can do better than the lightest "heaviest edge" of any node.
  const std::int64_t cap = heaviest_edge_bound();
  candidates_.clear();
  for (auto it = weight_count_.upper_bound(lo); it != weight_count_.end() && it->first <= cap; ++it)
    candidates_.push_back(it->first);
  if (candidates_.empty()) return true;
  const std::int64_t feasible = largest_feasible_threshold(lo);
  // Invariant: the current matching is perfect with minimum lo; every candidate in [a, b) is
  // above lo and undecided; candidates from b on are infeasible. A test above `feasible` would
  // fail and restore the matching: it is decided without running it.
  std::size_t a = 0, b = candidates_.size();
  while (a < b) {
    const std::size_t mid = a + (b - a) / 2;
    if (candidates_[mid] <= feasible) {
      augment(candidates_[mid]);  // succeeds: a perfect matching exists at this threshold
      lo = smallest_matched();
      a = static_cast<std::size_t>(std::upper_bound(candidates_.begin(), candidates_.end(), lo) - candidates_.begin());
    } else {
      b = mid;
    }
  }
  return true;
}

template <class Weight>
std::int64_t BasicBipartiteMatcher<Weight>::largest_feasible_threshold(std::int64_t lo) {
  // Works on a second matching, the witness, kept from peel to peel. The peels only take weight,
  // so the answer never grows: it is first sought from the previous answer down, on the witness
  // (a perfect matching at the previous answer that lost the few edges this peel took too much
  // from), which usually succeeds at once. Else the threshold is raised from the current
  // matching's minimum to the next candidate until a test fails or meets a known failure.
  match_left_.swap(witness_left_);
  match_right_.swap(witness_right_);
  std::int64_t feasible = lo, infeasible = feasible_bound_;  // candidates above `infeasible` fail
  bool decided = false;
  if (!match_left_.empty()) {
    auto top = std::upper_bound(candidates_.begin(), candidates_.end(), feasible_bound_);
    for (int failures = 0; top != candidates_.begin() && failures < 2;) {
      --top;
      if (repair(*top)) {
        feasible = *top;
        decided = true;
        break;
      }
      ++failures;
      infeasible = *top - 1;
    }
    if (top == candidates_.begin()) decided = true;  // every candidate up to the bound failed
  }
  if (!decided) {
    match_left_ = witness_left_;  // the current matching, whose minimum is lo
    match_right_ = witness_right_;
    for (;;) {
      const auto above = std::upper_bound(candidates_.begin(), candidates_.end(), feasible);
      if (above == candidates_.end() || *above > infeasible || !repair(*above)) break;
      feasible = smallest_matched();
    }
  }
  match_left_.swap(witness_left_);
  match_right_.swap(witness_right_);
  feasible_bound_ = feasible;
  return feasible;
}

template <class Weight>
bool BasicBipartiteMatcher<Weight>::repair(std::int64_t threshold) {
  // Only feasibility matters here, not which matching: one augmenting path per free node, each
  // searched breadth-first and stopped at the first free right node. A free node without one
  // proves that no perfect matching exists (its path in the symmetric difference with a perfect
  // matching would be one).
  const int left = left_count();
  for (int& s : match_left_) {
    if (s < 0 || slot_weight_[s] >= threshold) continue;
    match_right_[slot_right_[s]] = -1;
    s = -1;
  }
  for (int u = 0; u < left; ++u) {
    if (match_left_[u] >= 0) continue;
    if (++search_stamp_ == std::numeric_limits<int>::max()) {  // stamps wrap: start them over
      std::fill(seen_.begin(), seen_.end(), 0);
      search_stamp_ = 1;
    }
    frontier_.clear();
    frontier_.push_back(u);
    seen_[u] = search_stamp_;
    bool found = false;
    for (std::size_t i = 0; i < frontier_.size() && !found; ++i) {
      const int l = frontier_[i];
      for (int s = begin_[l]; s < end_[l]; ++s) {
        if (slot_weight_[s] < threshold) continue;
        const int p = match_right_[slot_right_[s]];
        if (p < 0) {
          // Flip the path back to u: each node takes the slot that reached the next one.
          for (int at = l, slot = s;;) {
            match_left_[at] = slot;
            match_right_[slot_right_[slot]] = at;
            if (at == u) break;
            slot = via_slot_[at];
            at = via_left_[at];
          }
          found = true;
          break;
        }
        if (seen_[p] == search_stamp_) continue;
        seen_[p] = search_stamp_;
        via_slot_[p] = s;
        via_left_[p] = l;
        frontier_.push_back(p);
      }
    }
    if (!found) return false;
  }
  return true;
}

template <class Weight>
std::int64_t BasicBipartiteMatcher<Weight>::smallest_matched() const {
  std::int64_t smallest = std::numeric_limits<std::int64_t>::max();
  for (int s : match_left_)
    if (s >= 0) smallest = std::min<std::int64_t>(smallest, slot_weight_[s]);
  return smallest;
}

// The members defined here, for the two storages matching.cpp instantiates the class with.
template std::int64_t BasicBipartiteMatcher<std::int32_t>::heaviest_edge_bound();
template bool BasicBipartiteMatcher<std::int32_t>::bottleneck();
template std::int64_t BasicBipartiteMatcher<std::int32_t>::largest_feasible_threshold(std::int64_t lo);
template bool BasicBipartiteMatcher<std::int32_t>::repair(std::int64_t threshold);
template std::int64_t BasicBipartiteMatcher<std::int32_t>::smallest_matched() const;
template std::int64_t BasicBipartiteMatcher<std::int64_t>::heaviest_edge_bound();
template bool BasicBipartiteMatcher<std::int64_t>::bottleneck();
template std::int64_t BasicBipartiteMatcher<std::int64_t>::largest_feasible_threshold(std::int64_t lo);
template bool BasicBipartiteMatcher<std::int64_t>::repair(std::int64_t threshold);
template std::int64_t BasicBipartiteMatcher<std::int64_t>::smallest_matched() const;

}  // namespace hetcoll
