#pragma once
/// @file random_grid.hpp
/// @brief Random inter-cluster instances of Steffenel's simulations (§6, Table 3; draws as in
/// docs/broadcast.md).
#include "algorithms/broadcast/support/inter_schedule.hpp"
#include "core/random.hpp"

namespace hetcoll {

/// @brief Uniform ranges of L, g and T, in seconds (Table 3: 1–15 ms, 100–600 ms, 20–3000 ms).
struct GridRanges {
  double latency_min = 0.001, latency_max = 0.015;
  double gap_min = 0.1, gap_max = 0.6;
  double intra_min = 0.02, intra_max = 3.0;
};

/// @brief One instance of C clusters rooted at `root`: L_ij and g_ij drawn once per unordered
/// pair (symmetric), T_c once per cluster (the paper does not say; docs/broadcast.md). Draw order:
/// every L_ij (i < j, row by row), then every g_ij, then T_0 … T_(C−1), so an instance depends only
/// on the stream and C.
GridCosts draw_grid(int clusters, int root, const GridRanges& ranges, RandomStream& stream);

}  // namespace hetcoll
