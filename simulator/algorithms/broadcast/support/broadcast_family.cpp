#include "algorithms/broadcast/support/broadcast_family.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "algorithms/broadcast/support/broadcast_keys.hpp"
#include "algorithms/broadcast/support/cluster_command.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "core/error.hpp"
#include "engine/executor.hpp"

namespace hetcoll {
namespace {

const BroadcastKeys& keys() { return broadcast_keys(); }

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
    // An algorithm that re-plans over the abstract grid's clusters (dynamic ECEF) does not
    // re-plan the host plans of a platform, with measured pLogP and intra-cluster strategies.
    for (const BroadcastAlgorithm& a : broadcast_algorithms())
      if (!a.runs_on_platforms() && point[keys().costs] == "platform") {
        s->limits[a.name()] = "key 'algorithms': " + a.name() +
                              " re-plans on abstract costs; it runs with costs = random or given, not costs = platform";
        s->other_kind.insert(a.name());
      }
    // The MPI libraries' algorithms run over every host of a platform: the abstract grid's
    // clusters are points, with no cost for part of a message (a segment, a half, a block).
    for (const BroadcastAlgorithm& a : broadcast_algorithms())
      if (!a.runs_on_abstract_costs() && point[keys().costs] != "platform") {
        s->limits[a.name()] = "key 'algorithms': " + a.name() +
                              " runs over the hosts of a platform; it runs with costs = platform, not costs = " +
                              point[keys().costs];
        s->other_kind.insert(a.name());
      }
    std::vector<std::string> cutting;
    for (const BroadcastAlgorithm& a : broadcast_algorithms())
      if (a.honours_segment()) cutting.push_back(a.name());
    const std::string idle = segment_without_effect(typed.segment, context.run_algorithms(algorithms()), cutting);
    if (!idle.empty()) throw InputError(idle);
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

}  // namespace

const std::vector<MetricSpec>& broadcast_metrics() {
  static const std::vector<MetricSpec> metrics = {
      {"predicted", "completion time the framework predicts (pLogP, Table 1), seconds", {"mean"}},
      {"prediction_error", "(simulated - predicted) / simulated, per replication: > 0 when the prediction is "
                           "optimistic",
       {"mean"}},
      {"clusters_found", "clusters the run scheduled: Lowekamp's with costs = platform, else C", {"mean"}},
      {"chosen", "the algorithm run: a selector's choice (ompi-tuned, mpich), else the row itself", {"same"},
       broadcast_chosen_words()},
      {"chosen_segment", "the segment size in bytes an MPI library's algorithm cut the message at (0: whole; -1: "
                         "not an MPI library's algorithm)",
       {"same"}},
      {"root", "the source: key 'root' (a cluster with costs = random or given, a host index with costs = platform)",
       {"same"}}};
  return metrics;
}

double prediction_error(double simulated, double predicted) {
  // Closer than the engines' simultaneity threshold, the two are the same instant: what is left
  // is the clock's rounding, which follows where the replication starts on it (docs/design.md).
  return std::abs(simulated - predicted) <= kSimultaneity ? 0 : (simulated - predicted) / simulated;
}

const std::vector<std::string>& broadcast_chosen_words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w;
    for (const BroadcastAlgorithm& a : broadcast_algorithms()) w.push_back(a.name());
    w.push_back(mpi_bcast_name(MpiBcastAlgorithm::mpich_binomial));
    return w;
  }();
  return words;
}

void record_broadcast(double simulated, double predicted, int clusters, const std::string& chosen, double segment,
                      int root, double* metrics) {
  const std::vector<std::string>& words = broadcast_chosen_words();
  const auto word = std::find(words.begin(), words.end(), chosen);
  if (word == words.end()) throw std::logic_error("broadcast: '" + chosen + "' is no word of metric chosen");
  metrics[0] = simulated;
  metrics[1] = predicted;
  metrics[2] = prediction_error(simulated, predicted);
  metrics[3] = clusters;
  metrics[4] = static_cast<double>(word - words.begin());
  metrics[5] = segment;
  metrics[6] = root;
}
const Family& broadcast_family() {
  static const BroadcastFamily family;
  return family;
}

}  // namespace hetcoll
