#pragma once
/// @file hetreduce_family.hpp
/// @brief The `hetreduce` family: reductions on clusters of per-host transmission times
/// (Liu & Wang, IPDPS 2000): SNF, other EP orders, a binomial tree and the exact optimum.
#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Keys: processors, spread, slow-fraction, x, levels, cv (sweep axes; CSV columns with underscores),
/// cluster, times, order. Metric `ratio`: makespan over the replication's optimum (n ≤ 12) or
/// over a lower bound (larger n), mean and max.
const Family& hetreduce_family();

}  // namespace hetcoll
