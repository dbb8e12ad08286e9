#pragma once
/// @file route_costs.hpp
/// @brief What a route costs on the model engine's platform: its latency, its bandwidth and its
/// links, read from per-host arrays on the hot path.
#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

#include "engine/activity.hpp"
#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief The rate a comm's bytes flow at: its cap, if any, within its route's bandwidth.
/// A negative or NaN cap gives a negative or NaN duration, which the engine refuses as the
/// SimGrid engine does (a test on `> 0` would read it as no cap, at no less cost).
inline double flow_rate(const Activity& a, const RouteCost& route) {
  return a.rate != 0 ? std::min(a.rate, route.bandwidth) : route.bandwidth;
}

/// @brief Relative tolerance of the check for shared links: the flows on a link may add up to its
/// bandwidth × (1 + this) at their own rates, so that rates that fill a link exactly (k streams
/// capped at bandwidth / k) keep them; beyond it, the flows share the link.
inline constexpr double kContentionTolerance = 1e-9;

/// @brief A comm's sharing penalty once it sends (CM02): its route's latency, 1 without latency.
inline double sharing_penalty(double latency) { return latency > 0 ? latency : 1.0; }

/// @brief Route costs and route links of a platform, with the links' costs as the last
/// LinkSetting left them. Platform::route walks a route's links; the hot path reads the same
/// numbers from per-host arrays (up to the zone boundary, across, and down), rebuilt when a link
/// changes.
class RouteCosts {
 public:
  explicit RouteCosts(std::shared_ptr<const Platform> platform);

  const Platform& platform() const { return *platform_; }
  std::size_t hosts() const { return hosts_; }
  std::size_t links() const { return platform_->links.size(); }

  /// Changes links' costs (a replication's draw); refuses a platform timed from a route table.
  void apply(const std::vector<LinkSetting>& settings);

  RouteCost route_cost(int src, int dst) const {
    if (uniform_) return uniform_route_;
    if (table_) return platform_->route_table[static_cast<std::size_t>(src) * hosts_ + dst];
    const HostEnd& up = host_end(up_, src);
    const HostEnd& down = host_end(down_, dst);
    const RouteCost& across = between_[up.zone * zones_ + down.zone];
    return {up.latency + across.latency + down.latency, std::min({up.bandwidth, across.bandwidth, down.bandwidth})};
  }
  double speed(int host) const { return speed_[host & host_mask_]; }
  /// A link's latency and bandwidth now: the platform's, or the last change apply() made.
  RouteCost cost(int link) const {
    if (!link_cost_.empty()) return link_cost_[link];
    const LinkSpec& l = platform_->links[link];
    return {l.latency, l.bandwidth};
  }
  /// The most link i carries before SimGrid would share it: its bandwidth to kContentionTolerance;
  /// infinite for a FATPIPE link.
  double limit_of(int link) const { return limit_[link & link_mask_]; }
  bool shared(int link) const { return platform_->links[link].shared; }

  /// Hands `visit` the links of the route from src to dst, in route order: the sender's uplink,
  /// the links between the two zones and the receiver's downlink (-1 for a host without a link
  /// of its own), or those of the route table (which must list them: knows_links()). The
  /// generated platforms' routes are iterated in place.
  template <class Visit>
  [[gnu::always_inline]] void visit_route(int src, int dst, Visit&& visit) const {
    if (!table_) {
      visit(up_link(src));
      if (!between_links_.empty()) {  // no backbone (a cluster): nothing between the two ends
        const std::size_t pair = static_cast<std::size_t>(host_end(up_, src).zone) * zones_ + host_end(down_, dst).zone;
        for (std::size_t i = between_start_[pair]; i < between_start_[pair + 1]; ++i) visit(between_links_[i]);
      }
      visit(down_link(dst));
    } else {
      const std::size_t route = static_cast<std::size_t>(src) * hosts_ + dst;
      for (std::size_t i = platform_->route_link_start[route]; i < platform_->route_link_start[route + 1]; ++i)
        visit(platform_->route_links[i]);
    }
  }
  /// The links of the route from src to dst into `links` (none where !knows_links()).
  void route_links(int src, int dst, std::vector<int>& links) const;

  /// The engine knows the links of routes (a route table may come without them).
  bool knows_links() const { return knows_links_; }
  /// Every route is the sender's link 2h and the receiver's 2p + 1, all shared with one limit.
  bool private_pairs() const { return private_pairs_; }
  /// Some link is FATPIPE (and routes' links are known).
  bool has_fatpipes() const { return fatpipes_; }

 private:
  // Per host, the costs of its route's first (up_) and last (down_) link and its zone:
  // everything a comm reads about its two ends, in one place. When every host has the same
  // (the ideal cluster, any cluster of equal hosts), the arrays hold one entry and host_mask_
  // is 0, so that each host reads entry h & host_mask_ without a branch: a 2^20-host cluster
  // then costs the engine no per-host memory.
  struct HostEnd {
    double latency;
    double bandwidth;
    int zone;
    bool operator==(const HostEnd& o) const {
      return latency == o.latency && bandwidth == o.bandwidth && zone == o.zone;
    }
  };
  const HostEnd& host_end(const std::vector<HostEnd>& ends, int host) const { return ends[host & host_mask_]; }

  // A host's up and down links. Generated clusters number them 2h and 2h + 1: then they are
  // computed, not read from the host's record (at 2^20 hosts, a cache miss each in 56 MB).
  int up_link(int host) const { return numbered_links_ ? 2 * host : platform_->hosts[host].up; }
  int down_link(int host) const { return numbered_links_ ? 2 * host + 1 : platform_->hosts[host].down; }

  void index_routes();
  void index_route_links();
  double limit_of_cost(std::size_t link) const;

  std::shared_ptr<const Platform> platform_;
  std::size_t hosts_;
  bool table_ = false;        // the platform's route table replaces the fixed route shape
  bool knows_links_ = true;   // see knows_links()
  std::vector<RouteCost> link_cost_;  // per link: its latency and bandwidth, once apply() changed one
  std::vector<double> limit_;  // per link, the most it carries (infinite: not shared); see limit_of()
  int link_mask_ = -1;
  std::vector<int> between_links_;
  std::vector<std::size_t> between_start_;
  std::vector<double> speed_;
  std::vector<HostEnd> up_, down_;
  int host_mask_ = -1;
  bool uniform_ = false;  // every route costs uniform_route_ (index_routes)
  RouteCost uniform_route_;
  bool numbered_links_ = false;     // host h's links are 2h (up) and 2h + 1 (down)
  bool private_pairs_ = false;      // see private_pairs()
  bool settable_in_place_ = false;  // apply() may update host entries and limits alone (index_routes)
  bool fatpipes_ = false;
  std::vector<RouteCost> between_;
  int zones_ = 1;
};

}  // namespace hetcoll
