// Reading a point of the `broadcast` family: its keys, which apply to which costs, and the
// settings the runners read.
#include "algorithms/broadcast/support/broadcast_settings.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "algorithms/broadcast/support/broadcast_keys.hpp"
#include "algorithms/broadcast/support/intra_models.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

std::vector<std::string> broadcast_intra_choices() {
  std::vector<std::string> names = {"best"};
  for (IntraStrategy s : executable_intra_strategies()) names.push_back(intra_strategy_info(s).name);
  return names;
}

const BroadcastKeys& broadcast_keys() {
  static const BroadcastKeys k;
  return k;
}

namespace {

const BroadcastKeys& keys() { return broadcast_keys(); }

/// A gap runs as a delay of gap · host_speed whole flops: the slowest message the generated
/// platform can carry (over a WAN link of window / (2 · latency) bytes/s if it has WAN links)
/// must keep it exact.
void check_longest_gap(const BroadcastSettings& s, double longest_latency, bool wan) {
  const GridPlatformSpec& p = s.platform;
  double slowest = p.lan_bandwidth;
  if (wan && longest_latency > 0) slowest = std::min(slowest, p.wan_window / (2 * longest_latency));
  const double gap = s.overhead + s.message / slowest + longest_latency;
  if (!(gap * p.host_speed <= kMaxAmount))
    throw InputError("keys 'message' = " + format_number(s.message) + ", 'lan-bandwidth' = " +
                     format_number(p.lan_bandwidth) +
                     (wan ? ", 'wan-window' = " + format_number(p.wan_window) : std::string()) +
                     " and the longest latency (" + format_number(longest_latency) + " s) give a message time of " +
                     format_number(gap) + " s; at most " + format_number(kMaxAmount / p.host_speed) +
                     " s is timed exactly (docs/keys.md)");
}

/// Bit of each CostsMode in the table below.
constexpr unsigned bit(CostsMode mode) { return 1u << static_cast<unsigned>(mode); }
constexpr unsigned kRandom = bit(CostsMode::random), kGiven = bit(CostsMode::given),
                   kLatencyFile = bit(CostsMode::latency_file), kOneCluster = bit(CostsMode::one_cluster),
                   kFile = bit(CostsMode::platform_file);
constexpr unsigned kAbstract = kRandom | kGiven, kGenerated = kLatencyFile | kOneCluster,
                   kPlatform = kGenerated | kFile, kEvery = kAbstract | kPlatform;

/// Which key applies to which costs (docs/broadcast.md has the same table, and a test compares
/// them). A key applies where the family reads it; elsewhere it would be silently ignored.
const std::vector<std::pair<std::string, unsigned>>& key_modes() {
  static const std::vector<std::pair<std::string, unsigned>> table = {
      {"clusters", kEvery},  // C, or with costs = platform the count Lowekamp must find
      {"message", kEvery},   // with abstract costs it labels the rows (g is drawn or given)
      {"cluster-hosts", kOneCluster | kFile},
      {"costs", kEvery},
      {"rho", kPlatform},
      {"root", kEvery},
      {"latency-file", kLatencyFile},
      {"lan-bandwidth", kGenerated},
      {"wan-window", kLatencyFile},  // one generated cluster has no WAN link
      {"overhead", kPlatform},
      {"sender-busy", kEvery},
      {"fef-weight", kEvery},
      {"bottomup-ready", kEvery},
      {"intra", kPlatform},
      {"segment", kPlatform},  // the mpi-* rows run over a platform's hosts only
      {"radix", kPlatform},
      {"latency-min", kRandom},
      {"latency-max", kRandom},
      {"gap-min", kRandom},
      {"gap-max", kRandom},
      {"intra-min", kRandom},
      {"intra-max", kRandom},
      {"gaps", kGiven},
      {"latencies", kGiven},
      {"intra-times", kGiven},
      {"cluster-latency", kOneCluster},
      {"cv", kEvery},
  };
  return table;
}

/// True if parameter `p` holds another value than its default at `point`. The family sees
/// values only: a key written at its default is as good as absent.
bool differs_from_default(const ParameterSpec& p, std::size_t i, const Point& point) {
  switch (p.kind) {
    case ParameterKind::number: return point.values[i] != p.default_value;
    case ParameterKind::list: return !point.lists[i].empty();  // the family's lists default to none
    case ParameterKind::text: return point.texts[i] != p.default_text;
  }
  return false;
}

void check_range(double low, double high, const char* low_key, const char* high_key) {
  if (low > high)
    throw InputError(std::string("key '") + low_key + "' (" + format_number(low) + ") exceeds key '" + high_key +
                     "' (" + format_number(high) + ")");
}

std::vector<double> sized(const Point& point, ListKey key, const char* name, std::size_t size) {
  const std::vector<double>& values = point[key];
  if (values.size() != size)
    throw InputError(std::string("key '") + name + "' expects " + std::to_string(size) +
                     " values with costs = given, got " + std::to_string(values.size()));
  return values;
}

std::shared_ptr<const GridCosts> given_costs(const Point& point, int clusters, int root) {
  auto c = std::make_shared<GridCosts>();
  const std::size_t cells = static_cast<std::size_t>(clusters) * clusters;
  c->clusters = clusters;
  c->root = root;
  c->gap = sized(point, keys().gaps, "gaps", cells);
  c->latency = sized(point, keys().latencies, "latencies", cells);
  c->intra = sized(point, keys().intra_times, "intra-times", clusters);
  return c;
}

}  // namespace

