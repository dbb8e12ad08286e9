#include "algorithms/broadcast/support/broadcast_family.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "algorithms/amount_limits.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/cluster_command.hpp"
#include "algorithms/broadcast/support/intra_models.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "algorithms/root.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/executor.hpp"

namespace hetcoll {
namespace {

std::vector<std::string> intra_choices() {
  std::vector<std::string> names = {"best"};
  for (IntraStrategy s : executable_intra_strategies()) names.push_back(intra_strategy_info(s).name);
  return names;
}

struct BroadcastKeys;
const BroadcastKeys& keys();

/// The family's keys, declared once and read back as point[keys().message].
struct BroadcastKeys {
  BroadcastKeys() { table.set_columns({clusters, message, cluster_hosts, cv}); }

  KeyTable table;
  NumberKey clusters = table.number("clusters", "clusters C (costs = random or given; 0: 8 random clusters, or as many "
                                                "as intra-times lists); with costs = platform, the count Lowekamp must "
                                                "find (0: any)", 0)
                           .sweep().whole().at_most(kMaxHosts);
  NumberKey message = table.number("message", "message size m in bytes", 4194304)
                          .sweep().whole().above(0).at_most(kMaxMessage);
  NumberKey cluster_hosts = table.number("cluster-hosts", "costs = platform: hosts of the platform file used (key "
                                                          "hosts sets it to its selection), or without a file one "
                                                          "generated homogeneous cluster of this many hosts", 0)
                                .sweep().whole().at_most(kMaxHosts)
                                .applies_when([](const Point& point, bool platform_file) {
                                  return broadcast_key_applies("cluster-hosts", costs_mode(point, platform_file));
                                })
                                // With key `hosts`, a platform file's run uses every host selected,
                                // host 0 (the root) first.
                                .counts_hosts()
                                .counts_file_hosts_when([](const Point& point, bool /*platform_file*/) {
                                  return point[keys().costs] == "platform" && point[keys().latency_file].empty();
                                });
  TextKey costs = table.text("costs", "random: L, g, T drawn per run (Table 3); given: keys gaps, latencies, "
                                      "intra-times; platform: measured on the platform", "random",
                             {"random", "given", "platform"})
                      // A platform file is the input: its hosts, measured, unless the scenario says otherwise.
                      .with_a_file("platform");
  NumberKey rho = table.number("rho", "Lowekamp's tolerance, in (0, 1]", 0.2).above(0).at_most(1);
  // A word, since it may name a host; out of the seed, so every root meets the same grids.
  TextKey root = table.text("root", "the source: root cluster (costs = random or given) or root host (costs = "
                                    "platform: a host name of a platform file, or an index)", "0")
                     .valid(kRootValues).same_draws();
  TextKey latency_file = table.text("latency-file", "host latency matrix (CSV, microseconds) from which the "
                                                    "platform is generated (costs = platform, no platform file)");
  NumberKey lan_bandwidth = table.number("lan-bandwidth", "bytes/s of every host's links (generated platforms)", 1.25e8)
                                .above(0).at_most(kMaxBandwidth);
  NumberKey wan_window = table.number("wan-window", "TCP window in bytes: a WAN link carries window / RTT bytes/s "
                                                    "(platform generated from latency-file)", 65536)
                             .above(0).at_most(kMaxMessage);
  NumberKey overhead =
      table.number("overhead", "pLogP g(0): a sender's per-message gap, seconds", 2e-5).at_most(kLongestDelay);
  TextKey sender_busy = table.text("sender-busy", "a sender is busy for g (pLogP) or g+L (Bhat) after it starts a send",
                                   "g", {"g", "g+L"});
  TextKey fef_weight =
      table.text("fef-weight", "FEF edge weight: latency (the paper) or g+L (Bhat)", "latency", {"latency", "g+L"});
  TextKey bottomup_ready = table.text("bottomup-ready", "yes: BottomUp adds the sender's ready time RT_i inside its min",
                                      "no", {"no", "yes"});
  TextKey intra = table.text("intra", "intra-cluster strategy: best (of the executable ones) or one of them", "best",
                             intra_choices());
  NumberKey latency_min =
      table.number("latency-min", "smallest L between clusters (s, costs = random)", 0.001).at_most(kLongestDelay);
  NumberKey latency_max =
      table.number("latency-max", "largest L between clusters (s, costs = random)", 0.015).at_most(kLongestDelay);
  NumberKey gap_min =
      table.number("gap-min", "smallest g(m) between clusters (s, costs = random)", 0.1).at_most(kLongestDelay);
  NumberKey gap_max =
      table.number("gap-max", "largest g(m) between clusters (s, costs = random)", 0.6).at_most(kLongestDelay);
  NumberKey intra_min = table.number("intra-min", "smallest intra-cluster broadcast time T (s, costs = random)", 0.02)
                            .at_most(kLongestDelay);
  NumberKey intra_max = table.number("intra-max", "largest intra-cluster broadcast time T (s, costs = random)", 3)
                            .at_most(kLongestDelay);
  ListKey gaps =
      table.list("gaps", "g_ij(m) between clusters, C x C row by row (s, costs = given)").at_most(kLongestDelay);
  ListKey latencies =
      table.list("latencies", "L_ij between clusters, C x C row by row (s, costs = given)").at_most(kLongestDelay);
  ListKey intra_times =
      table.list("intra-times", "T_c of every cluster, C values (s, costs = given)").at_most(kLongestDelay);
  NumberKey cluster_latency = table.number("cluster-latency", "latency between two hosts of the cluster-hosts "
                                                              "cluster (microseconds)", 50)
                                  .above(0).at_most(kMaxLatencyMicroseconds);
  // Out of the seed: the random grids are the same for every cv.
  NumberKey cv = table.number("cv",
                              "coefficient of variation of every message as executed and, with costs = random or "
                              "given, of every cluster's internal broadcast T: its nominal duration's bytes times a "
                              "gamma draw of mean 1 (0: the costs the heuristics schedule with)",
                              0)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv).same_draws();
};

const BroadcastKeys& keys() {
  static const BroadcastKeys k;
  return k;
}

void refuse_keys_that_do_not_apply(const Point& point, std::optional<bool> platform_file,
                                   const std::set<std::string>& written = {});

/// A point as the family reads it: its typed settings (broadcast_settings.hpp).
struct BroadcastPointSettings final : PointSettings {
  BroadcastPointSettings(const Point& p, BroadcastSettings s) : point(p), typed(std::move(s)) {}
  Point point;
  BroadcastSettings typed;

