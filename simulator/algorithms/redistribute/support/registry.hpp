#pragma once
/// @file registry.hpp
/// @brief The table of redistribution algorithms (Jeannot & Wagner; docs/redistribute.md):
/// drivers, the CLI's list and the tests iterate over it; no code elsewhere branches on algorithm
/// names.
#include <cstdint>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/redistribute/support/redistribution_policy.hpp"

namespace hetcoll {

/// @brief One row of the table, built by name: `RedistributionAlgorithm("ggp").description(...)
/// .reference(...).make(make_ggp)`, with the family's own steps below, which describe the
/// algorithm (the runner reads none of them: it runs every row through `make`).
class RedistributionAlgorithm
    : public AlgorithmRow<RedistributionAlgorithm, RedistributionSetup, RedistributionPolicy> {
 public:
  /// An upper bound of a search's work on any instance of that many messages, heaviest weight,
  /// k and ports.
  using WorkBound = double (*)(double messages, double heaviest, double k, double ports);

  using AlgorithmRow::AlgorithmRow;

  /// A search sized by its instance (exact): `bound` bounds its work on any instance of a
  /// point's size, and `most` is the most it does (its factory refuses more). The family leaves
  /// it out of a point whose instances may need more (Family::algorithm_limit).
  RedistributionAlgorithm& work_limit(WorkBound bound, std::uint64_t most) {
    work_bound_ = bound;
    max_work_ = most;
    return *this;
  }
  /// Its schedules ignore k and δ (all-at-once): they are no step schedules, and no bound of
  /// the step model holds for them.
  RedistributionAlgorithm& ignores_limits() {
    ignores_limits_ = true;
    return *this;
  }
  /// Its value is computed from the instance, not simulated (the lower bound): its policy starts
  /// nothing and says the value.
  RedistributionAlgorithm& analytic() {
    analytic_ = true;
    return *this;
  }

  WorkBound work_bound() const { return work_bound_; }  //!< null: it runs any instance
  std::uint64_t max_work() const { return max_work_; }  //!< 0 without a work limit
  bool ignores_limits() const { return ignores_limits_; }
  bool analytic() const { return analytic_; }

 private:
  WorkBound work_bound_ = nullptr;
  std::uint64_t max_work_ = 0;
  bool ignores_limits_ = false;
  bool analytic_ = false;
};

/// @brief All redistribution algorithms, in a fixed order.
const AlgorithmTable<RedistributionAlgorithm>& redistribution_algorithms();

}  // namespace hetcoll