void refuse_keys_that_do_not_apply(const Point& point, std::optional<bool> platform_file,
                                   const std::set<std::string>& written) {
  std::vector<CostsMode> modes = {costs_mode(point, platform_file.value_or(false))};
  std::string name = costs_mode_name(modes[0]);
  if (!platform_file && modes[0] == CostsMode::one_cluster) {
    modes.push_back(CostsMode::platform_file);
    name = "costs = platform without latency-file (one generated cluster, or a platform file)";
  }
  const std::vector<ParameterSpec>& specs = broadcast_keys().table.specs();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ParameterSpec& p = specs[i];
    if ((!differs_from_default(p, i, point) && !written.count(p.key)) ||
        std::any_of(modes.begin(), modes.end(), [&](CostsMode m) { return broadcast_key_applies(p.key, m); }))
      continue;
    std::string why;
    if (p.key == "cluster-hosts" && modes[0] == CostsMode::latency_file)
      why = " (the latency file gives the hosts; with a platform file, remove key 'latency-file' instead: "
            "'cluster-hosts', or key 'hosts', then counts the file's hosts)";
    else if (p.key == "cluster-hosts")
      why = " (key 'hosts' sets it to the hosts it selects)";
    else if (p.key == "latency-file")
      why = " (the platform file's hosts are measured; select them with key 'hosts')";
    throw InputError("key '" + p.key + "' does not apply to " + name + why +
                     "; remove it (docs/broadcast.md: which key applies to which costs)");
  }
}

const std::vector<CostsMode>& costs_modes() {
  static const std::vector<CostsMode> modes = {CostsMode::random, CostsMode::given, CostsMode::latency_file,
                                               CostsMode::one_cluster, CostsMode::platform_file};
  return modes;
}

std::string costs_mode_name(CostsMode mode) {
  switch (mode) {
    case CostsMode::random: return "costs = random";
    case CostsMode::given: return "costs = given";
    case CostsMode::latency_file: return "costs = platform, generated from latency-file";
    case CostsMode::one_cluster: return "costs = platform, one generated cluster";
    case CostsMode::platform_file: return "costs = platform, platform file";
  }
  throw std::logic_error("broadcast: a costs mode without a name");
}

CostsMode costs_mode(const Point& point, bool platform_file) {
  const std::string& costs = point[keys().costs];
  if (costs == "random") return CostsMode::random;
  if (costs == "given") return CostsMode::given;
  if (platform_file) return CostsMode::platform_file;
  return point[keys().latency_file].empty() ? CostsMode::one_cluster : CostsMode::latency_file;
}

bool broadcast_key_applies(const std::string& key, CostsMode mode) {
  for (const auto& [name, modes] : key_modes())
    if (name == key) return (modes & bit(mode)) != 0;
  throw std::logic_error("broadcast: key '" + key + "' is missing from the table of costs modes");
}

