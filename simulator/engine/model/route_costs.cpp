#include "engine/model/route_costs.hpp"

#include <utility>

#include "core/error.hpp"

namespace hetcoll {

RouteCosts::RouteCosts(std::shared_ptr<const Platform> platform)
    : platform_(std::move(platform)), hosts_(static_cast<std::size_t>(platform_->host_count())) {
  index_routes();
  index_route_links();
}

void RouteCosts::apply(const std::vector<LinkSetting>& settings) {
  if (settings.empty()) return;
  // Routes timed from a route table (a file's, read with it by describe()) would not see the
  // change: the engine would time the platform as it was.
  if (table_) {
    check_link_setting(settings.front(), *platform_);
    throw InputError(platform_->source() + ": link " + platform_->link_name(settings.front().link) +
                     " changes before each replication, but the model engine times this platform's routes from a "
                     "table read once; use engine = simgrid");
  }
  if (link_cost_.empty())
    for (const LinkSpec& l : platform_->links) link_cost_.push_back({l.latency, l.bandwidth});
  // A cluster drawn per replication changes the hosts' own links every time: once the engine
  // holds an entry per host and per link, those entries are updated in place, in O(changes),
  // rather than indexing every host again (a tenth of a drawn 64-host replication). Entries
  // are never merged back (a draw of equal hosts): that only forgoes a shortcut, since every
  // route costs the same sums either way.
  bool in_place = settable_in_place_;
  for (const LinkSetting& s : settings) {
    check_link_setting(s, *platform_);
    link_cost_[s.link] = {s.latency, s.bandwidth};
    if (!in_place) continue;
    if (static_cast<std::size_t>(s.link) >= 2 * hosts_) {  // not a host's own link
      in_place = false;
      continue;
    }
    HostEnd& end = (s.link % 2 == 0 ? up_ : down_)[static_cast<std::size_t>(s.link / 2)];
    end.latency = s.latency;
    end.bandwidth = s.bandwidth;
    limit_[s.link] = limit_of_cost(static_cast<std::size_t>(s.link));
  }
  if (!in_place) index_routes();
}

void RouteCosts::route_links(int src, int dst, std::vector<int>& links) const {
  links.clear();
  if (knows_links_)
    visit_route(src, dst, [&](int link) {
      if (link >= 0) links.push_back(link);
    });
}

// The links between two zones as one array, for visit_route(): zone pair a·zones + b owns
// between_links_[between_start_[pair] .. between_start_[pair + 1]).
void RouteCosts::index_route_links() {
  between_start_.assign(1, 0);
  for (int a = 0; a < zones_; ++a)
    for (int b = 0; b < zones_; ++b) {
      if (a < static_cast<int>(platform_->between.size()) && b < static_cast<int>(platform_->between[a].size()))
        between_links_.insert(between_links_.end(), platform_->between[a][b].begin(), platform_->between[a][b].end());
      between_start_.push_back(between_links_.size());
    }
}

void RouteCosts::index_routes() {
  const double inf = std::numeric_limits<double>::infinity();
  auto end_of = [&](int link, int zone) {
    const RouteCost c = link < 0 ? RouteCost{0.0, inf} : cost(link);
    return HostEnd{c.latency, c.bandwidth, zone};
  };
  table_ = !platform_->route_table.empty();
  // A route table without its links (no route_link_start) gives the engine nothing to check.
  knows_links_ = !table_ || !platform_->route_link_start.empty();
  speed_.clear();
  up_.clear();
  down_.clear();
  zones_ = 1;
  const SpecList<HostSpec>& hosts = platform_->hosts;
  bool same = !hosts.empty();
  for (const HostSpec& h : hosts) {
    zones_ = std::max(zones_, h.zone + 1);
    if (same && !(h.speed == hosts[0].speed && end_of(h.up, h.zone) == end_of(hosts[0].up, hosts[0].zone) &&
                  end_of(h.down, h.zone) == end_of(hosts[0].down, hosts[0].zone)))
      same = false;
  }
  host_mask_ = same ? 0 : -1;
  numbered_links_ = true;
  for (std::size_t h = 0; h < hosts.size() && numbered_links_; ++h)
    numbered_links_ = hosts[h].up == static_cast<int>(2 * h) && hosts[h].down == static_cast<int>(2 * h + 1);
  for (std::size_t i = 0; i < (same ? 1 : hosts.size()); ++i) {
    speed_.push_back(hosts[i].speed);
    up_.push_back(end_of(hosts[i].up, hosts[i].zone));
    down_.push_back(end_of(hosts[i].down, hosts[i].zone));
  }
  between_.assign(static_cast<std::size_t>(zones_) * zones_, RouteCost{0.0, inf});
  for (int a = 0; a < zones_ && a < static_cast<int>(platform_->between.size()); ++a)
    for (int b = 0; b < zones_ && b < static_cast<int>(platform_->between[a].size()); ++b)
      for (int l : platform_->between[a][b]) {
        RouteCost& c = between_[a * zones_ + b];
        c.latency += cost(l).latency;
        c.bandwidth = std::min(c.bandwidth, cost(l).bandwidth);
      }
  // Equal hosts in one zone (an ideal cluster): every route costs the same, computed once by
  // the general sum, so the same bits.
  uniform_ = false;
  if (!table_ && host_mask_ == 0 && zones_ == 1) {
    uniform_route_ = route_cost(0, 0);
    uniform_ = true;
  }
  // One limit (and link_mask_ 0) when every link has the same, as host_end() does for hosts.
  const std::size_t count = links();
  bool same_limit = count > 0;
  for (std::size_t i = 1; i < count && same_limit; ++i) same_limit = limit_of_cost(i) == limit_of_cost(0);
  link_mask_ = same_limit ? 0 : -1;
  limit_.clear();
  for (std::size_t i = 0; i < (same_limit ? 1 : count); ++i) limit_.push_back(limit_of_cost(i));
  const bool nothing_between = zones_ == 1 && (platform_->between.empty() || platform_->between[0].empty() ||
                                               platform_->between[0][0].empty());
  private_pairs_ = !table_ && numbered_links_ && nothing_between && link_mask_ == 0 && !limit_.empty() &&
                   limit_[0] < inf;
  // Host h's links are 2h and 2h + 1 and nothing else holds their costs: apply() can change
  // them in up_, down_ and limit_ alone.
  settable_in_place_ = !table_ && numbered_links_ && nothing_between && host_mask_ == -1 && link_mask_ == -1;
  fatpipes_ = knows_links_ && std::any_of(platform_->links.begin(), platform_->links.end(),
                                          [](const LinkSpec& l) { return !l.shared; });
}

// The most a shared link carries before SimGrid would share it: its bandwidth, to the relative
// tolerance (rates that fill a link exactly, such as k streams capped at backbone / k, add up
// to its bandwidth only to rounding). Unshared (FATPIPE) links: no limit.
double RouteCosts::limit_of_cost(std::size_t i) const {
  return platform_->links[i].shared ? cost(static_cast<int>(i)).bandwidth * (1 + kContentionTolerance)
                                    : std::numeric_limits<double>::infinity();
}

}  // namespace hetcoll
