#pragma once
/// @file reduce_family.hpp
/// @brief The `reduce` family: a reduction of one value per host to a root, on one cluster and
/// cost model (docs/reduce.md). It holds the non-clairvoyant algorithms of Benoit, Canon &
/// Marchal (RR-8315), the clairvoyant planners of Liu & Wang (IPDPS 2000) and the MPI
/// libraries' reduce algorithms and selections, so all run side by side.
#include <vector>

#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Keys: processors, cv, ratio, spread, slow-fraction, x, levels, cluster-cv, message,
/// segment (sweep axes; CSV columns with underscores), comm-mean, cluster, times, order, root.
/// Metrics: reduce_metrics().
const Family& reduce_family();

/// @brief The family's metrics, in the order of the runner's values: over_bound, sender_spread,
/// root, chosen (the algorithm a row ran, a word of reduce_choice_words()) and chosen_segment.
const std::vector<MetricSpec>& reduce_metrics();

}  // namespace hetcoll
