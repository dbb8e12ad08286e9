#pragma once
/// @file plogp_measure.hpp
/// @brief The simulator's own measurements of a platform, as Steffenel's framework takes them
/// (§4.1): latencies between every pair of hosts for the clustering, and pLogP parameters.
///
/// Both ask the run's Probe (either engine) for ping-pongs, one at a time, so nothing else is in
/// flight: a message of s bytes from a to b takes t(s) = RTT(s)/2.
#include <utility>
#include <vector>

#include "algorithms/broadcast/latency_matrix.hpp"
#include "algorithms/broadcast/plogp.hpp"
#include "engine/probe.hpp"

namespace hetcoll {

/// @brief One-way latencies (seconds) between hosts 0..hosts−1: half the round-trip time of an
/// empty message, each pair pinged once: one call of `probe`.
LatencyMatrix ping_latencies(Probe& probe, int hosts);

/// @brief pLogP of each pair (a, b): ping-pongs of 0 and 2^i bytes up to the first power of two
/// ≥ max_bytes; L = t(0) and g(s) = overhead + t(s) − t(0), where `overhead` (g(0), the
/// sender's per-message cost) is not a property of the platform but of the software. One call
/// of `probe`.
std::vector<PLogP> measure_plogp(Probe& probe, const std::vector<std::pair<int, int>>& pairs, double max_bytes,
                                 double overhead);

}  // namespace hetcoll
