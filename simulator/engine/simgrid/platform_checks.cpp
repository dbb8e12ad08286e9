#include "engine/simgrid/platform_checks.hpp"

#include <simgrid/s4u.hpp>

#include <limits>
#include <unordered_set>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace sg4 = simgrid::s4u;

namespace hetcoll {
namespace {

bool finite_non_negative(double x) { return x >= 0 && x <= std::numeric_limits<double>::max(); }

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

void check_host(const sg4::Host& host, const std::string& file) {
  const double speed = host.get_speed();
  if (speed > 0 && finite_non_negative(speed)) return;
  throw InputError(file + ": host " + host.get_name() + " has speed " + format_number(speed) +
                   " flop/s; expected a positive, finite speed");
}

void check_route(const sg4::Host& src, const sg4::Host& dst, const std::string& file) {
  const std::string pair = "from " + src.get_name() + " to " + dst.get_name();
  std::vector<sg4::Link*> links;
  double latency = 0;
  try {
    src.route_to(&dst, links, &latency);
  } catch (const std::exception& e) {
    throw InputError(file + ": no route " + pair + " (" + first_line(e.what()) +
                     "); expected a route between every two hosts used");
  }
  if (links.empty() && !(latency > 0))
    throw InputError(file + ": no route " + pair + "; expected a <route> (or host links) between every two hosts used");
  for (const sg4::Link* link : links) check_link(*link, file);
}

void check_link(const sg4::Link& link, const std::string& file) {
  const double bandwidth = link.get_bandwidth(), latency = link.get_latency();
  if (bandwidth > 0 && finite_non_negative(bandwidth) && finite_non_negative(latency)) return;
  throw InputError(file + ": link " + link.get_name() + " has bandwidth " + format_number(bandwidth) +
                   " B/s and latency " + format_number(latency) +
                   " s; expected a positive, finite bandwidth and a finite, non-negative latency");
}

void check_hosts_and_routes(const std::vector<sg4::Host*>& hosts, const std::string& file) {
  for (const sg4::Host* h : hosts) check_host(*h, file);
  const std::size_t n = hosts.size();
  if (n <= static_cast<std::size_t>(kAllPairsHosts)) {
    for (std::size_t s = 0; s < n; ++s)
      for (std::size_t d = 0; d < n; ++d)
        if (s != d) check_route(*hosts[s], *hosts[d], file);
    return;
  }
  for (std::size_t s = 0; s < n; ++s) check_route(*hosts[s], *hosts[(s + 1) % n], file);
  // Whether two zones have a route (a zoneRoute, or one between zones that hold them) does not
  // depend on the hosts: one pair of hosts per pair of zones finds a missing one before the run.
  std::vector<const sg4::Host*> first_of_zone;
  std::unordered_set<const sg4::NetZone*> zones;
  for (const sg4::Host* h : hosts)
    if (zones.insert(h->get_englobing_zone()).second) first_of_zone.push_back(h);
  const std::size_t z = first_of_zone.size();
  for (std::size_t a = 0; a < z; ++a)
    for (std::size_t b = 0; b < z; ++b)
      if (a != b && (z <= static_cast<std::size_t>(kAllPairsHosts) || b == (a + 1) % z))
        check_route(*first_of_zone[a], *first_of_zone[b], file);
}

}  // namespace hetcoll
