#include "platform/simgrid_xml.hpp"

#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>
#include <vector>

#include "core/error.hpp"

namespace hetcoll {
namespace {

// Seventeen significant digits: the file reads back to the very doubles the model engine uses.
std::string number(double x) {
  std::ostringstream s;
  s << std::setprecision(17) << x;
  return s.str();
}

// SHARED is SimGrid's default policy; an unshared link is a FATPIPE (LinkSpec::shared).
void write_link(std::ostream& out, const Platform& p, int index, const char* indent = "    ") {
  const LinkSpec& link = p.links[index];
  out << indent << "<link id=\"" << p.link_name(index) << "\" bandwidth=\"" << number(link.bandwidth)
      << "Bps\" latency=\"" << number(link.latency) << "s\"" << (link.shared ? "" : " sharing_policy=\"FATPIPE\"")
      << "/>\n";
}

void check_zones(const Platform& p, int zones) {
  if (p.between.size() != static_cast<std::size_t>(zones))
    throw InputError("platform: the table of links between zones does not match the zones of the hosts");
  for (int a = 0; a < zones; ++a) {
    if (p.between[a].size() != static_cast<std::size_t>(zones))
      throw InputError("platform: the table of links between zones does not match the zones of the hosts");
    if (!p.between[a][a].empty())
      throw InputError("platform: a platform of several zones cannot have a backbone in a zone");
    for (int b = 0; b < zones; ++b)
      if (a != b && p.between[a][b].size() != 1)
        throw InputError("platform: two zones of a multi-zone platform are joined by exactly one link");
  }
}

// Several zones, as one Floyd-routed zone (simgrid_layout): a router per zone, host -> router
// over the host's uplink, router -> host over its downlink, router -> router over the link
// between the zones. Floyd takes the fewest links, so a route is the sender's uplink, the link
// between the two zones (none inside a zone) and the receiver's downlink: Platform::route().
void write_zones(const Platform& p, int zones, std::ostream& out) {
  auto router = [](int z) { return "router" + std::to_string(z); };
  out << "<?xml version='1.0'?>\n"
         "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n"
         "<zone id=\"world\" routing=\"Floyd\">\n";
  for (int h = 0; h < p.host_count(); ++h)
    out << "  <host id=\"" << p.host_name(h) << "\" speed=\"" << number(p.hosts[h].speed) << "f\"/>\n";
  for (int z = 0; z < zones; ++z) out << "  <router id=\"" << router(z) << "\"/>\n";
  for (std::size_t i = 0; i < p.links.size(); ++i) write_link(out, p, static_cast<int>(i), "  ");
  auto route = [&](const std::string& src, const std::string& dst, int link, bool symmetrical) {
    out << "  <route src=\"" << src << "\" dst=\"" << dst << "\" symmetrical=\"" << (symmetrical ? "YES" : "NO")
        << "\"><link_ctn id=\"" << p.link_name(link) << "\"/></route>\n";
  };
  for (int i = 0; i < p.host_count(); ++i) {
    const HostSpec& h = p.hosts[i];
    const std::string name = p.host_name(i);
    route(name, router(h.zone), h.up, false);
    route(router(h.zone), name, h.down, false);
  }
  for (int a = 0; a < zones; ++a)
    for (int b = a + 1; b < zones; ++b) {
      const bool same = p.between[a][b] == p.between[b][a];
      route(router(a), router(b), p.between[a][b][0], same);
      if (!same) route(router(b), router(a), p.between[b][a][0], false);
    }
  out << "</zone>\n</platform>\n";
}

}  // namespace

SimgridLayout simgrid_layout(const Platform& p) {
  if (!p.route_table.empty())
    throw InputError("platform: a platform given by a route table cannot be given to SimGrid (it has no zones)");
  std::set<int> zones;
  for (const HostSpec& h : p.hosts) zones.insert(h.zone);
  SimgridLayout layout;
  if (zones.size() > 1) {
    if (*zones.begin() != 0 || *zones.rbegin() != static_cast<int>(zones.size()) - 1)
      throw InputError("platform: zones must be numbered 0 to N-1, each with at least one host");
    layout.zones = static_cast<int>(zones.size());
    check_zones(p, layout.zones);
  } else {
    std::set<int> backbone;
    if (!p.between.empty())
      for (int link : p.between[0][0]) backbone.insert(link);
    if (backbone.size() > 1) throw InputError("platform: a cluster zone has at most one backbone link");
    if (!backbone.empty()) layout.backbone = *backbone.begin();
  }
  for (int h = 0; h < p.host_count(); ++h)
    if (p.hosts[h].up < 0 || p.hosts[h].down < 0)
      throw InputError("platform: host " + p.host_name(h) + " needs an up and a down link");
  // SimGrid's <backbone> has no sharing_policy attribute: it is always shared.
  if (layout.backbone >= 0 && !p.links[layout.backbone].shared)
    throw InputError("platform: the backbone " + p.link_name(layout.backbone) +
                     " of a cluster zone is always shared in SimGrid");
  return layout;
}

void write_simgrid_xml(const Platform& p, std::ostream& out) {
  const SimgridLayout layout = simgrid_layout(p);
  if (layout.zones > 1) {
    write_zones(p, layout.zones, out);
    return;
  }
  out << "<?xml version='1.0'?>\n"
         "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n"
         // A root zone above the cluster: SimGrid's Paje tracing (--cfg tracing:yes) needs one.
         "<zone id=\"world\" routing=\"Full\">\n"
         "  <zone id=\"cluster\" routing=\"Cluster\">\n";
  for (int h = 0; h < p.host_count(); ++h)
    out << "    <host id=\"" << p.host_name(h) << "\" speed=\"" << number(p.hosts[h].speed) << "f\"/>\n";
  for (std::size_t i = 0; i < p.links.size(); ++i)
    if (static_cast<int>(i) != layout.backbone) write_link(out, p, static_cast<int>(i));
  for (int h = 0; h < p.host_count(); ++h)
    out << "    <host_link id=\"" << p.host_name(h) << "\" up=\"" << p.link_name(p.hosts[h].up) << "\" down=\""
        << p.link_name(p.hosts[h].down) << "\"/>\n";
  if (layout.backbone >= 0) {
    const LinkSpec& b = p.links[layout.backbone];
    out << "    <backbone id=\"" << p.link_name(layout.backbone) << "\" bandwidth=\"" << number(b.bandwidth)
        << "Bps\" latency=\"" << number(b.latency) << "s\"/>\n";
  }
  out << "  </zone>\n</zone>\n</platform>\n";
}

void write_simgrid_xml_file(const Platform& platform, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw InputError(path + ": cannot write the platform file");
  write_simgrid_xml(platform, out);
  if (!out.flush()) throw InputError(path + ": error while writing the platform file");
}

}  // namespace hetcoll
