#include "algorithms/divisible/star_platform.hpp"

#include <algorithm>

namespace hetcoll {
namespace {

double up_bandwidth(double d) { return d > 0 ? kStarUnit / d : kStarUnit; }

std::string link_name(int host, const char* side) { return "p" + std::to_string(host) + side; }

}  // namespace

Platform star_platform(const Star& star) {
  const int p = star.workers();
  Platform platform;
  double fastest = 0;
  for (int i = 0; i < p; ++i) fastest = std::max({fastest, kStarUnit / star.c[i], up_bandwidth(star.d[i])});
  platform.links.push_back({link_name(0, "_UP"), fastest, 0.0});
  platform.links.push_back({link_name(0, "_DOWN"), fastest, 0.0});
  platform.hosts.push_back({"p0", kStarUnit, 0, 1, 0});
  for (int i = 0; i < p; ++i) {
    const int host = i + 1;
    platform.links.push_back({link_name(host, "_UP"), up_bandwidth(star.d[i]), star.return_latency_of(i)});
    platform.links.push_back({link_name(host, "_DOWN"), kStarUnit / star.c[i], star.send_latency_of(i)});
    platform.hosts.push_back({"p" + std::to_string(host), kStarUnit / star.w[i], 2 * host, 2 * host + 1, 0});
  }
  platform.between = {{{}}};
  return platform;
}

std::vector<LinkSetting> star_link_settings(const Star& star) {
  const Platform target = star_platform(star);
  std::vector<LinkSetting> settings;
  settings.reserve(target.links.size());
  for (const LinkSpec& link : target.links) settings.push_back({link.name, link.bandwidth, link.latency});
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
                      StarRates& rates) {
  const double speed = platform.reference_speed();
  Star star;
  rates = StarRates{};
  for (int host = 1; host <= workers; ++host) {
    const RouteCost down = platform.route(0, host), up = platform.route(host, 0);
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
