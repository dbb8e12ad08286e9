// Platform of Steffenel's GRID5000 experiment (§7, Table 4): zones from the latency matrix,
// bandwidths chosen here (the paper gives none; see docs/broadcast.md). O(n² · zones).
#include "algorithms/broadcast/support/grid_platform.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

std::vector<int> equivalent_host_zones(const LatencyMatrix& m) {
  // a ~ b when w(a, x) = w(b, x) for every other host x; with symmetry this is an equivalence
  // (transitivity forces w(a, b) = w(b, c) = w(a, c)), so comparing with one representative per
  // zone suffices.
  std::vector<int> zone(m.n, -1);
  std::vector<int> representative;
  for (int h = 0; h < m.n; ++h) {
    for (std::size_t z = 0; z < representative.size() && zone[h] < 0; ++z) {
      const int r = representative[z];
      bool same = true;
      for (int x = 0; x < m.n && same; ++x)
        if (x != h && x != r && m.at(h, x) != m.at(r, x)) same = false;
      if (same) zone[h] = static_cast<int>(z);
    }
    if (zone[h] < 0) {
      zone[h] = static_cast<int>(representative.size());
      representative.push_back(h);
    }
  }
  return zone;
}

Platform grid_platform(const LatencyMatrix& m, const GridPlatformSpec& spec, const std::string& source) {
  const std::vector<int> zone = equivalent_host_zones(m);
  const int zones = *std::max_element(zone.begin(), zone.end()) + 1;
  std::vector<int> first(zones, -1), second(zones, -1);  // two hosts of each zone, if it has two
  for (int h = 0; h < m.n; ++h) {
    if (first[zone[h]] < 0) first[zone[h]] = h;
    else if (second[zone[h]] < 0) second[zone[h]] = h;
  }
  std::vector<double> half(zones, 0.0);  // half the zone's internal latency, in seconds
  for (int z = 0; z < zones; ++z)
    if (second[z] >= 0) half[z] = m.at(first[z], second[z]) * spec.latency_unit / 2;

  // The ideal cluster's hosts and links (names included), with the grid's latencies and zones.
  Platform p = ideal_cluster(m.n, spec.host_speed, spec.lan_bandwidth);
  for (int h = 0; h < m.n; ++h) {
    p.links.edit(p.hosts[h].up).latency = half[zone[h]];
    p.links.edit(p.hosts[h].down).latency = half[zone[h]];
    p.hosts.edit(h).zone = zone[h];
  }
  p.between.assign(zones, std::vector<std::vector<int>>(zones));
  for (int a = 0; a < zones; ++a)
    for (int b = a + 1; b < zones; ++b) {
      const double total = m.at(first[a], first[b]) * spec.latency_unit;
      const double wan = total - half[a] - half[b];
      if (wan < 0)
        throw InputError(source + ": hosts " + std::to_string(first[a]) + " and " + std::to_string(first[b]) +
                         " are closer (" + format_number(m.at(first[a], first[b])) +
                         ") than their clusters' internal latencies allow");
      const double bandwidth = std::min(spec.lan_bandwidth, spec.wan_window / (2 * total));
      const int link = p.add_link("wan" + std::to_string(a) + "-" + std::to_string(b), {bandwidth, wan});
      p.between[a][b] = p.between[b][a] = {link};
    }
  return p;
}

}  // namespace hetcoll
