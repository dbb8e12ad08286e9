#include "algorithms/divisible/star_platform.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/number_format.hpp"

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
    platform.links.push_back({link_name(host, "_UP"), up_bandwidth(star.d[i]), 0.0});
    platform.links.push_back({link_name(host, "_DOWN"), kStarUnit / star.c[i], 0.0});
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

Star star_from_routes(const Platform& platform, int workers, StarRates& rates) {
  const double bandwidth = platform.reference_bandwidth(), speed = platform.reference_speed();
  Star star;
  rates = StarRates{};
  for (int host = 1; host <= workers; ++host) {
    const RouteCost down = platform.route(0, host), up = platform.route(host, 0);
    if (down.latency != 0 || up.latency != 0)
      throw InputError("platform: the routes between " + platform.hosts[0].name + " and " + platform.hosts[host].name +
                       " have latency " + format_number(std::max(down.latency, up.latency)) +
                       " s; the divisible family's linear cost model needs 0");
    star.c.push_back(bandwidth / down.bandwidth);
    star.d.push_back(bandwidth / up.bandwidth);
    star.w.push_back(speed / platform.hosts[host].speed);
    rates.down.push_back(down.bandwidth);
    rates.up.push_back(up.bandwidth);
    rates.speed.push_back(platform.hosts[host].speed);
  }
  return star;
}

}  // namespace hetcoll
