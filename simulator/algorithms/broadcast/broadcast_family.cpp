#include "algorithms/broadcast/broadcast_family.hpp"

#include <algorithm>

#include "algorithms/amount_limits.hpp"
#include "algorithms/broadcast/broadcast_settings.hpp"
#include "algorithms/broadcast/heuristics.hpp"
#include "algorithms/broadcast/intra_models.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

enum Param {
  kClusters, kMessage, kClusterHosts, kCosts, kRho, kRoot, kLatencyFile, kLanBandwidth, kWanWindow, kOverhead,
  kSenderBusy,
  kFefWeight, kBottomupReady, kIntra, kLatencyMin, kLatencyMax, kGapMin, kGapMax, kIntraMin, kIntraMax, kGaps,
  kLatencies, kIntraTimes, kClusterLatency,
};

std::vector<std::string> intra_choices() {
  std::vector<std::string> names = {"best"};
  for (IntraStrategy s : executable_intra_strategies()) names.push_back(intra_strategy_info(s).name);
  return names;
}

class BroadcastFamily final : public Family {
 public:
  BroadcastFamily() {
    for (const InterHeuristic& h : inter_heuristics()) algorithms_.push_back({h.name, h.description});
  }
  std::string name() const override { return "broadcast"; }
  std::string description() const override {
    return "grid-aware broadcast: Lowekamp clusters, pLogP strategies, inter-cluster heuristics (Steffenel 2006)";
  }
  const std::vector<ParameterSpec>& parameters() const override { return broadcast_parameters(); }
  const std::vector<AlgorithmInfo>& algorithms() const override { return algorithms_; }
  const std::vector<MetricSpec>& metrics() const override {
    static const std::vector<MetricSpec> metrics = {
        {"predicted", "completion time the framework predicts (pLogP, Table 1), seconds", {"mean"}}};
    return metrics;
  }
  std::string value_description() const override { return "completion time of the broadcast (s)"; }
  // With costs = platform the simulator surveys every pair of hosts, so a platform file must
  // come with its routes on the SimGrid engine too.
  bool needs_routes() const override { return true; }
  int hosts_needed(const Point& point) const override {
    const BroadcastSettings s = broadcast_settings(point);
    return s.abstract ? s.clusters : s.hosts;
  }
  // Costs between every two clusters (L, g, and the edges the heuristics weigh), or between
  // every two hosts (latencies, measured pLogP, routes): a few tables of n² numbers.
  double unit_memory(const Point& point) const override {
    const double n = hosts_needed(point);
    return 64.0 * n * n;
  }
  Platform platform_for(const Point& point) const override {
    const BroadcastSettings s = broadcast_settings(point);
    if (s.abstract) return abstract_grid_platform(s.clusters);
    return grid_platform(broadcast_latencies(s), s.platform, s.latency_file.empty() ? "cluster-hosts" : s.latency_file);
  }
  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed) const override {
    const BroadcastSettings s = broadcast_settings(point);
    if (s.abstract) return make_random_grid_runner(s, algorithms, platform, seed);
    return make_platform_grid_runner(s, algorithms, platform);
  }

 private:
  std::vector<AlgorithmInfo> algorithms_;
};

/// A gap runs as a delay of gap · host_speed whole flops: the slowest message the generated
/// platform can carry (over a WAN link of window / (2 · latency) bytes/s) must keep it exact.
void check_longest_gap(const BroadcastSettings& s, double longest_latency) {
  const GridPlatformSpec& p = s.platform;
  double slowest = p.lan_bandwidth;
  if (longest_latency > 0) slowest = std::min(slowest, p.wan_window / (2 * longest_latency));
  const double gap = s.overhead + s.message / slowest + longest_latency;
  if (!(gap * p.host_speed <= kMaxAmount))
    throw InputError("keys 'message' = " + format_number(s.message) + ", 'lan-bandwidth' = " +
                     format_number(p.lan_bandwidth) + ", 'wan-window' = " + format_number(p.wan_window) +
                     " and the longest latency (" + format_number(longest_latency) + " s) give a message time of " +
                     format_number(gap) + " s; at most " + format_number(kMaxAmount / p.host_speed) +
                     " s is timed exactly (docs/keys.md)");
}

void check_range(double low, double high, const char* low_key, const char* high_key) {
  if (low > high)
    throw InputError(std::string("key '") + low_key + "' (" + format_number(low) + ") exceeds key '" + high_key +
                     "' (" + format_number(high) + ")");
}

std::vector<double> sized(const Point& point, int key, const char* name, std::size_t size) {
  const std::vector<double>& values = point.lists[key];
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
  c->gap = sized(point, kGaps, "gaps", cells);
  c->latency = sized(point, kLatencies, "latencies", cells);
  c->intra = sized(point, kIntraTimes, "intra-times", clusters);
  return c;
}

}  // namespace

