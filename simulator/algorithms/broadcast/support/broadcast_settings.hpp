#pragma once
/// @file broadcast_settings.hpp
/// @brief The `broadcast` family's keys, read from a sweep point and checked once.
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "algorithms/broadcast/support/grid_platform.hpp"
#include "algorithms/broadcast/support/inter_schedule.hpp"
#include "algorithms/broadcast/support/random_grid.hpp"
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

/// @brief Where a point's costs come from: key `costs`, and with costs = platform, what gives
/// the platform. Each key of the family applies to some of these only; a key that does not
/// apply is refused (docs/broadcast.md, "Which key applies to which costs").
enum class CostsMode {
  random,         //!< costs = random: L, g, T drawn per replication (Table 3)
  given,          //!< costs = given: the lists gaps, latencies, intra-times
  latency_file,   //!< costs = platform, generated from key latency-file
  one_cluster,    //!< costs = platform, one generated cluster of cluster-hosts hosts
  platform_file,  //!< costs = platform on the scenario's platform file (key platform)
};

/// @brief Every mode, in the order of the docs' table.
const std::vector<CostsMode>& costs_modes();
/// @brief The mode in words, as the docs' table heads its column and refusals name it
/// ("costs = platform, platform file").
std::string costs_mode_name(CostsMode mode);
/// @brief The mode of `point`; `platform_file` is true when the scenario names a platform file.
CostsMode costs_mode(const Point& point, bool platform_file);
/// @brief True if key `key` (of the family's table) applies to `mode`; throws std::logic_error
/// for a key the family does not have.
bool broadcast_key_applies(const std::string& key, CostsMode mode);

/// @brief Refuses (InputError naming it) the first key of the family that holds a value other
/// than its default, or with `written` that the scenario wrote, but applies to none of the modes
/// the point may be in: its own, or before the platform file is known (`platform_file` unset)
/// both modes of costs = platform without a latency file.
void refuse_keys_that_do_not_apply(const Point& point, std::optional<bool> platform_file,
                                   const std::set<std::string>& written = {});

/// @brief Every key of the family, resolved.
struct BroadcastSettings {
  int clusters = 0;          //!< C (random costs), or the count Lowekamp must find (0: any)
  double message = 0;        //!< m, bytes
  bool abstract = true;       //!< costs = random or given (abstract), or platform (measured)
  /// costs = given: the one instance every replication schedules (null: draw from `ranges`)
  std::shared_ptr<const GridCosts> given;
  double rho = 0.2;          //!< Lowekamp's tolerance
  int root = 0;              //!< root cluster (random) or root host (platform; a name: 0 until prepared)
  std::string latency_file;  //!< host latency CSV (microseconds), platform costs
  /// Without a latency file: one homogeneous cluster of this many hosts, or with a platform
  /// file the number of its hosts used (those key `hosts` selects, first ones first).
  int cluster_hosts = 0;
  double cluster_latency = 50;  //!< latency between two of those hosts (microseconds)
  CostsMode mode = CostsMode::random;  //!< where the costs come from
  int hosts = 0;             //!< hosts of the platform (latency file, cluster or platform file)
  GridPlatformSpec platform; //!< how the platform is generated from the latency file
  double overhead = 0;       //!< pLogP g(0), seconds
  double cv = 0;             //!< uncertainty of the execution (NoisyPolicy); 0: the nominal costs
  HeuristicOptions options;  //!< the open readings of docs/broadcast.md
  std::string intra;         //!< "best" or an executable strategy's name
  double segment = 0;        //!< the mpi-* rows' segment size, bytes (0: the whole message)
  int radix = 4;             //!< mpi-knomial's radix (key radix; kOmpiKnomialRadix by default)
  GridRanges ranges;         //!< Table 3 ranges, random costs
};

/// @brief Reads `point`; `platform_file`: whether the scenario names a platform file, known
/// once the point is prepared (the parser checks the point without it: keys that apply to
/// costs = platform with a file or without one pass until then). Throws InputError naming the
/// key for a key that does not apply to the point's CostsMode (a value other than its default:
/// the family sees values, not which keys a scenario wrote), values out of range, a missing or
/// unreadable latency file, or a root that does not exist.
BroadcastSettings broadcast_settings(const Point& point, std::optional<bool> platform_file = std::nullopt);

/// @brief The host latency matrix of a generated platform (microseconds): the latency file,
/// or the homogeneous cluster of `cluster_hosts` hosts.
LatencyMatrix broadcast_latencies(const BroadcastSettings& settings);

/// @brief The family's metrics, in the order record() fills them after the main value:
/// `predicted` (the framework's prediction, s), `prediction_error` ((simulated − predicted) /
/// simulated), `clusters_found` (the clusters scheduled: Lowekamp's on a platform, else C),
/// `chosen` (the algorithm run: a selector's choice, else the row itself; a word of
/// broadcast_chosen_words()), `chosen_segment` (the segment size an MPI library's algorithm cut
/// the message at, 0: whole; −1 for the other rows) and `root` (the source: a cluster, or a host
/// with costs = platform).
const std::vector<MetricSpec>& broadcast_metrics();

/// @brief (simulated − predicted) / simulated: positive when the prediction is optimistic; 0
/// when they differ by at most kSimultaneity (1e-9 s, engine/executor.hpp): the same instant to
/// both engines, and what is left is the rounding of the clock, which depends on where the
/// replication starts on it (and would make the metric depend on the other algorithms run).
/// Also 0 for a broadcast to nobody (0 s, predicted so).
double prediction_error(double simulated, double predicted);

/// @brief What PointRunner::record() writes for one algorithm of one replication: the simulated
/// value, then broadcast_metrics() in order.
void record_broadcast(double simulated, double predicted, int clusters, const std::string& chosen, double segment,
                      int root, double* metrics);
/// @brief The words of metric `chosen`: every row's name, then `mpich-binomial` (MPICH's binomial
/// tree, which the mpich selector runs and no row is).
const std::vector<std::string>& broadcast_chosen_words();

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
/// best intra-cluster strategies, then one plan per heuristic, the same every replication (its
/// messages drawn per replication when settings.cv > 0: the runner's noise()). The measurements
/// are asked of `probe`, the run's (used only while the runner is built).
std::unique_ptr<PointRunner> make_platform_grid_runner(const BroadcastSettings& settings,
                                                       const std::vector<std::string>& algorithms,
                                                       const Platform& platform, Probe& probe);

/// @brief The clusters Lowekamp finds among a platform point's hosts (§7), from the latencies
/// `probe` measures: the count the point's runner schedules.
int lowekamp_cluster_count(const BroadcastSettings& settings, Probe& probe);

}  // namespace hetcoll
