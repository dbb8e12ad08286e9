#pragma once
/// @file grid_platform.hpp
/// @brief A hierarchical platform (one zone per cluster, WAN links between zones) generated from a
/// host latency matrix, such as the GRID5000 machines of Steffenel's Table 4.
#include "algorithms/broadcast/support/latency_matrix.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief What a latency matrix does not say: bandwidths, host speed, the matrix's unit.
struct GridPlatformSpec {
  double lan_bandwidth = 1.25e8;  //!< bytes/s of every host's up and down link (1 Gbit/s)
  /// Bytes a TCP connection keeps in flight: a WAN link between zones at round-trip time RTT
  /// carries at most window / RTT bytes/s (and never more than the LAN).
  double wan_window = 65536;
  /// flops/s. Hosts compute nothing in a broadcast; the speed is the resolution (1 ps) of the
  /// delays that model a sender's pLogP gap.
  double host_speed = 1e12;
  double latency_unit = 1e-6;     //!< seconds per unit of the matrix (microseconds, as Table 4)
};

/// @brief The platform of a latency matrix: hosts p0..p(n−1), zones = classes of hosts that see
/// the same latency to every other host (for Table 4 expanded, its 6 clusters), numbered by their
/// smallest host.
///
/// A host's up and down links have the LAN bandwidth and half its zone's internal latency
/// each (0 in a one-host zone); the WAN link of zones a ≠ b has the latency that makes a route's
/// total equal the matrix entry, and bandwidth min(LAN, window / (2 · latency)). So every route
/// latency equals the matrix entry (up to rounding). Throws InputError naming `source` if a WAN
/// link would need a negative latency.
Platform grid_platform(const LatencyMatrix& latency, const GridPlatformSpec& spec, const std::string& source);

/// @brief zone[h] of every host under the rule above.
std::vector<int> equivalent_host_zones(const LatencyMatrix& latency);

}  // namespace hetcoll