  // Called only when the scenario names no platform file.
  Platform platform() const override {
    if (typed.abstract) return abstract_grid_platform(typed.clusters);
    return grid_platform(broadcast_latencies(typed), typed.platform,
                         typed.latency_file.empty() ? "cluster-hosts" : typed.latency_file);
  }
  std::vector<std::pair<std::size_t, double>> found_cells(const Platform& /*platform*/, Probe& probe) const override {
    return {{keys().clusters.index, lowekamp_cluster_count(typed, probe)}};
  }
};

class BroadcastFamily final : public Family {
 public:
  const FamilyInfo& info() const override {
    static const FamilyInfo info{
        "broadcast",
        "grid-aware broadcast: Lowekamp clusters, pLogP strategies, inter-cluster heuristics (Steffenel 2006)",
        "completion time of the broadcast (s)",
        // The defaults draw no grid (clusters = 0 means "from the latency file").
        {"--clusters", "4"},
        broadcast_metrics(),
        {cluster_subcommand()}};
    return info;
  }
  const KeyTable& key_table() const override { return keys().table; }
  const std::vector<AlgorithmInfo>& algorithms() const override { return broadcast_algorithms().infos(); }

  std::unique_ptr<const PointSettings> settings(const Point& point, const PointContext& context) const override {
    // A key written at its default is refused too.
    refuse_keys_that_do_not_apply(point, context.platform_file, context.written);
    auto s = std::make_unique<BroadcastPointSettings>(point, broadcast_settings(point, context.platform_file));
    const BroadcastSettings& typed = s->typed;
    s->hosts = typed.abstract ? typed.clusters : typed.hosts;
    // Costs between every two clusters (L, g, and the edges the heuristics weigh), or between
    // every two hosts (latencies, measured pLogP, routes): a few tables of n² numbers.
    s->unit_memory = 64.0 * s->hosts * s->hosts;
    // With costs = platform the simulator surveys every pair of hosts, so a platform file must
    // come with its routes on the SimGrid engine too.
    s->needs_routes = true;
    // With costs = platform, clusters = 0 asks for any count: the CSV says the count found.
    s->finds_cells = point[keys().costs] == "platform" && point[keys().clusters] == 0;
    // Dynamic ECEF re-plans over the abstract grid's clusters; on a platform the trees are host
    // plans with measured pLogP and intra-cluster strategies, which it does not re-plan.
    for (const BroadcastAlgorithm& a : broadcast_algorithms())
      if (a.dynamic && point[keys().costs] == "platform") {
        s->limits[a.name] = "key 'algorithms': " + a.name +
                            " re-plans on abstract costs; it runs with costs = random or given, not costs = platform";
        s->other_kind.insert(a.name);
      }
    return s;
  }

