#include "algorithms/divisible/support/star_platform.hpp"

#include <algorithm>

namespace hetcoll {
namespace {

double up_bandwidth(double d) { return d > 0 ? kStarUnit / d : kStarUnit; }

}  // namespace

Platform star_platform(const Star& star) {
  const int p = star.workers();
  double fastest = 0;
  for (int i = 0; i < p; ++i) fastest = std::max({fastest, kStarUnit / star.c[i], up_bandwidth(star.d[i])});
  // The ideal cluster's hosts and links (names included), with the star's numbers.
  Platform platform = ideal_cluster(p + 1, kStarUnit, fastest);
  for (int i = 0; i < p; ++i) {
    const int host = i + 1;
    platform.links.edit(2 * host) = {up_bandwidth(star.d[i]), star.return_latency_of(i)};
    platform.links.edit(2 * host + 1) = {kStarUnit / star.c[i], star.send_latency_of(i)};
    platform.hosts.edit(host).speed = kStarUnit / star.w[i];
  }
  return platform;
}

std::vector<LinkSetting> star_link_settings(const Star& star) {
  const Platform target = star_platform(star);
  std::vector<LinkSetting> settings;
  settings.reserve(target.links.size());
  for (std::size_t i = 0; i < target.links.size(); ++i)
    settings.push_back({static_cast<int>(i), target.links[i].bandwidth, target.links[i].latency});
  return settings;
}

StarRates star_rates(const Star& star, const std::vector<double>& speeds) {
  StarRates rates;
  for (int i = 0; i < star.workers(); ++i) {
    rates.down.push_back(kStarUnit / star.c[i]);
    rates.up.push_back(up_bandwidth(star.d[i]));
    rates.speed.push_back(speeds[i + 1]);
  }
  return rates;
}

Star star_from_routes(const Platform& platform, int workers, double message, double z, double wc_ratio,
                      StarRates& rates, const std::vector<int>& hosts) {
  const double speed = platform.reference_speed();
  Star star;
  rates = StarRates{};
  const int master = hosts.empty() ? 0 : hosts[0];
  for (int i = 1; i <= workers; ++i) {
    const int host = hosts.empty() ? i : hosts[i];
    const RouteCost down = platform.route(master, host), up = platform.route(host, master);
    star.c.push_back(message / down.bandwidth);
    star.d.push_back(z * message / up.bandwidth);  // z = 1 (the default): exactly message / bandwidth
    star.w.push_back(wc_ratio * speed / platform.hosts[host].speed);  // wc-ratio = 1: exactly S / speed
    star.send_latency.push_back(down.latency);
    star.return_latency.push_back(up.latency);
    rates.down.push_back(down.bandwidth);
    rates.up.push_back(up.bandwidth);
    rates.speed.push_back(platform.hosts[host].speed);
  }
  return star;
}

}  // namespace hetcoll
