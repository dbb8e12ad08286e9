#pragma once
/// @file cluster.hpp
/// @brief Clusters of the reduce family (Liu & Wang's model): per-host transmission times t(p), the
/// laws they are drawn from, and their mapping onto a SimGrid platform.
///
/// A value is `message` bytes (key `message`) and host p's UP link has bandwidth message / t(p),
/// so sending it takes exactly t(p) on either engine (docs/design.md, principle 2); DOWN links
/// are faster than any UP link, so the receiver never slows a message down. All latencies are 0.
#include <string>
#include <vector>

#include "core/random.hpp"
#include "engine/activity.hpp"
#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Default size of one value (key `message`), in bytes: 8 MiB, one second on the ideal
/// cluster's links (2^23 B/s), the unit of cost before the key existed.
inline constexpr double kDefaultMessageBytes = 8388608;

/// @brief Drawn times are rounded to multiples of this (2^-20 s, about 1 µs) and are at least
/// this: sums of such times are exact in floating point, so simultaneous completions are
/// exactly simultaneous and distinct dates are at least 1 µs apart (far above kSimultaneity).
inline constexpr double kTimeGrid = 0x1.0p-20;

/// @brief Range of a transmission time t(p), given or read from a file (seconds). Below 1e-7 s
/// (the 0.1 µs grid both engines cut batches on) distinct completions could fall within one
/// instant; beyond 1e6 s a makespan of many hosts stops being exact on the grid of drawn times.
inline constexpr double kShortestTime = 1e-7;
inline constexpr double kLongestTime = 1e6;
/// @brief Largest exponent of power-of-two times: 2^20 s, about kLongestTime.
inline constexpr double kLongestLevel = 20;
/// @brief Largest CV of gamma times: a draw reaches 350·CV² (gamma_draw_bound), under
/// kLongestTime for CV ≤ 50.
inline constexpr double kLargestTimeCv = 50;

/// @brief How a point's transmission times are obtained.
enum class ClusterKind {
  platform,      //!< the platform as it is (the ideal cluster, or a file's own links): every t(p) = 1
  times,         //!< the list `times` (host p has times[p])
  file,          //!< read from the platform file's `<host>_UP` links
  uniform,       //!< drawn per replication: U[1, spread]
  two_type,      //!< round(slow-fraction · n) hosts of time x at random places, the others 1
  power_of_two,  //!< drawn per replication: 2^k, k uniform in {0, ..., levels}
  gamma,         //!< drawn per replication: gamma law of mean 1 and CV `cluster-cv`
};

/// @brief The word of each kind as the `cluster` key spells it, in ClusterKind order.
const std::vector<std::string>& cluster_words();

/// @brief The kind named `word` (one of cluster_words(); throws std::invalid_argument otherwise).
ClusterKind cluster_kind(const std::string& word);

/// @brief True for the kinds drawn anew for every replication.
bool is_drawn(ClusterKind kind);

/// @brief Parameters of the laws of drawn clusters.
struct ClusterLaw {
  ClusterKind kind = ClusterKind::uniform;
  int processors = 2;
  double spread = 4;          //!< uniform: times in [1, spread]
  double slow_fraction = 0.5; //!< two-type: share of slow hosts (rounded to a count)
  double x = 2;               //!< two-type: time of a slow host (fast ones take 1)
  int levels = 3;             //!< power-of-two: largest exponent
  double cv = 1;              //!< gamma: coefficient of variation (mean 1)
};

/// @brief Times of one replication of a drawn cluster, from `stream` (quantised to kTimeGrid,
/// except two-type and power-of-two, whose times are exact already).
std::vector<double> draw_times(const ClusterLaw& law, RandomStream& stream);

/// @brief `t` rounded to the nearest multiple of kTimeGrid, and at least kTimeGrid.
double quantise_time(double t);

/// @brief The platform of a cluster: hosts p0..p(n-1) with UP bandwidth message / t(p) and
/// DOWN links as fast as the fastest possible UP link (no latency anywhere).
Platform cluster_platform(const std::vector<double>& times, double message);

/// @brief The UP links of hosts 0..n-1 of `platform` (a generated cluster's: every host has one),
/// as indices in its links: all a drawn cluster needs of it per replication (a runner keeps
/// these, not the platform).
std::vector<int> uplinks(const Platform& platform, int n);

/// @brief Link settings that give the hosts whose UP links are `uplinks` (indices) the times
/// `times` for values of `message` bytes.
void set_uplinks(const std::vector<int>& uplinks, const std::vector<double>& times, double message,
                 std::vector<LinkSetting>& settings);

/// @brief True if each of hosts 0..n-1 has a link `<host>_UP` (hetcoll platform --times writes
/// them) and no other link can slow a message down: then uplink_times() reads Liu & Wang's model
/// exactly, and the routes give the same times.
bool has_uplinks(const Platform& platform, int n);

/// @brief Times of hosts 0..n-1 read from `<host>_UP` links: latency + message / bandwidth.
///
/// Throws InputError (naming `where`) if a host has no such link, or if another link could
/// slow a message down (latency, or less bandwidth than the fastest used UP link): then a
/// message would not take t(sender), the model's assumption.
std::vector<double> uplink_times(const Platform& platform, int n, double message, const std::string& where);

/// @brief Times of a message of `bytes` bytes from each of hosts 0..n-1 over its `<host>_UP` link
/// (latency + bytes / bandwidth), on a platform where has_uplinks() holds: what each message
/// lasts there, since a latency does not scale with the message's size.
std::vector<double> uplink_message_times(const Platform& platform, int n, double bytes);

/// @brief What route_times() derives from a platform's routes.
struct RouteTimes {
  std::vector<double> times;  //!< t(p): the mean over q ≠ p of latency + message / bandwidth of p → q
  /// max over p of max_q / min_q of those route times: 1 when every receiver is equally fast,
  /// as Liu & Wang's model assumes.
  double sender_spread = 1;
};

/// @brief Times of hosts 0..n-1 of any platform with a route table (Platform::route): t(p) is
/// the mean time of a value of `message` bytes from p to the other hosts alone on the network.
/// Throws InputError (naming `where`) for a time outside [kShortestTime, kLongestTime].
RouteTimes route_times(const Platform& platform, int n, double message, const std::string& where);

/// @brief For each of hosts 0..n-1 of a platform with a route table, the time of a message of
/// `bytes` bytes alone on its fastest route to another of them (latency + bytes / bandwidth): no
/// message from that host lasts less on either engine, links shared or not.
std::vector<double> fastest_route_times(const Platform& platform, int n, double bytes);

/// @brief Parses a list of times such as "10,5,5" (commas or spaces); throws InputError naming
/// `where` and `key` unless there are at least 2 times, all in [kShortestTime, kLongestTime].
std::vector<double> parse_times(const std::string& text, const std::string& key, const std::string& where);

/// @brief `hetcoll platform --times T1,T2,... [N] [--message BYTES]`: the platform of those
/// times for values of `message_text` bytes (default kDefaultMessageBytes; N, if given, must be
/// their count); InputError naming the command line otherwise.
Platform times_platform(const std::string& times_text, const std::string& hosts_text,
                        const std::string& message_text = "");

/// @brief Checks a list of times: at least 2, all in [kShortestTime, kLongestTime] (InputError
/// naming `where`, if not empty, and `key`).
void check_times(const std::vector<double>& times, const std::string& key, const std::string& where);

}  // namespace hetcoll
