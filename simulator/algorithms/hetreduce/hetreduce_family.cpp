#include "algorithms/hetreduce/hetreduce_family.hpp"

#include <cmath>
#include <limits>

#include "algorithms/amount_limits.hpp"
#include "algorithms/hetreduce/factories.hpp"
#include "algorithms/hetreduce/cluster.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

/// The family's keys, declared once and read back as point[keys().cv].
struct HetreduceKeys {
  KeyTable table;
  NumberKey processors =
      table.number("processors", "number of processors n (0 with cluster = times: the length of 'times')", 0)
          .sweep().whole().at_most(kMaxHosts);
  NumberKey spread = table.number("spread", "cluster = uniform: times drawn in [1, spread]", 4)
                         .sweep().at_least(1).at_most(kLongestTime);
  NumberKey slow_fraction =
      table.number("slow-fraction", "cluster = two-type: share of slow processors (rounded to a count)", 0.5)
          .sweep().at_most(1);
  // Not below the grid of drawn times: the DOWN links are only that fast.
  NumberKey x = table.number("x", "cluster = two-type: time of a slow processor (the fast ones take 1)", 2)
                    .sweep().at_least(kTimeGrid).at_most(kLongestTime);
  NumberKey levels = table.number("levels", "cluster = power-of-two: times 2^k, k drawn in 0..levels", 3)
                         .sweep().whole().at_most(kLongestLevel);
  NumberKey cv = table.number("cv", "cluster = gamma: coefficient of variation of the times (mean 1)", 1)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestTimeCv);
  TextKey cluster = table.text("cluster",
                               "where the times come from: times, file (the platform's <host>_UP links), uniform, "
                               "two-type, power-of-two, gamma (drawn per replication)",
                               "times", cluster_words());
  ListKey times = table.list("times", "cluster = times: the transmission time of each processor, e.g. 10,5,5,5,4,2,2",
                             "10,5,5,5,4,2,2")
                      .at_least(kShortestTime).at_most(kLongestTime);
  ListKey order = table.list("order", "ep-order: a permutation of the hosts 0..n-1 (the root is skipped; default: "
                                      "host order)")
                      .whole().at_most(kMaxHosts - 1);
};

const HetreduceKeys& keys() {
  static const HetreduceKeys k;
  return k;
}

/// Replications of one point. A fixed cluster (times, file) gets its plans and its reference
/// makespan once; a drawn one gets new times, new uplinks and new plans every replication,
/// which is allowed since planning costs O(n log n) (the optimum: milliseconds at n ≤ 12).
class HetreducePointRunner final : public PointRunner {
 public:
  HetreducePointRunner(const Point& point, const std::vector<const HetreduceAlgorithm*>& algorithms,
                       const Platform& platform, std::vector<double> fixed_times, std::uint64_t seed)
      : algorithms_(algorithms), platform_(platform), times_(std::move(fixed_times)), seed_(seed),
        plans_(algorithms.size()) {
    law_.kind = cluster_kind(point[keys().cluster]);
    law_.processors = static_cast<int>(point[keys().processors]);
    law_.spread = point[keys().spread];
    law_.slow_fraction = point[keys().slow_fraction];
    law_.x = point[keys().x];
    law_.levels = static_cast<int>(point[keys().levels]);
    law_.cv = point[keys().cv];
    for (double p : point[keys().order]) order_.push_back(static_cast<int>(p));
    for (Plan& plan : plans_) policies_.push_back(std::make_unique<PlanPolicy>(plan, message_scale(), nullptr));
    if (!is_drawn(law_.kind)) plan_all(0, false);
  }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>& settings) override {
    // Replication r's cluster and random orders, shared by all its algorithms.
    if (is_drawn(law_.kind)) {
      RandomStream stream(derive_seed(seed_, {replication, 0}));
      times_ = draw_times(law_, stream);
      set_uplinks(platform_, times_, settings);
    }
    plan_all(replication, true);
  }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    return policies_[algorithm].get();
  }

  void complete_replication(double* metrics, std::size_t width) override {
    for (std::size_t a = 0; a < algorithms_.size(); ++a)
      metrics[a * width + 1] = metrics[a * width] / optimum_.makespan;
  }

 private:
  // With `per_replication`, only what changes: everything for a drawn cluster, else the
  // random algorithms (every one reseeded alike: common random numbers).
  void plan_all(std::uint64_t replication, bool per_replication) {
    const bool drawn = is_drawn(law_.kind);
    if (per_replication && !drawn) {
      for (std::size_t a = 0; a < algorithms_.size(); ++a)
        if (algorithms_[a]->random) plans_[a] = plan(a, replication);
      return;
    }
    // The reference first: the optimal algorithm reuses the search instead of running it again.
    const bool exact = static_cast<int>(times_.size()) <= kOptimalMaxProcessors;
    optimum_ = exact ? optimal_schedule(times_) : OptimalSchedule{makespan_lower_bound(times_), {}};
    for (std::size_t a = 0; a < algorithms_.size(); ++a) plans_[a] = plan(a, replication);
  }

  Plan plan(std::size_t a, std::uint64_t replication) const {
    RandomStream stream(derive_seed(seed_, {replication, 1}));
    const bool exact = !optimum_.sequence.empty();
    return algorithms_[a]->make(HetreduceInput{times_, stream, order_, exact ? &optimum_ : nullptr});
  }

  std::vector<const HetreduceAlgorithm*> algorithms_;
  Platform platform_;
  ClusterLaw law_;
  std::vector<double> times_;
  std::vector<int> order_;
  std::uint64_t seed_;
  std::vector<Plan> plans_;  // sized once: the policies hold references to its elements
  std::vector<std::unique_ptr<PlanPolicy>> policies_;
  OptimalSchedule optimum_;  // the optimum (n <= 12), or the lower bound with no sequence
};