BroadcastSettings broadcast_settings(const Point& point, std::optional<bool> platform_file) {
  BroadcastSettings s;
  const BroadcastKeys& k = keys();
  const std::string& costs = point[k.costs];
  s.mode = costs_mode(point, platform_file.value_or(false));
  refuse_keys_that_do_not_apply(point, platform_file);
  s.clusters = static_cast<int>(point[k.clusters]);
  s.message = point[k.message];
  s.abstract = costs != "platform";
  s.rho = point[k.rho];
  if (s.rho > 1) throw InputError("key 'rho' expects a tolerance in (0, 1], got " + format_number(s.rho));
  const std::string& root = point[k.root];
  s.latency_file = point[k.latency_file];
  s.platform.lan_bandwidth = point[k.lan_bandwidth];
  s.platform.wan_window = point[k.wan_window];
  s.overhead = point[k.overhead];
  s.cv = point[k.cv];
  s.options.busy_until_arrival = point[k.sender_busy] == "g+L";
  s.options.fef_full_cost = point[k.fef_weight] == "g+L";
  s.options.bottomup_ready = point[k.bottomup_ready] == "yes";
  s.intra = point[k.intra];
  s.segment = point[k.segment];
  s.radix = static_cast<int>(point[k.radix]);
  // A program holds every segment of every rank: as many as a cluster's segmented chain may.
  constexpr double kMaxSegments = 65536;
  if (s.segment > 0 && std::ceil(s.message / s.segment) > kMaxSegments)
    throw InputError("key 'segment' = " + format_number(s.segment) + ": the message of " + format_number(s.message) +
                     " bytes in more than " + format_number(kMaxSegments) + " segments; give segment >= " +
                     format_number(std::ceil(s.message / kMaxSegments)) + ", or 0");
  s.ranges = {point[k.latency_min], point[k.latency_max], point[k.gap_min],
              point[k.gap_max],    point[k.intra_min],   point[k.intra_max]};
  check_range(s.ranges.latency_min, s.ranges.latency_max, "latency-min", "latency-max");
  check_range(s.ranges.gap_min, s.ranges.gap_max, "gap-min", "gap-max");
  check_range(s.ranges.intra_min, s.ranges.intra_max, "intra-min", "intra-max");
  if (s.abstract) {
    if (costs == "given" && s.clusters == 0) s.clusters = static_cast<int>(point[k.intra_times].size());
    // The default point runs: the 8 clusters of the study on Table 3's ranges.
    constexpr int kDefaultRandomClusters = 8;
    if (costs == "random" && s.clusters == 0) s.clusters = kDefaultRandomClusters;
    if (s.clusters < 1) throw InputError("key 'clusters' expects at least 1 cluster with costs = " + costs);
    s.root = resolve_root(root, s.clusters, nullptr, false, "clusters");
    if (costs == "given") s.given = given_costs(point, s.clusters, s.root);
    return s;
  }
  s.cluster_hosts = static_cast<int>(point[k.cluster_hosts]);
  s.cluster_latency = point[k.cluster_latency];
  if (s.latency_file.empty() && s.cluster_hosts < 1)
    throw InputError(platform_file.value_or(false)
                         ? "key 'cluster-hosts' is needed with costs = platform and a platform file: how many of its "
                           "hosts the run uses (key 'hosts' sets it to the hosts it selects)"
                         : "key 'cluster-hosts' (the hosts of a platform file, which key 'hosts' sets, or one "
                           "generated cluster) or 'latency-file' (a CSV matrix) is needed with costs = platform");
  if (s.mode == CostsMode::latency_file) {
    const LatencyMatrix m = read_latency_csv(s.latency_file);
    s.hosts = m.n;
    check_longest_gap(s, *std::max_element(m.w.begin(), m.w.end()) * s.platform.latency_unit, true);
  } else {
    s.hosts = s.cluster_hosts;
    // One generated cluster has no WAN link; a platform file's own rates are its own.
    if (s.mode == CostsMode::one_cluster) check_longest_gap(s, s.cluster_latency * s.platform.latency_unit, false);
  }
  // A name needs the file's hosts: prepare() resolves it.
  check_root_text(root, s.hosts, s.mode == CostsMode::platform_file || !platform_file, false);
  long long index = 0;
  if (root_index(root, index)) s.root = static_cast<int>(index);
  return s;
}

LatencyMatrix broadcast_latencies(const BroadcastSettings& s) {
  if (!s.latency_file.empty()) return read_latency_csv(s.latency_file);
  LatencyMatrix m;
  m.n = s.cluster_hosts;
  m.w.assign(static_cast<std::size_t>(m.n) * m.n, s.cluster_latency);
  for (int h = 0; h < m.n; ++h) m.at(h, h) = 0;
  return m;
}

}  // namespace hetcoll
