#pragma once
/// @file lowekamp.hpp
/// @brief Lowekamp's greedy partition of hosts into homogeneous logical clusters (Steffenel,
/// Algorithm 1; docs/broadcast.md).
#include <vector>

#include "algorithms/broadcast/support/latency_matrix.hpp"

namespace hetcoll {

/// @brief Logical clusters: host indices, each cluster ascending, clusters ordered by their
/// smallest host. Every host is in exactly one cluster.
using Clusters = std::vector<std::vector<int>>;

/// @brief Lowekamp's algorithm with tolerance `rho` (0.20 in the paper's listing, 0.30 for its
/// GRID5000 platform). Edges are taken in non-decreasing latency, ties in (a, b) order; an edge
/// (a, b) of weight x merges the subnets of a and b unless x exceeds (1 + rho) times the smallest
/// edge at a or at b, or (1 + rho) times the smallest edge already inside a's or b's subnet.
/// Hosts never merged stay singletons. O(n² log n). Throws InputError if rho is not in (0, 1].
Clusters lowekamp_clusters(const LatencyMatrix& latency, double rho);

/// @brief cluster_of[h] = index of h's cluster in `clusters`.
std::vector<int> cluster_index(const Clusters& clusters, int hosts);

}  // namespace hetcoll
