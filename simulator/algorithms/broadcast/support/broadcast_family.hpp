#pragma once
/// @file broadcast_family.hpp
/// @brief The `broadcast` family: grid-aware broadcast with logical clusters, pLogP intra-cluster
/// strategies and inter-cluster heuristics (Steffenel, INRIA RR inria-00116897, 2006).
#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Keys: clusters and message (sweep axes and CSV columns), costs (random or platform),
/// the latency file and bandwidths of platform costs, Table 3 ranges of random costs, and the
/// open readings of the heuristics. Value: completion time (s); metric `predicted`.
const Family& broadcast_family();

}  // namespace hetcoll