  std::unique_ptr<PointRunner> prepare(const PointSettings& settings, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed, Probe& probe) const override {
    const auto& read = static_cast<const BroadcastPointSettings&>(settings);
    BroadcastSettings s = read.typed;
    if (s.abstract) return make_random_grid_runner(s, algorithms, platform, seed);
    // A host name is known once the file is read.
    s.root = resolve_root(read.point[keys().root], s.hosts, &platform, false);
    return make_platform_grid_runner(s, algorithms, platform, probe);
  }
};

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

/// Refuses, naming it, the first key of the table that holds a value (or, with `written`, that
/// the scenario wrote) but applies to none of the modes the point may be in: its mode, or
/// before the platform file is known both modes of costs = platform without a latency file.
void refuse_keys_that_do_not_apply(const Point& point, std::optional<bool> platform_file,
                                   const std::set<std::string>& written) {
  std::vector<CostsMode> modes = {costs_mode(point, platform_file.value_or(false))};
  std::string name = costs_mode_name(modes[0]);
  if (!platform_file && modes[0] == CostsMode::one_cluster) {
    modes.push_back(CostsMode::platform_file);
    name = "costs = platform without latency-file (one generated cluster, or a platform file)";
  }
  const std::vector<ParameterSpec>& specs = keys().table.specs();
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

const std::vector<MetricSpec>& broadcast_metrics() {
  static const std::vector<MetricSpec> metrics = {
      {"predicted", "completion time the framework predicts (pLogP, Table 1), seconds", {"mean"}},
      {"prediction_error", "(simulated - predicted) / simulated, per replication: > 0 when the prediction is "
                           "optimistic",
       {"mean"}},
      {"clusters_found", "clusters the run scheduled: Lowekamp's with costs = platform, else C", {"mean"}},
      {"root", "the source: key 'root' (a cluster with costs = random or given, a host index with costs = platform)",
       {"same"}}};
  return metrics;
}

double prediction_error(double simulated, double predicted) {
  // Closer than the engines' simultaneity threshold, the two are the same instant: what is left
  // is the clock's rounding, which follows where the replication starts on it (docs/design.md).
  return std::abs(simulated - predicted) <= kSimultaneity ? 0 : (simulated - predicted) / simulated;
}

void record_broadcast(double simulated, double predicted, int clusters, int root, double* metrics) {
  metrics[0] = simulated;
  metrics[1] = predicted;
  metrics[2] = prediction_error(simulated, predicted);
  metrics[3] = clusters;
  metrics[4] = root;
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

const Family& broadcast_family() {
  static const BroadcastFamily family;
  return family;
}

}  // namespace hetcoll
