#pragma once
/// @file platform_checks.hpp
/// @brief Internal: the platform numbers SimGrid would abort on or loop forever with, refused as
/// InputError (one line naming the file and the host, link or host pair) before they are used.
#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
class Link;
}  // namespace simgrid::s4u

namespace hetcoll {

/// @brief A host must compute: positive, finite speed.
void check_host(const simgrid::s4u::Host& host, const std::string& file);

/// @brief There must be a route from `src` to `dst` (src != dst), and every link on it must
/// have a positive, finite bandwidth and a finite, non-negative latency.
///
/// "No route" is what SimGrid refuses when it starts a message: a route lookup that throws
/// (Floyd, Dijkstra, a missing route between zones), or an empty route without latency (a
/// Full zone without that <route>, cluster hosts without links).
void check_route(const simgrid::s4u::Host& src, const simgrid::s4u::Host& dst, const std::string& file);

/// @brief Throws InputError naming `file` and the link unless its bandwidth is positive and
/// finite and its latency finite and non-negative (what check_route() asks of every link).
void check_link(const simgrid::s4u::Link& link, const std::string& file);

/// @brief Checks `hosts` and routes among them before a simulation, in time linear in their number
/// beyond a few dozen hosts.
///
/// Every pair is checked up to kAllPairsHosts hosts. Beyond, each host's route to the next one
/// (in a ring) is: that covers every host's own links (its uplink as a sender, its downlink as
/// a receiver) in a cluster, and every host of a platform file given for a few hosts, while
/// n² route look-ups for 65536 hosts would take minutes. So is one pair of hosts for every two
/// zones (netzones holding the hosts; a ring of them beyond kAllPairsHosts zones): a missing
/// route between two zones is missing for all their hosts. The SimGrid engine checks every
/// other route the first time a message takes it, before starting the message.
void check_hosts_and_routes(const std::vector<simgrid::s4u::Host*>& hosts, const std::string& file);

/// @brief Up to this many hosts, check_hosts_and_routes() checks every pair.
inline constexpr int kAllPairsHosts = 64;

}  // namespace hetcoll
