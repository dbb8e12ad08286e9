#include "algorithms/reduce/support/reduce_family.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "algorithms/amount_limits.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/mpi_reduce_program.hpp"
#include "algorithms/reduce/support/reduce_keys.hpp"
#include "algorithms/reduce/support/reduction_costs.hpp"
#include "algorithms/reduce/support/reduce_runner.hpp"
#include "algorithms/root.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

const ReduceKeys& reduce_keys() {
  static const ReduceKeys k;
  return k;
}

namespace {

const ReduceKeys& keys() { return reduce_keys(); }

/// Abstract cost to bytes and flops: a communication of cost 1 carries one value (key
/// `message`, in bytes), a ⊕ of cost 1 lasts one second of the fastest host.
CostScale cost_scale(const Point& point, const Platform& platform) {
  return CostScale{point[keys().message], platform.reference_speed()};
}

ReductionCostParams cost_params(const Point& point) {
  ReductionCostParams params;
  params.comm_mean = point[keys().comm_mean];
  params.cv = point[keys().cv];
  params.ratio = point[keys().ratio];
  return params;
}

/// Bytes of a message at mean cost: with cv = 0 every message is exactly that many, whole.
double mean_bytes(const Point& point, const CostScale& scale) {
  const double bytes = point[keys().comm_mean] * scale.bytes_per_unit;
  return point[keys().cv] == 0 ? nearest_whole(bytes) : bytes;
}

/// The shortest time a drawn cluster's law can give a host (uniform and power-of-two: 1).
double shortest_drawn_time(const Point& point) {
  switch (cluster_kind(point[keys().cluster])) {
    case ClusterKind::two_type: return std::min(1.0, point[keys().x]);
    case ClusterKind::gamma: return point[keys().cluster_cv] > 0 ? kTimeGrid : 1.0;
    default: return 1.0;
  }
}

/// Refuses a point whose largest possible draw, at `scale`, is not a whole number of bytes or
/// flops a double holds (`where`: the platform that sets the scale).
void check_largest_draws(const Point& point, const CostScale& scale, const std::string& where) {
  const double cv = point[keys().cv], ratio = point[keys().ratio], mean = point[keys().comm_mean];
  const std::string keys = where + "keys 'comm-mean' = " + format_number(mean) + ", 'ratio' = " +
                           format_number(ratio) + " and 'cv' = " + format_number(cv) +
                           " (a draw reaches 350·max(1, cv²) means; keep comm-mean·max(1, ratio)·max(1, cv²) <= " +
                           format_number(kMaxAmount / (350 * std::max(scale.bytes_per_unit, scale.flops_per_unit))) +
                           " with 'message' = " + format_number(scale.bytes_per_unit) + ")";
  check_amount(mean * gamma_draw_bound(cv) * scale.bytes_per_unit, keys, "bytes");
  check_amount(ratio * mean * gamma_draw_bound(cv) * scale.flops_per_unit, keys, "flops");
}

/// A point as the family reads it: validated, with its count of hosts.
struct ReduceSettings final : PointSettings {
  explicit ReduceSettings(const Point& p) : point(p) {}
  Point point;
  Platform platform() const override {
    const ClusterKind kind = cluster_kind(point[keys().cluster]);
    if (kind == ClusterKind::platform) return ideal_cluster(hosts);
    if (kind == ClusterKind::times) return cluster_platform(point[keys().times], point[keys().message]);
    return cluster_platform(std::vector<double>(hosts, 1.0), point[keys().message]);
  }
};

class ReduceFamily final : public Family {
 public:
  const FamilyInfo& info() const override {
    static const FamilyInfo info{
        "reduce",
        "reduction of one value per host: non-clairvoyant trees under gamma costs (RR-8315) and planners "
        "on per-host times: SNF, EP orders, optimum (Liu & Wang, IPDPS 2000); Open MPI's and MPICH's reduce",
        "makespan (s)",
        {},
        reduce_metrics(),
        {}};
    return info;
  }
  const KeyTable& key_table() const override { return keys().table; }
  const std::vector<AlgorithmInfo>& algorithms() const override { return reduce_algorithms().infos(); }

