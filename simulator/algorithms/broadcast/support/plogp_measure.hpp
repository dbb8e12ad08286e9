#pragma once
/// @file plogp_measure.hpp
/// @brief The simulator's own measurements of a platform, as Steffenel's framework takes them
/// (§4.1): latencies between every pair of hosts for the clustering, and pLogP parameters.
///
/// Both ask the run's Probe (either engine) for ping-pongs, one at a time, so nothing else is in
/// flight: a message of s bytes from a to b takes t(s) = RTT(s)/2.
#include <utility>
#include <vector>

#include "algorithms/broadcast/support/latency_matrix.hpp"
#include "algorithms/broadcast/support/plogp.hpp"
#include "engine/probe.hpp"

namespace hetcoll {

/// @brief One-way latencies (seconds) between hosts 0..hosts−1: half the round-trip time of an
/// empty message, each pair pinged once: one call of `probe`.
LatencyMatrix ping_latencies(Probe& probe, int hosts);

/// @brief The sizes pLogP is measured at for a message of `message` bytes (≥ 1): 0 and
/// ⌈m / 2^i⌉ for i = ⌊log2 m⌋ … 0, ascending: the message actually sent, and every segment
/// size the segment search of Table 1 tries (m/2^i, rounded up to whole bytes). For m = 2^k
/// these are 0, 1, 2, 4, …, m.
std::vector<double> plogp_sizes(double message);

/// @brief pLogP of each pair (a, b): ping-pongs of every size of plogp_sizes(message);
/// L = t(0) and g(s) = overhead + t(s) − t(0), where `overhead` (g(0), the sender's
/// per-message cost) is not a property of the platform but of the software. g(m), the gap of
/// the message sent between the pair, is thus measured, not interpolated. One call of `probe`.
std::vector<PLogP> measure_plogp(Probe& probe, const std::vector<std::pair<int, int>>& pairs, double message,
                                 double overhead);

}  // namespace hetcoll