const std::vector<ParameterSpec>& broadcast_parameters() {
  static const std::vector<ParameterSpec> params = {
      number_key("clusters", "clusters C (costs = random or given); with costs = platform, the count Lowekamp "
                             "must find (0: any)", 0).sweep().whole().at_most(kMaxHosts),
      number_key("message", "message size m in bytes", 4194304).sweep().whole().above(0).at_most(kMaxMessage),
      number_key("cluster-hosts", "costs = platform without latency-file: one homogeneous cluster of this many "
                                  "hosts", 0).sweep().whole().at_most(kMaxHosts),
      text_key("costs", "random: L, g, T drawn per run (Table 3); given: keys gaps, latencies, intra-times; "
                        "platform: measured on the platform", "random", {"random", "given", "platform"}),
      number_key("rho", "Lowekamp's tolerance, in (0, 1]", 0.2).above(0).at_most(1),
      number_key("root", "root cluster (costs = random or given) or root host (costs = platform)", 0).whole()
          .at_most(kMaxHosts - 1),
      text_key("latency-file", "host latency matrix (CSV, microseconds) from which the platform is generated"),
      number_key("lan-bandwidth", "bytes/s of every host's links (generated platform)", 1.25e8).above(0)
          .at_most(kMaxBandwidth),
      number_key("wan-window", "TCP window in bytes: a WAN link carries window / RTT bytes/s (generated "
                               "platform)", 65536).above(0).at_most(kMaxMessage),
      number_key("overhead", "pLogP g(0): a sender's per-message gap, seconds", 2e-5).at_most(kLongestDelay),
      text_key("sender-busy", "a sender is busy for g (pLogP) or g+L (Bhat) after it starts a send",
               "g", {"g", "g+L"}),
      text_key("fef-weight", "FEF edge weight: latency (the paper) or g+L (Bhat)", "latency", {"latency", "g+L"}),
      text_key("bottomup-ready", "yes: BottomUp adds the sender's ready time RT_i inside its min",
               "no", {"no", "yes"}),
      text_key("intra", "intra-cluster strategy: best (of the executable ones) or one of them",
               "best", intra_choices()),
      number_key("latency-min", "smallest L between clusters (s, costs = random)", 0.001).at_most(kLongestDelay),
      number_key("latency-max", "largest L between clusters (s, costs = random)", 0.015).at_most(kLongestDelay),
      number_key("gap-min", "smallest g(m) between clusters (s, costs = random)", 0.1).at_most(kLongestDelay),
      number_key("gap-max", "largest g(m) between clusters (s, costs = random)", 0.6).at_most(kLongestDelay),
      number_key("intra-min", "smallest intra-cluster broadcast time T (s, costs = random)", 0.02)
          .at_most(kLongestDelay),
      number_key("intra-max", "largest intra-cluster broadcast time T (s, costs = random)", 3).at_most(kLongestDelay),
      list_key("gaps", "g_ij(m) between clusters, C x C row by row (s, costs = given)").at_most(kLongestDelay),
      list_key("latencies", "L_ij between clusters, C x C row by row (s, costs = given)").at_most(kLongestDelay),
      list_key("intra-times", "T_c of every cluster, C values (s, costs = given)").at_most(kLongestDelay),
      number_key("cluster-latency", "latency between two hosts of the cluster-hosts cluster (microseconds)", 50)
          .above(0)
          .at_most(kMaxLatencyMicroseconds),
  };
  return params;
}

BroadcastSettings broadcast_settings(const Point& point) {
  BroadcastSettings s;
  const std::vector<double>& v = point.values;
  const std::vector<std::string>& t = point.texts;
  s.clusters = static_cast<int>(v[kClusters]);
  s.message = v[kMessage];
  s.abstract = t[kCosts] != "platform";
  s.rho = v[kRho];
  if (s.rho > 1) throw InputError("key 'rho' expects a tolerance in (0, 1], got " + format_number(s.rho));
  s.root = static_cast<int>(v[kRoot]);
  s.latency_file = t[kLatencyFile];
  s.platform.lan_bandwidth = v[kLanBandwidth];
  s.platform.wan_window = v[kWanWindow];
  s.overhead = v[kOverhead];
  s.options.busy_until_arrival = t[kSenderBusy] == "g+L";
  s.options.fef_full_cost = t[kFefWeight] == "g+L";
  s.options.bottomup_ready = t[kBottomupReady] == "yes";
  s.intra = t[kIntra];
  s.ranges = {v[kLatencyMin], v[kLatencyMax], v[kGapMin], v[kGapMax], v[kIntraMin], v[kIntraMax]};
  check_range(s.ranges.latency_min, s.ranges.latency_max, "latency-min", "latency-max");
  check_range(s.ranges.gap_min, s.ranges.gap_max, "gap-min", "gap-max");
  check_range(s.ranges.intra_min, s.ranges.intra_max, "intra-min", "intra-max");
  if (s.abstract) {
    if (t[kCosts] == "given" && s.clusters == 0) s.clusters = static_cast<int>(point.lists[kIntraTimes].size());
    if (s.clusters < 1) throw InputError("key 'clusters' expects at least 1 cluster with costs = " + t[kCosts]);
    if (s.root >= s.clusters)
      throw InputError("key 'root': cluster " + std::to_string(s.root) + " does not exist (clusters = " +
                       std::to_string(s.clusters) + ")");
    if (t[kCosts] == "given") s.given = given_costs(point, s.clusters, s.root);
    return s;
  }
  s.cluster_hosts = static_cast<int>(v[kClusterHosts]);
  s.cluster_latency = v[kClusterLatency];
  if (s.latency_file.empty() && s.cluster_hosts < 1)
    throw InputError("key 'latency-file' (a CSV matrix) or 'cluster-hosts' is needed with costs = platform");
  double longest_latency = s.cluster_latency;  // microseconds
  if (s.latency_file.empty()) {
    s.hosts = s.cluster_hosts;
  } else {
    const LatencyMatrix m = read_latency_csv(s.latency_file);
    s.hosts = m.n;
    longest_latency = *std::max_element(m.w.begin(), m.w.end());
  }
  check_longest_gap(s, longest_latency * s.platform.latency_unit);
  if (s.root >= s.hosts)
    throw InputError("key 'root': host " + std::to_string(s.root) + " does not exist (the platform has " +
                     std::to_string(s.hosts) + " hosts)");
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

const Family& broadcast_family() {
  static const BroadcastFamily family;
  return family;
}

}  // namespace hetcoll
