#include "algorithms/redistribute/support/execution.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "algorithms/redistribute/support/inputs.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

Platform two_cluster_platform(const std::vector<double>& nic, double backbone) {
  // The ideal cluster's hosts and links (names included) with the NICs' speeds, and a backbone.
  const int n = static_cast<int>(nic.size());
  Platform p = ideal_cluster(n, kHostSpeed);
  for (int i = 0; i < n; ++i) {
    p.links.edit(2 * i).bandwidth = nic[i];
    p.links.edit(2 * i + 1).bandwidth = nic[i];
  }
  p.between = {{{p.add_link("backbone", {backbone, 0.0})}}};
  return p;
}

namespace {

// A link's speed in whole Mbit/s: the base speed is a GCD of whole numbers (derive_instance).
double whole_mbit(const Platform& p, int link, const std::string& role) {
  const LinkSpec& l = p.links[link];
  const double mbit = l.bandwidth / kBytesPerMbit, whole = std::round(mbit);
  if (!(whole >= 1) || !(whole <= kMaxMbitPerSecond) || std::abs(mbit - whole) > 1e-9 * whole)
    throw InputError(p.source() + ": link " + p.link_name(link) + " (" + role + ") runs at " + format_number(mbit) +
                     " Mbit/s (" + format_number(l.bandwidth) +
                     " B/s); the speeds must be whole Mbit/s in [1, 1e9], whose GCD is the base speed");
  return whole;
}

}  // namespace

PlatformSpeeds read_platform_speeds(const Platform& p, int senders, int receivers) {
  const int n = senders + receivers;
  if (p.host_count() < n)
    throw InputError(p.source() + ": the platform has " + std::to_string(p.host_count()) + " hosts, keys 'senders' + "
                     "'receivers' need " + std::to_string(n));
  if (p.route_link_start.empty()) throw std::logic_error("read_platform_speeds: the platform has no route links");
  auto host = [&](int v) { return (v < senders ? "sender host " : "receiver host ") + p.host_name(v); };
  auto route = [&](int s, int t) { return "the route " + p.host_name(s) + " -> " + p.host_name(t); };
  std::vector<int> nic(n, -1), crossings(p.links.size(), 0);
  auto own = [&](int v, int link, const std::string& ends) {
    if (nic[v] >= 0 && nic[v] != link)
      throw InputError(p.source() + ": " + ends + " of " + host(v) + "'s routes are links " + p.link_name(nic[v]) +
                       " and " + p.link_name(link) + " (the model gives a node one NIC)");
    nic[v] = link;
  };
  for (int s = 0; s < senders; ++s)
    for (int t = senders; t < n; ++t) {
      const std::vector<int> path = p.route_path(s, t);
      if (path.empty()) throw InputError(p.source() + ": " + route(s, t) + " crosses no link");
      own(s, path.front(), "the first links");
      own(t, path.back(), "the last links");
      for (int link : std::set<int>(path.begin(), path.end())) ++crossings[link];
    }
  std::vector<int> owner(p.links.size(), -1);
  for (int v = 0; v < n; ++v) {
    if (owner[nic[v]] >= 0)
      throw InputError(p.source() + ": " + host(owner[nic[v]]) + " and " + host(v) + " share link " +
                       p.link_name(nic[v]) + " as their NIC (the model gives each node its own)");
    owner[nic[v]] = v;
    if (!p.links[nic[v]].shared)
      throw InputError(p.source() + ": link " + p.link_name(nic[v]) + ", the NIC of " + host(v) +
                       ", is FATPIPE: its streams do not share it, and the model gives a node NIC / base streams");
  }
  // A NIC carries the streams of its own node only: no other route may cross it.
  for (int s = 0; s < senders; ++s)
    for (int t = senders; t < n; ++t) {
      const std::vector<int> path = p.route_path(s, t);
      for (std::size_t i = 0; i < path.size(); ++i) {
        const int o = owner[path[i]];
        if (o >= 0 && !(i == 0 && o == s) && !(i + 1 == path.size() && o == t))
          throw InputError(p.source() + ": " + route(s, t) + " crosses link " + p.link_name(path[i]) + ", the NIC of " +
                           host(o) + " (the model's NICs carry their own node's streams only)");
      }
    }
  // The backbone: the slowest shared link, NICs aside, that every route from a sender to a
  // receiver crosses; else the slowest link of these routes (ties: the first met).
  const int routes = senders * receivers;
  int backbone = -1;
  for (int link : p.route_path(0, senders))
    if (owner[link] < 0 && crossings[link] == routes && p.links[link].shared &&
        (backbone < 0 || p.links[link].bandwidth < p.links[backbone].bandwidth))
      backbone = link;
  PlatformSpeeds speeds;
  speeds.shared = backbone >= 0;
  if (!speeds.shared)
    for (int s = 0; s < senders; ++s)
      for (int t = senders; t < n; ++t)
        for (int link : p.route_path(s, t))
          if (backbone < 0 || p.links[link].bandwidth < p.links[backbone].bandwidth) backbone = link;
  for (int v = 0; v < n; ++v) speeds.nic.push_back(whole_mbit(p, nic[v], "NIC of " + host(v)));
  speeds.backbone = whole_mbit(p, backbone, speeds.shared ? "backbone" : "backbone: the slowest link of the routes");
  speeds.backbone_link = p.link_name(backbone);
  return speeds;
}

void nic_settings(const std::vector<int>& links, const std::vector<double>& nic, std::vector<LinkSetting>& settings) {
  for (std::size_t i = 0; i < nic.size(); ++i) {
    settings.push_back({links.at(2 * i), nic[i], 0.0});
    settings.push_back({links.at(2 * i + 1), nic[i], 0.0});
  }
}

Plan schedule_plan(const Instance& instance, const Schedule& schedule, double rate) {
  Plan plan;
  std::vector<int> previous;  // comms of the previous step
  for (const Step& step : schedule) {
    PlanOp wait;
    wait.kind = ActivityKind::compute;
    wait.host = 0;
    wait.cost = instance.beta;
    const int barrier = plan.add(wait, previous);
    previous.clear();
    for (const Piece& piece : step) {
      const Message& m = instance.messages[piece.message];
      PlanOp comm;
      comm.kind = ActivityKind::comm;
      comm.host = m.sender;
      comm.peer = instance.receiver_node(m.receiver);
      comm.cost = piece.amount;
      comm.rate = rate;
      previous.push_back(plan.add(comm, {barrier}));
    }
  }
  return plan;
}

}  // namespace hetcoll
