#pragma once
/// @file reduce_family.hpp
/// @brief The `reduce` family: a reduction of one value per host to a root, on one cluster and
/// cost model (docs/reduce.md). It holds the non-clairvoyant algorithms of Benoit, Canon &
/// Marchal (RR-8315) and the clairvoyant planners of Liu & Wang (IPDPS 2000), so both run side
/// by side.
#include <vector>

#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Keys: processors, cv, ratio, spread, slow-fraction, x, levels, cluster-cv (sweep axes;
/// CSV columns with underscores), comm-mean, cluster, times, order. Metric `over_bound`:
/// makespan over the optimal EP makespan of the cluster at mean costs (n ≤ 12) or a lower bound
/// of it, mean and max.
const Family& reduce_family();

/// @brief The family's metrics, in the order of the runner's values: over_bound, sender_spread,
/// root, chosen (the algorithm a row ran, a word of reduce_choice_words()) and chosen_segment.
const std::vector<MetricSpec>& reduce_metrics();

}  // namespace hetcoll
