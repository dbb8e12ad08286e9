#pragma once
/// @file factories.hpp
/// @brief The factory of each reduction algorithm (one per file), for registry.cpp and tests.
#include <memory>

#include "algorithms/reduction/registry.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_binomial_stat(const ReductionSetup& setup);
std::unique_ptr<Policy> make_fibonacci_stat(const ReductionSetup& setup);
std::unique_ptr<Policy> make_tree_dyn(const ReductionSetup& setup);
std::unique_ptr<Policy> make_non_commut_tree_dyn(const ReductionSetup& setup);

/// @brief Checks a setup (n ≥ 1, costs set) and returns where its costs are drawn from.
/// Throws InputError if n < 1 and std::invalid_argument if costs is null.
CostDraws* reduction_draws(const ReductionSetup& setup);

}  // namespace hetcoll
