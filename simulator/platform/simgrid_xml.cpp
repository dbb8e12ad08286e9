#include "platform/simgrid_xml.hpp"

#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

#include "core/error.hpp"

namespace hetcoll {
namespace {

// Seventeen significant digits: the file reads back to the very doubles the model engine uses.
std::string number(double x) {
  std::ostringstream s;
  s << std::setprecision(17) << x;
  return s.str();
}

void write_link(std::ostream& out, const LinkSpec& link) {
  out << "    <link id=\"" << link.name << "\" bandwidth=\"" << number(link.bandwidth)
      << "Bps\" latency=\"" << number(link.latency) << "s\"/>\n";
}

}  // namespace

void write_simgrid_xml(const Platform& p, std::ostream& out) {
  if (!p.route_table.empty())
    throw InputError("platform: a platform given by a route table cannot be written as XML");
  std::set<int> zones;
  for (const HostSpec& h : p.hosts) zones.insert(h.zone);
  if (zones.size() > 1)
    throw InputError("platform: writing multi-zone platforms is not supported by this writer");
  out << "<?xml version='1.0'?>\n"
         "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n"
         // A root zone above the cluster: SimGrid's Paje tracing (--cfg tracing:yes) needs one.
         "<zone id=\"world\" routing=\"Full\">\n"
         "  <zone id=\"cluster\" routing=\"Cluster\">\n";
  for (const HostSpec& h : p.hosts)
    out << "    <host id=\"" << h.name << "\" speed=\"" << number(h.speed) << "f\"/>\n";
  std::set<int> backbone;
  if (!p.between.empty())
    for (int link : p.between[0][0]) backbone.insert(link);
  if (backbone.size() > 1)
    throw InputError("platform: a cluster zone has at most one backbone link");
  for (std::size_t i = 0; i < p.links.size(); ++i)
    if (!backbone.count(static_cast<int>(i))) write_link(out, p.links[i]);
  for (const HostSpec& h : p.hosts) {
    if (h.up < 0 || h.down < 0)
      throw InputError("platform: host " + h.name + " needs an up and a down link");
    out << "    <host_link id=\"" << h.name << "\" up=\"" << p.links[h.up].name << "\" down=\""
        << p.links[h.down].name << "\"/>\n";
  }
  for (int link : backbone) {
    const LinkSpec& b = p.links[link];
    out << "    <backbone id=\"" << b.name << "\" bandwidth=\"" << number(b.bandwidth)
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
