#include "algorithms/reduce/support/cluster.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <limits>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

// `<host>_UP` for hosts 0..n-1: the links hetcoll platform --times writes.
std::vector<std::string> uplink_names(const Platform& platform, int n) {
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) names.push_back(platform.host_name(i) + "_UP");
  return names;
}

// True for a link of a `<host>_UP` name (hosts the run does not use have them too).
bool is_uplink_name(const std::string& name) {
  return name.size() >= 3 && name.compare(name.size() - 3, 3, "_UP") == 0;
}

// The first link other than the UP links that could slow a message down (a latency, or less
// bandwidth than the fastest used UP link `fastest_up`), or -1.
int slowing_link(const Platform& platform, double fastest_up) {
  for (std::size_t l = 0; l < platform.links.size(); ++l) {
    const LinkSpec& link = platform.links[l];
    if (is_uplink_name(platform.link_name(static_cast<int>(l)))) continue;
    if (link.latency != 0 || link.bandwidth < fastest_up) return static_cast<int>(l);
  }
  return -1;
}

}  // namespace

const std::vector<std::string>& cluster_words() {
  static const std::vector<std::string> words = {"platform", "times", "file", "uniform", "two-type", "power-of-two", "gamma"};
  return words;
}

ClusterKind cluster_kind(const std::string& word) {
  const auto& words = cluster_words();
  const auto it = std::find(words.begin(), words.end(), word);
  if (it == words.end()) throw std::invalid_argument("no cluster kind " + word);
  return static_cast<ClusterKind>(it - words.begin());
}

bool is_drawn(ClusterKind kind) {
  return kind != ClusterKind::platform && kind != ClusterKind::times && kind != ClusterKind::file;
}

double quantise_time(double t) { return std::max(kTimeGrid, std::nearbyint(t / kTimeGrid) * kTimeGrid); }

std::vector<double> draw_times(const ClusterLaw& law, RandomStream& stream) {
  const int n = law.processors;
  std::vector<double> times(n, 1.0);
  switch (law.kind) {
    case ClusterKind::uniform:
      for (double& t : times) t = quantise_time(1 + (law.spread - 1) * stream.uniform());
      break;
    case ClusterKind::two_type: {
      // The slow hosts are the first `slow` of a uniform random permutation (Fisher–Yates).
      const int slow = static_cast<int>(std::lround(law.slow_fraction * n));
      std::vector<int> hosts(n);
      for (int i = 0; i < n; ++i) hosts[i] = i;
      for (int i = 0; i < slow; ++i) {
        std::swap(hosts[i], hosts[i + static_cast<int>(stream.below(n - i))]);
        times[hosts[i]] = law.x;
      }
      break;
    }
    case ClusterKind::power_of_two:
      for (double& t : times) t = std::ldexp(1.0, static_cast<int>(stream.below(law.levels + 1)));
      break;
    case ClusterKind::gamma: {
      const GammaLaw time_law = GammaLaw::from_mean_cv(1.0, law.cv);
      for (double& t : times) t = quantise_time(stream.gamma(time_law));
      break;
    }
    case ClusterKind::platform:
    case ClusterKind::times:
    case ClusterKind::file:
      throw std::logic_error("draw_times: the cluster is not drawn");
  }
  return times;
}

Platform cluster_platform(const std::vector<double>& times, double message) {
  Platform p = ideal_cluster(static_cast<int>(times.size()));
  // DOWN links as fast as the fastest UP link any drawn time can give, or a given one faster:
  // min(UP, DOWN) is then always the sender's UP link.
  double fastest = message / kTimeGrid;
  for (double t : times) fastest = std::max(fastest, message / t);
  for (std::size_t i = 0; i < times.size(); ++i) {
    p.links.edit(p.hosts[i].up).bandwidth = message / times[i];
    p.links.edit(p.hosts[i].down).bandwidth = fastest;
  }
  return p;
}

std::vector<int> uplinks(const Platform& platform, int n) {
  std::vector<int> links;
  links.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    if (platform.hosts[i].up < 0) throw std::logic_error("uplinks: host " + platform.host_name(i) + " has no UP link");
    links.push_back(platform.hosts[i].up);
  }
  return links;
}

void set_uplinks(const std::vector<int>& uplinks, const std::vector<double>& times, double message,
                 std::vector<LinkSetting>& settings) {
  for (std::size_t i = 0; i < times.size(); ++i) settings.push_back({uplinks[i], message / times[i], 0.0});
}

bool has_uplinks(const Platform& platform, int n) {
  if (n > platform.host_count()) return false;
  double fastest_up = 0;
  for (int link : platform.link_indices(uplink_names(platform, n))) {
    if (link < 0) return false;
    fastest_up = std::max(fastest_up, platform.links[link].bandwidth);
  }
  return slowing_link(platform, fastest_up) < 0;
}

std::vector<double> uplink_message_times(const Platform& platform, int n, double bytes) {
  std::vector<double> times;
  for (int link : platform.link_indices(uplink_names(platform, n)))
    times.push_back(platform.links[link].latency + bytes / platform.links[link].bandwidth);
  return times;
}

