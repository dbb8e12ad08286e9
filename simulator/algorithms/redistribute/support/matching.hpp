#pragma once
/// @file matching.hpp
/// @brief Perfect and bottleneck perfect matchings of a weighted bipartite graph whose weights
/// shrink over time (the peeling of GGP and OGGP, docs/redistribute.md).
///
/// The matching is kept between calls: after a peel only the edges whose weight reached 0 leave
/// it, so Hopcroft–Karp starts from an almost perfect matching and needs few phases. Which
/// matching it returns is fixed by the procedure (free nodes in order, edges in edge order,
/// layers from a breadth-first search of the whole alternating graph), and the schedules of GGP,
/// OGGP and DGGP depend on it: everything that only makes it faster keeps that procedure's
/// result (test_redistribution_peeling.cpp checks every matching against an enumeration).
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

namespace hetcoll {

/// @brief Matchings on a fixed bipartite graph of `left` × `right` nodes whose edge weights
/// only decrease (take_from_matched); an edge of weight 0 is absent.
///
/// `Weight` is how the edges' weights are stored: the scans of a Hopcroft–Karp phase read them
/// for every edge, so 32 bits, where every weight fits, read a third less memory than 64 (DGGP
/// at 1,000 + 1,000 nodes: 10 % less time). Thresholds and peels are 64-bit either way.
template <class Weight>
class BasicBipartiteMatcher {
 public:
  /// `edge_left[e]`, `edge_right[e]`, `weight[e]`: edge e (weights are copied; each must fit in
  /// `Weight`, or std::invalid_argument).
  BasicBipartiteMatcher(int left, int right, const std::vector<int>& edge_left, const std::vector<int>& edge_right,
                        const std::vector<std::int64_t>& weight);

  /// Makes the matching perfect on the edges of weight ≥ 1, keeping the current matched edges
  /// that are still present, with augmenting paths scanned in node and edge order (GGP's "any
  /// perfect matching"). Returns false if no perfect matching exists.
  bool perfect();

  /// A perfect matching whose smallest weight is as large as possible (OGGP): perfect(), then a
  /// binary search on the distinct weights above its minimum, each successful test warm-started
  /// from the best matching found so far. Returns false if no perfect matching exists.
  bool bottleneck();

  /// Edge matched to left node `l`, or -1.
  int edge_of(int l) const { return match_left_[l] < 0 ? -1 : slot_edge_[match_left_[l]]; }
  /// Weight left on the edge matched to left node `l` (which must be matched).
  std::int64_t matched_weight(int l) const { return slot_weight_[match_left_[l]]; }
  /// The peel: takes `d` units from every matched edge (each must hold at least d).
  void take_from_matched(std::int64_t d);
  int left_count() const { return static_cast<int>(match_left_.size()); }

 private:
  /// Drops matched edges lighter than `threshold`, then augments with edges ≥ threshold.
  bool augment(std::int64_t threshold);
  bool bfs(std::int64_t threshold);
  bool dfs(int l, std::int64_t threshold);
  /// The largest threshold that admits a perfect matching (the bottleneck value; at least `lo`,
  /// the current perfect matching's minimum), found on a second matching: the binary search then
  /// runs only the tests that succeed.
  std::int64_t largest_feasible_threshold(std::int64_t lo);
  /// Whether a perfect matching exists on the edges ≥ threshold, the current matching repaired
  /// towards one (any one: only used on a copy).
  bool repair(std::int64_t threshold);
  std::int64_t smallest_matched() const;
  /// Smallest over the nodes of their heaviest present edge: no perfect matching does better.
  std::int64_t heaviest_edge_bound();
  void weight_drops(int node, std::int64_t from, std::int64_t d);
  void compact();

  int right_count_ = 0;
  // Left adjacency (CSR) in edge order; slots of absent edges stay until compact() drops them.
  std::vector<int> begin_, end_;
  std::vector<int> slot_right_, slot_edge_, slot_mirror_;  // mirror: the same edge's right slot
  std::vector<Weight> slot_weight_;
  // Right adjacency (CSR), for the bottom-up levels of the breadth-first search.
  std::vector<int> rbegin_, rend_;
  std::vector<int> rslot_left_;
  std::vector<Weight> rslot_weight_;
  std::int64_t live_slots_ = 0, dead_slots_ = 0;

  std::vector<int> match_left_;   // slot matched to each left node, or -1
  std::vector<int> match_right_;  // left node matched to each right node, or -1
  std::vector<int> layer_;        // BFS layer of each left node (Hopcroft–Karp)
  std::vector<int> next_;         // next slot to try from each left node in dfs
  std::vector<int> frontier_, next_frontier_;

  std::map<std::int64_t, int> weight_count_;      // present edges per weight
  std::vector<std::int64_t> heaviest_;  // per node (left, then right): heaviest present edge, or a
                                        // lower bound of it when stale
  std::vector<int> at_heaviest_;        // how many present edges weigh heaviest_ (if not stale)
  std::vector<char> heaviest_stale_;    // heaviest_ is only a lower bound
  std::vector<std::int64_t> taken_;     // take_from_matched(): the matched weights before the peel
  std::vector<std::int64_t> candidates_;
  std::vector<int> witness_left_, witness_right_;  // largest_feasible_threshold()'s own matching
  std::int64_t feasible_bound_ = std::numeric_limits<std::int64_t>::max();  // the previous peel's answer
  std::vector<int> seen_, via_slot_, via_left_;  // repair(): search stamps and the path's links
  int search_stamp_ = 0;
};

extern template class BasicBipartiteMatcher<std::int32_t>;
extern template class BasicBipartiteMatcher<std::int64_t>;

/// Any weights.
using BipartiteMatcher = BasicBipartiteMatcher<std::int64_t>;
/// Weights below 2^31 (peel() takes it when its largest weight, R, is).
using CompactBipartiteMatcher = BasicBipartiteMatcher<std::int32_t>;

}  // namespace hetcoll