  std::unique_ptr<const PointSettings> settings(const Point& point, const PointContext& context) const override {
    auto s = std::make_unique<ReduceSettings>(point);
    check_point(point);
    check_written_keys(context.written, point, context.platform_file);
    s->hosts = hosts_needed(point);
    // Times from a file's routes need its route table on SimGrid too; `_UP` links do not, but
    // which a file has is known only once it is read.
    s->needs_routes = cluster_kind(point[keys().cluster]) == ClusterKind::file;
    std::vector<std::string> cutting;
    for (const ReduceAlgorithm& a : reduce_algorithms()) {
      std::string limit = algorithm_limit(a.name(), point);
      if (!limit.empty()) s->limits[a.name()] = std::move(limit);
      if (a.honours_segment()) cutting.push_back(a.name());
    }
    const std::string idle = segment_without_effect(point[keys().segment], context.run_algorithms(algorithms()), cutting);
    if (!idle.empty()) throw InputError(idle);
    return s;
  }

 private:
  static std::string algorithm_limit(const std::string& name, const Point& point) {
    const ReduceAlgorithm& a = reduce_algorithms().at(name);
    const int n = hosts_needed(point);
    if (a.max_processors() > 0 && n > a.max_processors())
      return "key 'algorithms': " + name + " handles at most " + std::to_string(a.max_processors()) +
             " processors (documented limit), the point has " + std::to_string(n);
    std::string segments = mpi_segment_limit(a, point[keys().comm_mean] * point[keys().message],
                                             point[keys().segment], n);
    if (!segments.empty()) return segments;
    // Liu & Wang's model has a free ⊕; their schedules say nothing of when to combine.
    if (a.needs_free_op() && point[keys().ratio] > 0) {
      std::string computing;
      for (const ReduceAlgorithm& other : reduce_algorithms())
        if (!other.needs_free_op()) computing += (computing.empty() ? "" : ", ") + other.name();
      return "key 'ratio' = " + format_number(point[keys().ratio]) + ": " + name +
             " plans with a free ⊕ (Liu & Wang's model); give ratio = 0, or only algorithms that compute ⊕ (" +
             computing + ")";
    }
    return "";
  }

