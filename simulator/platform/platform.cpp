#include "platform/platform.hpp"

#include <algorithm>
#include <limits>

namespace hetcoll {

RouteCost Platform::route(int src, int dst) const {
  if (!route_table.empty()) return route_table[static_cast<std::size_t>(src) * hosts.size() + dst];
  RouteCost cost{0.0, std::numeric_limits<double>::infinity()};
  auto cross = [&](int link) {
    if (link < 0) return;
    cost.latency += links[link].latency;
    cost.bandwidth = std::min(cost.bandwidth, links[link].bandwidth);
  };
  const HostSpec& s = hosts[src];
  const HostSpec& d = hosts[dst];
  cross(s.up);
  if (!between.empty())
    for (int link : between[s.zone][d.zone]) cross(link);
  cross(d.down);
  return cost;
}

std::vector<int> Platform::route_path(int src, int dst) const {
  if (route_link_start.empty()) return {};
  const std::size_t route = static_cast<std::size_t>(src) * hosts.size() + dst;
  return {route_links.begin() + static_cast<std::ptrdiff_t>(route_link_start[route]),
          route_links.begin() + static_cast<std::ptrdiff_t>(route_link_start[route + 1])};
}

double Platform::reference_speed() const {
  double best = 0;
  for (const HostSpec& h : hosts) best = std::max(best, h.speed);
  return best;
}

double Platform::reference_bandwidth() const {
  // Structured routes start on the sender's uplink, so no route is faster than the best one.
  // A platform read from a file refers to its fastest link: both engines know the links (only
  // the model engine reads the route table), so they agree on the unit.
  double best_up = 0;
  for (const HostSpec& h : hosts)
    if (h.up >= 0) best_up = std::max(best_up, links[h.up].bandwidth);
  if (best_up > 0) return best_up;
  double best = 0;
  for (const LinkSpec& l : links) best = std::max(best, l.bandwidth);
  return best;
}

int Platform::link_index(const std::string& name) const {
  for (std::size_t i = 0; i < links.size(); ++i)
    if (links[i].name == name) return static_cast<int>(i);
  return -1;
}

Platform ideal_cluster(int n, double speed, double bandwidth) {
  Platform p;
  p.hosts.reserve(n);
  p.links.reserve(2 * static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const std::string name = "p" + std::to_string(i);
    p.links.push_back({name + "_UP", bandwidth, 0.0});
    p.links.push_back({name + "_DOWN", bandwidth, 0.0});
    p.hosts.push_back({name, speed, 2 * i, 2 * i + 1, 0});
  }
  p.between = {{{}}};
  return p;
}

}  // namespace hetcoll