std::vector<double> fastest_route_times(const Platform& platform, int n, double bytes) {
  std::vector<double> fastest(n, std::numeric_limits<double>::infinity());
  for (int p = 0; p < n; ++p)
    for (int q = 0; q < n; ++q) {
      if (q == p) continue;
      const RouteCost route = platform.route(p, q);
      fastest[p] = std::min(fastest[p], route.latency + bytes / route.bandwidth);
    }
  return fastest;
}

RouteTimes route_times(const Platform& platform, int n, double message, const std::string& where) {
  if (platform.host_count() < n)
    throw InputError(where + ": " + std::to_string(n) + " hosts needed, the platform has " +
                     std::to_string(platform.host_count()));
  RouteTimes result;
  result.times.assign(n, 0.0);
  for (int p = 0; p < n; ++p) {
    double slowest = 0, fastest = std::numeric_limits<double>::infinity();
    for (int q = 0; q < n; ++q) {
      if (q == p) continue;
      const RouteCost route = platform.route(p, q);
      const double t = route.latency + message / route.bandwidth;
      result.times[p] += t / (n - 1);
      slowest = std::max(slowest, t);
      fastest = std::min(fastest, t);
    }
    if (!(result.times[p] >= kShortestTime && result.times[p] <= kLongestTime))
      throw InputError(where + ": host " + platform.host_name(p) + " sends a value of " + format_number(message) +
                       " B in " + format_number(result.times[p]) + " s on average; the reduce family takes times in [" +
                       format_number(kShortestTime) + ", " + format_number(kLongestTime) + "] s (key 'message')");
    if (n > 1) result.sender_spread = std::max(result.sender_spread, slowest / fastest);
  }
  return result;
}

std::vector<double> uplink_times(const Platform& platform, int n, double message, const std::string& where) {
  if (platform.host_count() < n)
    throw InputError(where + ": " + std::to_string(n) + " hosts needed, the platform has " +
                     std::to_string(platform.host_count()));
  std::vector<double> times(n);
  const std::vector<std::string> names = uplink_names(platform, n);
  const std::vector<int> links = platform.link_indices(names);
  double fastest_up = 0;
  for (int i = 0; i < n; ++i) {
    const std::string host = platform.host_name(i);
    const std::string& name = names[i];
    const int link = links[i];
    if (link < 0)
      throw InputError(where + ": host " + host + " has no link " + name +
                       " (cluster = file reads t(p) from it; write such a file with hetcoll platform --times)");
    const LinkSpec& up = platform.links[link];
    times[i] = up.latency + message / up.bandwidth;
    if (!(times[i] >= kShortestTime && times[i] <= kLongestTime))
      throw InputError(where + ": link " + name + " gives t = " + format_number(times[i]) + " s (latency + " +
                       format_number(message) + " B / bandwidth); cluster = file takes times in [" +
                       format_number(kShortestTime) + ", " + format_number(kLongestTime) + "] s");
    fastest_up = std::max(fastest_up, up.bandwidth);
  }
  // Uplinks of unused hosts carry no message of this run.
  const int slowing = slowing_link(platform, fastest_up);
  if (slowing >= 0) {
    const LinkSpec& link = platform.links[slowing];
    throw InputError(where + ": link " + platform.link_name(slowing) + " (bandwidth " + format_number(link.bandwidth) +
                     " B/s, latency " + format_number(link.latency) +
                     " s) could slow a message; reading t(p) from <host>_UP links needs every other link at zero "
                     "latency and at least " + format_number(fastest_up) + " B/s (cluster = file reads such a file "
                     "by its routes)");
  }
  return times;
}

void check_times(const std::vector<double>& times, const std::string& key, const std::string& where) {
  const std::string prefix = where.empty() ? "" : where + ": ";
  if (times.size() < 2)
    throw InputError(prefix + "key '" + key + "' expects at least 2 processors, got " + std::to_string(times.size()));
  for (double t : times)
    if (!(t >= kShortestTime && t <= kLongestTime))
      throw InputError(prefix + "key '" + key + "' expects times in [" + format_number(kShortestTime) + ", " +
                       format_number(kLongestTime) + "] s, got " + format_number(t));
}

std::vector<double> parse_times(const std::string& text, const std::string& key, const std::string& where) {
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream in(spaced);
  std::vector<double> times;
  for (std::string item; in >> item;) times.push_back(parse_number(item, key, where));
  check_times(times, key, where);
  return times;
}

Platform times_platform(const std::string& times_text, const std::string& hosts_text,
                        const std::string& message_text) {
  const std::vector<double> times = parse_times(times_text, "times", "command line");
  if (!hosts_text.empty() && hosts_text != std::to_string(times.size()))
    throw InputError("command line: N is " + hosts_text + " but --times lists " + std::to_string(times.size()) +
                     " hosts (leave N out)");
  double message = kDefaultMessageBytes;
  if (!message_text.empty()) {
    message = parse_number(message_text, "message", "command line");
    if (!(message >= 1 && message <= 1e15 && message == std::floor(message)))
      throw InputError("command line: --message expects a whole number of bytes in [1, 1e15], got '" + message_text +
                       "'");
  }
  return cluster_platform(times, message);
}

}  // namespace hetcoll