  static int hosts_needed(const Point& point) {
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
      // One processor has nothing to reduce: no message, a makespan of 0 and no ratio to the
      // optimum (0/0).
      throw InputError("key 'processors' expects at least 2 processors with cluster = " + point[keys().cluster] +
                       ", got " + format_number(processors));
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

  // A ⊕'s flops depend on the platform's fastest host: prepare() checks them.
  static void check_point(const Point& point) {
    const CostScale scale = cost_scale(point, ideal_cluster(1));
    check_largest_draws(point, scale, "");
    check_cost_precision(cost_params(point), scale, false, "");
  }

  // A key of one drawn law written for another cluster would be silently ignored.
  static void check_written_keys(const std::set<std::string>& written, const Point& point, bool platform_file) {
    static const std::vector<std::pair<std::string, ClusterKind>> law_keys = {
        {"times", ClusterKind::times},         {"spread", ClusterKind::uniform},
        {"slow-fraction", ClusterKind::two_type}, {"x", ClusterKind::two_type},
        {"levels", ClusterKind::power_of_two}, {"cluster-cv", ClusterKind::gamma}};
    const std::string& cluster = point[keys().cluster];
    for (const auto& [key, kind] : law_keys)
      if (written.count(key) && cluster_kind(cluster) != kind)
        throw InputError("key '" + key + "' applies to cluster = " + cluster_words()[static_cast<std::size_t>(kind)] + ", not to cluster = " +
                         cluster + "; remove it");
    // A host name is resolved once the file is read (prepare); an index is checked now.
    check_root_text(point[keys().root], hosts_needed(point), platform_file, true);
  }

 public:
  std::unique_ptr<PointRunner> prepare(const PointSettings& settings, const std::vector<std::string>& names,
                                       const Platform& platform, std::uint64_t seed, Probe& /*probe*/) const override {
    const Point& point = static_cast<const ReduceSettings&>(settings).point;
    const int n = settings.hosts;
    std::vector<const ReduceAlgorithm*> chosen;
    for (const std::string& name : names) {
      const std::string limit = settings.limit(name);
      if (!limit.empty()) throw InputError(limit);
      chosen.push_back(&reduce_algorithms().at(name));
    }
    const ClusterKind kind = cluster_kind(point[keys().cluster]);
    // describe() of a platform file knows no uplinks; generated platforms always have them.
    const bool from_file = !platform.route_table.empty() || platform.hosts.empty() || platform.hosts[0].up < 0;
    const double message = point[keys().message];
    const std::string where = platform.source();
    std::vector<double> times;
    double sender_spread = 1, file_bound = -1;
    double shortest = 0;  // the shortest message at mean cost, in seconds
    const CostScale scale = cost_scale(point, platform);
    const std::string file = platform.file.empty() ? "" : platform.file + ": ";
    check_largest_draws(point, scale, file);
    check_cost_precision(cost_params(point), scale, true, file);
    if (kind == ClusterKind::platform) {
      // Every value lasts at least message / the fastest link's bandwidth: the planners' equal
      // times, and a lower bound of every host's (the driver has checked there are n hosts). A
      // file without links (a Vivaldi zone of hosts, routes of latency alone) has no such time:
      // it made the bound's EP makespans loop on infinite times.
      const double fastest = platform.reference_bandwidth();
      if (!(fastest > 0))
        throw InputError(where + ": the platform has no link, so cluster = platform has no time to plan by (the " +
                         "planners and the optimum's bound time a value by the fastest link); give the hosts links, " +
                         "or use cluster = file");
      const double time = message / fastest;
      if (!(time <= kLongestTime))
        throw InputError(where + ": a value of " + format_number(message) + " B crosses the fastest link in " +
                         format_number(time) + " s; cluster = platform plans by times up to " +
                         format_number(kLongestTime) + " s (key 'message')");
      times.assign(n, time);
    } else if (is_drawn(kind)) {
      if (from_file)
        throw InputError("platform: cluster = " + point[keys().cluster] +
                         " draws its times on the built-in platform; use cluster = file to read them from a file, "
                         "or cluster = platform to run on the file as it is");
      shortest = mean_bytes(point, scale) / scale.bytes_per_unit * shortest_drawn_time(point);
    } else if (kind == ClusterKind::file) {
      if (!from_file)
        throw InputError("key 'cluster': cluster = file reads the times from a platform file: give platform = FILE.xml");
      // `<host>_UP` links are read exactly where the model holds; any other file by its routes.
      if (has_uplinks(platform, n)) {
        times = uplink_times(platform, n, message, where);
      } else {
        RouteTimes derived = route_times(platform, n, message, where);
        times = std::move(derived.times);
        sender_spread = derived.sender_spread;
      }
      // The planners' times are means over receivers, and latencies do not scale with comm-mean:
      // the bound takes each host's fastest route for a message of the mean size.
      const std::vector<double> fastest = fastest_route_times(platform, n, mean_bytes(point, scale));
      shortest = *std::min_element(fastest.begin(), fastest.end());
      file_bound = reduction_lower_bound(fastest);
    } else {
      times = uplink_times(platform, n, message, where);
      check_same_times(times, point[keys().times]);
      if (from_file) {  // an UP link's latency does not scale with comm-mean
        const std::vector<double> own = uplink_message_times(platform, n, mean_bytes(point, scale));
        shortest = *std::min_element(own.begin(), own.end());
        file_bound = reduction_lower_bound(own);
      }
    }
    if (shortest == 0 && !times.empty())
      shortest = mean_bytes(point, scale) / scale.bytes_per_unit * *std::min_element(times.begin(), times.end());
    // A file run as it is has its routes unread (SimGrid): its latencies may lift a message
    // that its fastest link alone would time below the grid, so it is not checked.
    if (kind != ClusterKind::platform || !from_file) check_message_time(shortest, point[keys().comm_mean], file);
    ReduceRunnerInputs inputs;
    inputs.law.kind = kind;
    inputs.law.processors =
        times.empty() ? static_cast<int>(point[keys().processors]) : static_cast<int>(times.size());
    inputs.law.spread = point[keys().spread];
    inputs.law.slow_fraction = point[keys().slow_fraction];
    inputs.law.x = point[keys().x];
    inputs.law.levels = static_cast<int>(point[keys().levels]);
    inputs.law.cv = point[keys().cluster_cv];
    inputs.times = std::move(times);
    for (double p : point[keys().order]) inputs.order.push_back(static_cast<int>(p));
    inputs.costs = cost_params(point);
    inputs.scale = scale;
    inputs.reference_mean =
        point[keys().cv] == 0 ? mean_bytes(point, scale) / scale.bytes_per_unit : point[keys().comm_mean];
    inputs.message = message;
    inputs.sender_spread = sender_spread;
    inputs.file_bound = file_bound;
    inputs.root = resolve_root(point[keys().root], n, &platform, true);
    inputs.seed = seed;
    inputs.segment = point[keys().segment];
    return make_reduce_runner(std::move(inputs), chosen, platform);
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

const Family& reduce_family() {
  static const ReduceFamily family;
  return family;
}

}  // namespace hetcoll
