#include "engine/simgrid/host_selection.hpp"

#include <fnmatch.h>

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "core/error.hpp"

namespace sg4 = simgrid::s4u;

namespace hetcoll {
namespace {

/// The zones below `zone`, itself first, depth first in creation order.
void zones_depth_first(const sg4::NetZone* zone, std::vector<const sg4::NetZone*>& out) {
  out.push_back(zone);
  for (const sg4::NetZone* child : zone->get_children()) zones_depth_first(child, out);
}

/// Every host in file order, with the zone that holds it (its position in `zones`).
struct FileOrder {
  std::vector<const sg4::NetZone*> zones;  // depth first from the root
  std::vector<sg4::Host*> hosts;           // zone by zone, each zone's hosts by declaration
  std::vector<std::size_t> zone_of;        // hosts[i] lies in zones[zone_of[i]]
  std::vector<std::size_t> subtree_end;    // zones[z .. subtree_end[z]) are z and its descendants
};

FileOrder file_order(const sg4::Engine& engine) {
  FileOrder order;
  zones_depth_first(engine.get_netzone_root(), order.zones);
  std::unordered_map<const sg4::NetZone*, std::size_t> position;
  for (std::size_t z = 0; z < order.zones.size(); ++z) position[order.zones[z]] = z;
  order.subtree_end.resize(order.zones.size());
  for (std::size_t z = order.zones.size(); z-- > 0;) {
    std::size_t end = z + 1;
    for (const sg4::NetZone* child : order.zones[z]->get_children()) end = std::max(end, order.subtree_end[position[child]]);
    order.subtree_end[z] = end;
  }
  // A netpoint's id is its rank of creation within its zone: (zone, id) is the file's order.
  // The keys are computed once: a large file has tens of thousands of hosts to sort.
  struct Keyed {
    std::size_t zone;
    unsigned long id;
    sg4::Host* host;
  };
  std::vector<Keyed> keyed;
  for (sg4::Host* h : engine.get_all_hosts())
    keyed.push_back({position[h->get_englobing_zone()], h->get_netpoint()->id(), h});
  std::sort(keyed.begin(), keyed.end(),
            [](const Keyed& a, const Keyed& b) { return a.zone != b.zone ? a.zone < b.zone : a.id < b.id; });
  for (const Keyed& k : keyed) {
    order.hosts.push_back(k.host);
    order.zone_of.push_back(k.zone);
  }
  return order;
}

bool is_glob(const std::string& pattern) { return pattern.find_first_of("*?[") != std::string::npos; }

}  // namespace

std::vector<sg4::Host*> select_hosts(const sg4::Engine& engine, const std::vector<std::string>& patterns,
                                     const std::string& file) {
  // Only globs and zones need every host in file order; names are looked up one by one.
  const bool scans = std::any_of(patterns.begin(), patterns.end(),
                                 [](const std::string& p) { return p.rfind("zone:", 0) == 0 || is_glob(p); });
  const FileOrder order = scans ? file_order(engine) : FileOrder{};
  std::vector<sg4::Host*> selected;
  std::unordered_set<const sg4::Host*> seen;
  for (const std::string& pattern : patterns) {
    const std::size_t before = selected.size();
    auto take = [&](sg4::Host* h) {
      if (!seen.insert(h).second)
        throw InputError(file + ": key 'hosts': host " + h->get_name() + " is selected twice (again by '" + pattern +
                         "')");
      selected.push_back(h);
    };
    if (pattern.rfind("zone:", 0) == 0) {
      const std::string name = pattern.substr(5);
      std::size_t z = 0;
      while (z < order.zones.size() && order.zones[z]->get_name() != name) ++z;
      if (z == order.zones.size())
        throw InputError(file + ": key 'hosts': no zone or cluster named '" + name + "' in the file");
      for (std::size_t i = 0; i < order.hosts.size(); ++i)
        if (order.zone_of[i] >= z && order.zone_of[i] < order.subtree_end[z]) take(order.hosts[i]);
      if (selected.size() == before)
        throw InputError(file + ": key 'hosts': zone '" + name + "' holds no host");
    } else if (is_glob(pattern)) {
      for (sg4::Host* h : order.hosts)
        if (fnmatch(pattern.c_str(), h->get_cname(), 0) == 0) take(h);
      if (selected.size() == before)
        throw InputError(file + ": key 'hosts': no host name matches '" + pattern + "'");
    } else {
      sg4::Host* h = engine.host_by_name_or_null(pattern);
      if (h == nullptr) throw InputError(file + ": key 'hosts': no host named '" + pattern + "' in the file");
      take(h);
    }
  }
  return selected;
}

}  // namespace hetcoll