class HetreduceFamily final : public Family {
 public:
  std::string name() const override { return "hetreduce"; }
  std::string description() const override {
    return "reduction on a cluster of per-host transmission times: SNF, EP orders, optimum (Liu & Wang, IPDPS 2000)";
  }
  const std::vector<ParameterSpec>& parameters() const override { return keys().table.specs(); }
  const std::vector<AlgorithmInfo>& algorithms() const override { return hetreduce_algorithms().infos(); }
  const std::vector<MetricSpec>& metrics() const override {
    static const std::vector<MetricSpec> metrics = {
        {"over_bound", "makespan / the best lower bound of the same cluster: the optimum itself for n <= 12",
         {"mean", "max"}}};
    return metrics;
  }

  int hosts_needed(const Point& point) const override {
    const ClusterKind kind = cluster_kind(point[keys().cluster]);
    const int processors = static_cast<int>(point[keys().processors]);
    int n = processors;
    if (kind == ClusterKind::times) {
      n = static_cast<int>(point[keys().times].size());
      check_times(point[keys().times], "times", "");
      if (processors != 0 && processors != n)
        throw InputError("key 'processors' is " + format_number(processors) + " but 'times' lists " +
                         std::to_string(n) + " processors (give 0 or leave it out)");
    } else if (processors < 2) {
      throw InputError("key 'processors' expects at least 2 processors with cluster = " +
                       point[keys().cluster] + ", got " + format_number(processors));
    }
    // The table bounds these too; points built in code (tests, tools) pass here without it.
    if (kind == ClusterKind::two_type && point[keys().slow_fraction] > 1)
      throw InputError("key 'slow-fraction' expects a share in [0, 1], got " +
                       format_number(point[keys().slow_fraction]));
    if (kind == ClusterKind::power_of_two && point[keys().levels] > kLongestLevel)
      throw InputError("key 'levels' expects at most " + format_number(kLongestLevel) + ", got " +
                       format_number(point[keys().levels]));
    check_order(point[keys().order], n);
    return n;
  }

  Platform platform_for(const Point& point) const override {
    const ClusterKind kind = cluster_kind(point[keys().cluster]);
    if (kind == ClusterKind::times) return hetreduce_platform(point[keys().times]);
    return hetreduce_platform(std::vector<double>(hosts_needed(point), 1.0));
  }

  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& names,
                                       const Platform& platform, std::uint64_t seed) const override {
    const int n = hosts_needed(point);
    std::vector<const HetreduceAlgorithm*> chosen;
    for (const std::string& name : names) {
      const HetreduceAlgorithm& a = hetreduce_algorithms().at(name);
      if (a.max_processors > 0 && n > a.max_processors)
        throw InputError("key 'algorithms': " + name + " handles at most " +
                         std::to_string(a.max_processors) + " processors (documented limit), the point has " +
                         std::to_string(n));
      chosen.push_back(&a);
    }
    const ClusterKind kind = cluster_kind(point[keys().cluster]);
    // describe() of a platform file knows no uplinks; generated platforms always have them.
    const bool from_file = !platform.route_table.empty() || platform.hosts.empty() || platform.hosts[0].up < 0;
    std::vector<double> times;
    if (is_drawn(kind)) {
      if (from_file)
        throw InputError("platform: cluster = " + point[keys().cluster] +
                         " draws its times on the built-in platform; use cluster = file to read them from a file");
    } else {
      if (kind == ClusterKind::file && !from_file)
        throw InputError("key 'cluster': cluster = file reads the times from a platform file: give platform = FILE.xml");
      times = times_from_platform(platform, n, "platform");
      if (kind == ClusterKind::times) check_same_times(times, point[keys().times]);
    }
    return std::make_unique<HetreducePointRunner>(point, chosen, platform, std::move(times), seed);
  }

 private:
  static void check_order(const std::vector<double>& order, int n) {
    if (order.empty()) return;
    std::vector<bool> seen(n, false);
    bool permutation = order.size() == static_cast<std::size_t>(n);
    for (double p : order) {
      permutation = permutation && p < n && !seen[static_cast<int>(p)];
      if (p < n) seen[static_cast<int>(p)] = true;
    }
    if (!permutation)
      throw InputError("key 'order' expects a permutation of the hosts 0.." + std::to_string(n - 1) + " (each once)");
  }

  static void check_same_times(const std::vector<double>& platform, const std::vector<double>& given) {
    for (std::size_t p = 0; p < given.size(); ++p)
      if (std::abs(platform[p] - given[p]) > 1e-9 * given[p])
        throw InputError("platform: host " + std::to_string(p) + "'s uplink gives t = " + format_number(platform[p]) +
                         " but key 'times' says " + format_number(given[p]) + " (read a file's times with cluster = file)");
  }
};

}  // namespace

const Family& hetreduce_family() {
  static const HetreduceFamily family;
  return family;
}

}  // namespace hetcoll
