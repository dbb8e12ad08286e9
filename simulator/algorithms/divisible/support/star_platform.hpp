#pragma once
/// @file star_platform.hpp
/// @brief The star as a platform: host 0 is the master, host i+1 worker i; the route from the
/// master to a worker gives c_i, the route back d_i, the worker's speed w_i.
#include <vector>

#include "algorithms/divisible/support/star.hpp"
#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Bytes and flops in one load unit on the built-in star: a worker with c_i = 1 has a
/// 1e12 B/s link. Large units keep the rounding of loads to whole bytes and flops below 1e-12 s
/// per operation, so a schedule for T = 1 ends at 1 to 1e-9 on both engines.
inline constexpr double kStarUnit = 1e12;

/// @brief What each worker's operations run at: bandwidth of the route from the master
/// (`down`) and back (`up`) in bytes/s, and the worker's speed in flops/s.
struct StarRates {
  std::vector<double> down, up, speed;
};

/// @brief The built-in star: hosts p0 (master), p1..pp; worker i's down link carries kStarUnit/c_i
/// bytes/s with latency L_i, its up link kStarUnit/d_i (kStarUnit if d_i = 0) with latency L'_i,
/// its host computes kStarUnit/w_i flops/s; the master's two links are as fast as the fastest
/// worker link, without latency, so a route's bottleneck is always the worker's link. The
/// family's own stars (lists, random) have no latency; tests write stars with latency to files.
Platform star_platform(const Star& star);

/// @brief Link settings that turn a star_platform of p workers into one for `star` (a star
/// drawn per replication): links only, since SimGrid 3.32 cannot change a host's speed.
std::vector<LinkSetting> star_link_settings(const Star& star);

/// @brief Rates of `star` on star_platform links (set directly or by star_link_settings) with
/// hosts of speeds `speeds` (worker i's host is speeds[i + 1]).
StarRates star_rates(const Star& star, const std::vector<double>& speeds);

/// @brief Bytes in one load unit sent to a worker of a platform file when key `message` is not
/// given: 8 MiB, the reduce family's value size, a fixed size whatever the file's links.
inline constexpr double kDefaultDivisibleMessage = 8388608;

/// @brief The star of a platform read from a file (routes known): the master is host hosts[0]
/// and worker i host hosts[i + 1] (empty `hosts`: host i, the master host 0);
/// c_i = message / bandwidth(master → worker), d_i = z·message / bandwidth(worker → master),
/// w_i = wc_ratio·S / speed, L_i = latency(master → worker), L'_i = latency(worker → master),
/// with S the platform's fastest host (Platform::reference_speed): a load unit is `message`
/// bytes sent, z·message bytes returned and wc_ratio·S flops computed (docs/divisible.md).
/// Rates are the routes' bandwidths and the hosts' speeds, so an operation carries
/// load × message (× z) bytes or load × wc_ratio·S flops.
Star star_from_routes(const Platform& platform, int workers, double message, double z, double wc_ratio,
                      StarRates& rates, const std::vector<int>& hosts = {});

}  // namespace hetcoll
