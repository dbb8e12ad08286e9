#include "platform/platform.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>

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

namespace {

// The index of the ideal cluster's link called `name` (p<i>_UP is 2i, p<i>_DOWN 2i + 1) among
// `hosts` hosts, or -1: i is written as std::to_string writes it (no sign, no leading zero).
int ruled_link_index(const std::string& name, int hosts) {
  std::size_t end = 1;
  while (end < name.size() && name[end] >= '0' && name[end] <= '9') ++end;
  const std::size_t digits = end - 1;
  if (name.empty() || name[0] != 'p' || digits == 0 || digits > 10 || (digits > 1 && name[1] == '0')) return -1;
  const std::string suffix = name.substr(end);
  if (suffix != "_UP" && suffix != "_DOWN") return -1;
  const long long host = std::stoll(name.substr(1, digits));  // at most 10 digits: no overflow
  if (host >= hosts) return -1;
  return static_cast<int>(2 * host + (suffix == "_UP" ? 0 : 1));
}

}  // namespace

std::string Platform::host_name(int host) const {
  if (host < ruled_hosts_) return "p" + std::to_string(host);
  const std::size_t stored = static_cast<std::size_t>(host - ruled_hosts_);
  if (stored >= host_names_.size()) throw std::logic_error("platform: host " + std::to_string(host) + " has no name");
  return host_names_[stored];
}

std::string Platform::link_name(int link) const {
  if (link < 2 * ruled_hosts_) return "p" + std::to_string(link / 2) + (link % 2 == 0 ? "_UP" : "_DOWN");
  const std::size_t stored = static_cast<std::size_t>(link - 2 * ruled_hosts_);
  if (stored >= link_names_.size()) throw std::logic_error("platform: link " + std::to_string(link) + " has no name");
  return link_names_[stored];
}

int Platform::add_host(std::string name, const HostSpec& host) {
  host_names_.push_back(std::move(name));
  hosts.push_back(host);
  return host_count() - 1;
}

int Platform::add_link(std::string name, const LinkSpec& link) {
  link_names_.push_back(std::move(name));
  links.push_back(link);
  return static_cast<int>(links.size()) - 1;
}

int Platform::link_index(const std::string& name) const {
  // Ruled links come first, so a stored name equal to a ruled one finds the ruled link, as a
  // scan from the first link would.
  const int ruled = ruled_link_index(name, ruled_hosts_);
  if (ruled >= 0) return ruled;
  for (std::size_t i = 0; i < link_names_.size(); ++i)
    if (link_names_[i] == name) return static_cast<int>(2 * static_cast<std::size_t>(ruled_hosts_) + i);
  return -1;
}

std::vector<int> Platform::link_indices(const std::vector<std::string>& names) const {
  std::unordered_map<std::string_view, int> stored;
  std::vector<int> indices;
  indices.reserve(names.size());
  for (const std::string& name : names) {
    int index = ruled_link_index(name, ruled_hosts_);
    if (index < 0 && !link_names_.empty()) {
      if (stored.empty())  // the first of equal names wins, as in link_index()
        for (std::size_t i = link_names_.size(); i-- > 0;)
          stored[link_names_[i]] = static_cast<int>(2 * static_cast<std::size_t>(ruled_hosts_) + i);
      const auto found = stored.find(name);
      if (found != stored.end()) index = found->second;
    }
    indices.push_back(index);
  }
  return indices;
}

Platform ideal_cluster(int n, double speed, double bandwidth) {
  Platform p;
  p.hosts.assign_ruled(static_cast<std::size_t>(n), {speed, 0, 1, 0});
  p.links.assign_ruled(2 * static_cast<std::size_t>(n), {bandwidth, 0.0});
  p.ruled_hosts_ = n;
  p.between = {{{}}};
  return p;
}

}  // namespace hetcoll
