#pragma once
/// @file platform.hpp
/// @brief Engine-agnostic description of a platform: hosts, links and routes.
///
/// The model engine times activities on it (without sharing: it stops where flows would share a
/// link, docs/design.md); generators build it and write it as SimGrid XML for the SimGrid engine
/// (platform/simgrid_xml.hpp), so both engines see the same numbers. Routes have a fixed shape
/// that covers every platform hetcoll generates: src's uplink, the links between the two hosts'
/// zones (a backbone, a WAN link), dst's downlink. A route table extracted from any SimGrid file
/// can replace that shape.
#include <cstddef>
#include <string>
#include <vector>

namespace hetcoll {

/// @brief A network link as SimGrid sees it. Its SimGrid id is Platform::link_name().
struct LinkSpec {
  double bandwidth = 0;    //!< bytes per second
  double latency = 0;      //!< seconds
  /// SimGrid shares the bandwidth among the flows crossing the link (sharing policy SHARED, and
  /// each direction of a SPLITDUPLEX link); false for FATPIPE, where every flow may use all of
  /// it. The model engine stops when the flows on a shared link need more than its bandwidth.
  bool shared = true;
};

/// @brief A host with its private links. Its SimGrid id is Platform::host_name().
struct HostSpec {
  double speed = 0;        //!< flops per second
  int up = -1;             //!< index of the link its outgoing messages take first (-1: none)
  int down = -1;           //!< index of the link its incoming messages take last (-1: none)
  int zone = 0;            //!< cluster index; routes between zones cross `between` links
};

/// @brief Latency and bottleneck bandwidth of the route between two hosts.
struct RouteCost {
  double latency = 0;      //!< sum of the latencies on the route (seconds)
  double bandwidth = 0;    //!< smallest bandwidth on the route (bytes per second)
};

/// @brief Hosts, links and routes of a platform.
///
/// Names are kept apart from the records (24 bytes each): a platform holds millions of them at
/// 2^20 hosts. Add a host or a link with its name through add_host() and add_link(), never by
/// pushing onto `hosts` or `links`, and read names through host_name() and link_name(). The
/// ideal cluster stores no name at all: its first hosts and links are named by its rule (host
/// i is p<i>, links 2i and 2i + 1 are p<i>_UP and p<i>_DOWN), produced on demand; hosts and
/// links added after them keep their names.
struct Platform {
  std::vector<HostSpec> hosts;
  std::vector<LinkSpec> links;
  /// links[i] that every route between zone a and zone b crosses, indexed [a][b]; a route
  /// inside a zone crosses between[a][a] (empty for a cluster without backbone).
  std::vector<std::vector<std::vector<int>>> between;
  /// If non-empty, an n×n table (row = source) that overrides the shape above: used for
  /// platforms read from arbitrary SimGrid files.
  std::vector<RouteCost> route_table;
  /// With route_table: the links each route crosses, in order, for families that read a file's
  /// topology (which link is a host's own, which links its routes share). Route src -> dst
  /// crosses route_links[route_link_start[src·n + dst] .. route_link_start[src·n + dst + 1]).
  std::vector<int> route_links;
  std::vector<std::size_t> route_link_start;
  /// The SimGrid file the platform was read from (for error messages); empty if generated.
  std::string file;

  int host_count() const { return static_cast<int>(hosts.size()); }
  /// SimGrid id of host `host` (0 <= host < host_count()).
  std::string host_name(int host) const;
  /// SimGrid id of link `link` (0 <= link < links.size()).
  std::string link_name(int link) const;
  /// Appends a host named `name`; returns its index.
  int add_host(std::string name, const HostSpec& host);
  /// Appends a link named `name`; returns its index.
  int add_link(std::string name, const LinkSpec& link);
  /// Route cost from src to dst (src != dst).
  RouteCost route(int src, int dst) const;
  /// Indices into `links` of the links on the route from src to dst, in order; empty when the
  /// platform has no route_links (a generated platform: its routes have the fixed shape).
  std::vector<int> route_path(int src, int dst) const;
  /// Largest host speed: the speed a unit computation cost refers to.
  double reference_speed() const;
  /// Bandwidth a unit communication cost refers to: the fastest uplink, or for a platform read
  /// from a file (uplinks unknown) its fastest link, SimGrid's internal loopback aside.
  double reference_bandwidth() const;
  /// Index of the link with this name (the first one if several have it), or -1.
  int link_index(const std::string& name) const;

 private:
  friend Platform ideal_cluster(int hosts, double speed, double bandwidth);
  /// Hosts 0..ruled_hosts_-1 and links 0..2·ruled_hosts_-1 are named by the ideal cluster's
  /// rule; host_names_ and link_names_ name the ones after them, in order.
  int ruled_hosts_ = 0;
  std::vector<std::string> host_names_;
  std::vector<std::string> link_names_;
};

/// @brief The ideal cluster (docs/design.md, principle 2): n hosts of equal speed, one full-duplex
/// private link per host (split into UP and DOWN), no backbone, zero latency. Host i is p<i>,
/// links 2i and 2i + 1 are p<i>_UP and p<i>_DOWN: names produced on demand, never stored. The
/// other generated platforms whose hosts are named so (the divisible family's star, the
/// redistribute family's two clusters, the broadcast family's grid) start from it, change its
/// numbers and add their own links (Platform::add_link) after its own.
///
/// A cost of 1 is 2^23 bytes or 2^23 flops: costs are whole bytes and flops, so every duration
/// is a whole multiple of 2^-23 s, and sums of them (dates below 2^30 s) are exact in double
/// precision. Both engines then compute every date exactly, agree bit for bit, and cut the
/// same batches (dates coincide exactly or lie 1.2e-7 s apart, far above kSimultaneity), even
/// when gamma costs with CV = 10 fall far below the grid (they round to 0).
Platform ideal_cluster(int hosts, double speed = 8388608, double bandwidth = 8388608);

}  // namespace hetcoll
