#include "engine/simgrid/simgrid_platform_builder.hpp"

#include <simgrid/s4u.hpp>

#include <string>

#include "core/error.hpp"
#include "platform/simgrid_xml.hpp"

namespace sg4 = simgrid::s4u;

namespace hetcoll {
namespace {

// As SimGrid's loader for <link>: bandwidth, sharing policy, latency, then sealed.
sg4::Link* create_link(sg4::NetZone& zone, const Platform& p, int index) {
  const LinkSpec& l = p.links[index];
  return zone.create_link(p.link_name(index), std::vector<double>{l.bandwidth})
      ->set_sharing_policy(l.shared ? sg4::Link::SharingPolicy::SHARED : sg4::Link::SharingPolicy::FATPIPE)
      ->set_latency(l.latency)
      ->seal();
}

std::vector<sg4::Host*> create_hosts(sg4::NetZone& zone, const Platform& p) {
  std::vector<sg4::Host*> hosts;
  hosts.reserve(p.hosts.size());
  for (int h = 0; h < p.host_count(); ++h)
    hosts.push_back(
        zone.create_host(p.host_name(h), std::vector<double>{p.hosts[h].speed})->set_core_count(1)->seal());
  return hosts;
}

// One zone: a Cluster zone (SimGrid 3.32 makes it a star zone) inside a Full root. The loader
// creates the backbone when the cluster zone closes, after its other links, then gives each
// host (in order) its route up (uplink, backbone) and down (backbone, downlink).
std::vector<sg4::Host*> build_cluster(const Platform& p, int backbone_index) {
  sg4::NetZone* world = sg4::create_full_zone("world");  // the first zone is the root
  sg4::NetZone* cluster = sg4::create_star_zone("cluster");
  cluster->set_parent(world);
  std::vector<sg4::Host*> hosts = create_hosts(*cluster, p);
  std::vector<sg4::Link*> links(p.links.size(), nullptr);
  for (std::size_t i = 0; i < p.links.size(); ++i)
    if (static_cast<int>(i) != backbone_index) links[i] = create_link(*cluster, p, static_cast<int>(i));
  const sg4::Link* backbone = backbone_index < 0 ? nullptr : create_link(*cluster, p, backbone_index);
  for (std::size_t i = 0; i < p.hosts.size(); ++i) {
    const sg4::LinkInRoute up{links[p.hosts[i].up]}, down{links[p.hosts[i].down]};
    simgrid::kernel::routing::NetPoint* point = hosts[i]->get_netpoint();
    if (backbone != nullptr) {
      const sg4::LinkInRoute middle{backbone};
      cluster->add_route(point, nullptr, nullptr, nullptr, {up, middle}, false);
      cluster->add_route(nullptr, point, nullptr, nullptr, {middle, down}, false);
    } else {
      cluster->add_route(point, nullptr, nullptr, nullptr, {up}, false);
      cluster->add_route(nullptr, point, nullptr, nullptr, {down}, false);
    }
  }
  return hosts;
}

// Several zones: one Floyd zone with a router per zone (simgrid_layout), in write_simgrid_xml's
// order: hosts, routers, links, each host's two routes, then the routes between routers.
std::vector<sg4::Host*> build_zones(const Platform& p, int zones) {
  sg4::NetZone* world = sg4::create_floyd_zone("world");
  std::vector<sg4::Host*> hosts = create_hosts(*world, p);
  std::vector<simgrid::kernel::routing::NetPoint*> routers;
  for (int z = 0; z < zones; ++z) routers.push_back(world->create_router("router" + std::to_string(z)));
  std::vector<sg4::Link*> links;
  for (std::size_t i = 0; i < p.links.size(); ++i) links.push_back(create_link(*world, p, static_cast<int>(i)));
  auto route = [&](simgrid::kernel::routing::NetPoint* src, simgrid::kernel::routing::NetPoint* dst, int link,
                   bool symmetrical) {
    world->add_route(src, dst, nullptr, nullptr, {sg4::LinkInRoute{links[link]}}, symmetrical);
  };
  for (std::size_t i = 0; i < p.hosts.size(); ++i) {
    route(hosts[i]->get_netpoint(), routers[p.hosts[i].zone], p.hosts[i].up, false);
    route(routers[p.hosts[i].zone], hosts[i]->get_netpoint(), p.hosts[i].down, false);
  }
  for (int a = 0; a < zones; ++a)
    for (int b = a + 1; b < zones; ++b) {
      const bool same = p.between[a][b] == p.between[b][a];
      route(routers[a], routers[b], p.between[a][b][0], same);
      if (!same) route(routers[b], routers[a], p.between[b][a][0], false);
    }
  return hosts;
}

}  // namespace

std::vector<sg4::Host*> build_simgrid_platform(const Platform& platform) {
  const SimgridLayout layout = simgrid_layout(platform);
  if (platform.hosts.empty()) throw InputError("platform: the platform has no host");
  std::vector<sg4::Host*> hosts;
  try {
    hosts = layout.zones > 1 ? build_zones(platform, layout.zones) : build_cluster(platform, layout.backbone);
    // The loader announces the platform at the end of the file (Paje tracing declares its
    // containers then), and the session seals it before describing it.
    sg4::Engine::on_platform_created();
    sg4::Engine::get_instance()->seal_platform();
  } catch (const std::exception& e) {
    // Duplicate names and the like: a generated platform should never have them.
    const std::string what = e.what();
    throw InputError("platform: SimGrid refuses the generated platform: " + what.substr(0, what.find('\n')));
  }
  return hosts;
}

}  // namespace hetcoll
