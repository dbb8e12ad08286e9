#pragma once
/// @file lookahead.hpp
/// @brief The ECEF lookahead F_j (ECEF-LA, ECEF-LAt, ECEF-LAT; docs/broadcast.md), kept up to
/// date as B shrinks instead of recomputed over B × B every step.
#include <vector>

#include "algorithms/broadcast/support/inter_schedule.hpp"

namespace hetcoll {

/// @brief F_j = best over k ∈ B∖{j} of g_jk + L_jk [+ T_k], the least or the largest; 0 when
/// B = {j}.
///
/// Why a heap per cluster of B: B only loses clusters, so F_j changes only when its best k leaves
/// B; a heap of B∖{j} ordered by the value pops the clusters that left, lazily, when they reach
/// its top. Building every heap costs O(C²) and each cluster leaves each heap once:
/// O(C² log C) a schedule at worst, a few pops a step in practice. The heaps share one buffer of
/// C − 1 indices per cluster (36 MB at C = 3,000): one allocation, not C.
class Lookahead {
 public:
  struct Rule {
    bool adds_intra_time = false;  //!< g_jk + L_jk + T_k (ECEF-LAt, ECEF-LAT) instead of g_jk + L_jk
    bool takes_largest = false;    //!< the maximum (ECEF-LAT) instead of the minimum
  };

  /// @brief F at the first step (A = {root}).
  Lookahead(const ScheduleState& state, Rule rule);

  /// @brief After `reached` left B. `state` is the loop's state after that step.
  void record(const ScheduleState& state, int reached);

  /// @brief F_j for j ∈ B, the same number the scan over B∖{j} found.
  double at(int j) const { return value_[j]; }

 private:
  double term(const ScheduleState& state, int j, int k) const;
  int* heap(int j) { return next_.data() + static_cast<std::size_t>(j) * stride_; }
  void settle(const ScheduleState& state, int j);

  Rule rule_;
  std::size_t stride_;                  //!< C − 1
  std::vector<int> next_;               //!< j's heap at j·stride_: B∖{j} (and clusters gone, not popped yet)
  std::vector<std::size_t> size_;       //!< by j
  std::vector<char> waiting_;           //!< in B
  std::vector<double> value_;           //!< F_j
};

}  // namespace hetcoll
