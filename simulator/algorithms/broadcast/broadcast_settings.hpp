#pragma once
/// @file broadcast_settings.hpp
/// @brief The `broadcast` family's keys, read from a sweep point and checked once.
#include <memory>
#include <string>
#include <vector>

#include "algorithms/broadcast/grid_platform.hpp"
#include "algorithms/broadcast/inter_schedule.hpp"
#include "algorithms/broadcast/random_grid.hpp"
#include "algorithms/family.hpp"
#include "engine/probe.hpp"

namespace hetcoll {

/// @brief Longest delay (L, g, T, overhead), in seconds. Delays run as computations at the
/// timer resolution of 1e12 units/s (kAbstractRate, GridPlatformSpec::host_speed): 1e6 s, or
/// g + L = 2e6 s, stays below kMaxAmount (2^63 ≈ 9.2e18) units. A measured gap (message over
/// the slowest link) must stay below kMaxAmount / 1e12 ≈ 9.2e6 s too: checked per point.
inline constexpr double kLongestDelay = 1e6;
/// @brief Largest message and TCP window, in bytes (1 TiB).
inline constexpr double kMaxMessage = 1099511627776;
/// @brief Largest LAN bandwidth, in bytes/s (1 PB/s).
inline constexpr double kMaxBandwidth = 1e15;

/// @brief Every key of the family, resolved.
struct BroadcastSettings {
  int clusters = 0;          //!< C (random costs), or the count Lowekamp must find (0: any)
  double message = 0;        //!< m, bytes
  bool abstract = true;       //!< costs = random or given (abstract), or platform (measured)
  /// costs = given: the one instance every replication schedules (null: draw from `ranges`)
  std::shared_ptr<const GridCosts> given;
  double rho = 0.2;          //!< Lowekamp's tolerance
  int root = 0;              //!< root cluster (random) or root host (platform)
  std::string latency_file;  //!< host latency CSV (microseconds), platform costs
  int cluster_hosts = 0;     //!< without a latency file: one homogeneous cluster of this many hosts
  double cluster_latency = 50;  //!< latency between two of those hosts (microseconds)
  int hosts = 0;             //!< hosts of the platform (latency file or cluster)
  GridPlatformSpec platform; //!< how the platform is generated from the latency file
  double overhead = 0;       //!< pLogP g(0), seconds
  HeuristicOptions options;  //!< the open readings of docs/broadcast.md
  std::string intra;         //!< "best" or an executable strategy's name
  GridRanges ranges;         //!< Table 3 ranges, random costs
};

/// @brief Reads `point`; throws InputError naming the key for values out of range, a missing
/// or unreadable latency file, or a root that does not exist.
BroadcastSettings broadcast_settings(const Point& point);

/// @brief The host latency matrix of platform costs (microseconds): the latency file, or the
/// homogeneous cluster of `cluster_hosts` hosts.
LatencyMatrix broadcast_latencies(const BroadcastSettings& settings);

/// @brief Timer resolution of the abstract (random-cost) platform: hosts compute, and messages
/// travel, at this many units per second, so a delay of d seconds is d·1e12 whole units.
inline constexpr double kAbstractRate = 1e12;

/// @brief The abstract platform of C cluster coordinators: links fast enough that messages
/// capped at kAbstractRate never share them (SimGrid then times each alone, like the model).
Platform abstract_grid_platform(int clusters);

/// @brief Runner of abstract points (Steffenel §6): a fresh random instance per replication, or
/// the given one.
std::unique_ptr<PointRunner> make_random_grid_runner(const BroadcastSettings& settings,
                                                     const std::vector<std::string>& algorithms,
                                                     const Platform& platform, std::uint64_t seed);

/// @brief Runner of platform points (§7): measured latencies, Lowekamp clusters, measured pLogP,
/// best intra-cluster strategies, then one plan per heuristic, the same every replication. The
/// measurements are asked of `probe`, the run's (used only while the runner is built).
std::unique_ptr<PointRunner> make_platform_grid_runner(const BroadcastSettings& settings,
                                                       const std::vector<std::string>& algorithms,
                                                       const Platform& platform, Probe& probe);

}  // namespace hetcoll
