#include "algorithms/broadcast/support/broadcast_family.hpp"

#include <cmath>
#include <stdexcept>

#include "algorithms/broadcast/support/broadcast_keys.hpp"
#include "algorithms/broadcast/support/cluster_command.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "engine/executor.hpp"

namespace hetcoll {
namespace {

const BroadcastKeys& keys() { return broadcast_keys(); }

class BroadcastFamily final : public Family {
 public:
  std::string name() const override { return "broadcast"; }
  // The defaults draw no grid (clusters = 0 means "from the latency file").
  std::vector<std::string> example() const override { return {"--clusters", "4"}; }
  std::string description() const override {
    return "grid-aware broadcast: Lowekamp clusters, pLogP strategies, inter-cluster heuristics (Steffenel 2006)";
  }
  const std::vector<ParameterSpec>& parameters() const override { return keys().table.specs(); }
  const std::vector<std::size_t>& columns() const override { return keys().table.columns(); }
  const std::vector<AlgorithmInfo>& algorithms() const override { return broadcast_algorithms().infos(); }
  const std::vector<MetricSpec>& metrics() const override { return broadcast_metrics(); }
  std::string value_description() const override { return "completion time of the broadcast (s)"; }
  // With costs = platform the simulator surveys every pair of hosts, so a platform file must
  // come with its routes on the SimGrid engine too.
  bool needs_routes(const Point& /*point*/) const override { return true; }
  // With key `hosts`, a platform file's run uses every host selected, host 0 (the root) first.
  std::string host_count_key() const override { return "cluster-hosts"; }
  // A platform file is the input: its hosts, measured, unless the scenario says otherwise.
  std::vector<std::pair<std::string, std::string>> platform_file_defaults() const override {
    return {{"costs", "platform"}};
  }
  bool counts_file_hosts(const Point& point) const override {
    return point[keys().costs] == "platform" && point[keys().latency_file].empty();
  }
  // An algorithm that re-plans over the abstract grid's clusters (dynamic ECEF) does not re-plan
  // the host plans of a platform, with measured pLogP and intra-cluster strategies.
  std::string algorithm_limit(const std::string& name, const Point& point) const override {
    if (broadcast_algorithms().at(name).runs_on_platforms() || point[keys().costs] != "platform") return "";
    return "key 'algorithms': " + name + " re-plans on abstract costs; it runs with costs = random or given, not "
           "costs = platform";
  }
  bool in_default_list(const std::string& name, const Point& point) const override {
    return algorithm_limit(name, point).empty();
  }
  int hosts_needed(const Point& point) const override {
    const BroadcastSettings s = broadcast_settings(point);
    return s.abstract ? s.clusters : s.hosts;
  }
  // The parser does not say whether a platform file comes with the point: keys that apply with
  // a file or without one are checked again when the point is prepared, on its platform.
  void check_point(const Point& point) const override { broadcast_settings(point); }
  // A key written at its default is refused too: the parser knows the platform file.
  void check_written_keys(const std::set<std::string>& written, const Point& point, bool platform_file) const override {
    refuse_keys_that_do_not_apply(point, platform_file, written);
  }
  // Costs between every two clusters (L, g, and the edges the heuristics weigh), or between
  // every two hosts (latencies, measured pLogP, routes): a few tables of n² numbers.
  double unit_memory(const Point& point) const override {
    const double n = hosts_needed(point);
    return 64.0 * n * n;
  }
  // Called only when the scenario names no platform file.
  Platform platform_for(const Point& point) const override {
    const BroadcastSettings s = broadcast_settings(point, false);
    if (s.abstract) return abstract_grid_platform(s.clusters);
    return grid_platform(broadcast_latencies(s), s.platform, s.latency_file.empty() ? "cluster-hosts" : s.latency_file);
  }
  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed, Probe& probe) const override {
    BroadcastSettings s = broadcast_settings(point, !platform.file.empty());
    if (s.abstract) return make_random_grid_runner(s, algorithms, platform, seed);
    // A host name is known once the file is read.
    s.root = resolve_root(point[keys().root], s.hosts, &platform, false);
    return make_platform_grid_runner(s, algorithms, platform, probe);
  }
  // Random and given costs measure nothing (the benchmarks prepare them without a run).
  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed) const override {
    const BroadcastSettings s = broadcast_settings(point, !platform.file.empty());
    if (!s.abstract) throw std::logic_error("broadcast: costs = platform measures the platform; prepare with a probe");
    return make_random_grid_runner(s, algorithms, platform, seed);
  }
  // With costs = platform, clusters = 0 asks for any count: the CSV says the count found.
  bool finds_cells(const Point& point) const override {
    return point[keys().costs] == "platform" && point[keys().clusters] == 0;
  }
  std::vector<std::pair<std::size_t, double>> found_cells(const Point& point, const Platform& platform,
                                                          Probe& probe) const override {
    const BroadcastSettings s = broadcast_settings(point, !platform.file.empty());
    return {{keys().clusters.index, lowekamp_cluster_count(s, probe)}};
  }
  std::vector<Subcommand> subcommands() const override { return {cluster_subcommand()}; }
};

}  // namespace

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
const Family& broadcast_family() {
  static const BroadcastFamily family;
  return family;
}

}  // namespace hetcoll
