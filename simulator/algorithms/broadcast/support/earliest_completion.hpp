#pragma once
/// @file earliest_completion.hpp
/// @brief The ECEF family's rule (ECEF, ECEF-LA, ECEF-LAt, ECEF-LAT; docs/broadcast.md), step by
/// step in O(C log C) instead of a scan of A × B.
#include <optional>
#include <utility>

#include "algorithms/broadcast/support/best_senders.hpp"
#include "algorithms/broadcast/support/lookahead.hpp"

namespace hetcoll {

/// @brief argmin over i ∈ A, j ∈ B of RT_i + g_ij + L_ij + F_j (F = 0 without a lookahead), ties
/// to the smallest (i, j): the pair the scan of A × B in (i, j) order found, to the last bit.
///
/// Per receiver j, the least RT_i + g_ij + L_ij does not depend on F_j (BestSenders); the pair is
/// then the least (value, i, j) over the receivers, one pass over B a step.
class EarliestCompletion {
 public:
  explicit EarliestCompletion(std::optional<Lookahead::Rule> lookahead) : rule_(lookahead) {}

  /// @brief The loop's chooser: brings the structures up to date with the pair it chose last,
  /// then chooses.
  std::pair<int, int> next(const ScheduleState& state);

 private:
  std::optional<Lookahead::Rule> rule_;
  std::optional<BestSenders> senders_;
  std::optional<Lookahead> lookahead_;
  std::pair<int, int> last_{-1, -1};
};

}  // namespace hetcoll
