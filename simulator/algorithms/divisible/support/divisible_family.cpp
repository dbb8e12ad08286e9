#include "algorithms/divisible/support/divisible_family.hpp"

#include <cstddef>
#include <limits>
#include <memory>
#include <numeric>
#include <utility>

#include "algorithms/amount_limits.hpp"
#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/factories.hpp"
#include "algorithms/divisible/support/registry.hpp"
#include "algorithms/divisible/support/star_platform.hpp"
#include "algorithms/root.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"
#include "engine/host_map_policy.hpp"
#include "engine/noisy_policy.hpp"

namespace hetcoll {
namespace {

/// Smallest chunk of self-scheduling, as a share of the load: a million chunks, three activities
/// each, is about a second of simulation per replication; a smaller share would run for ever.
constexpr double kSmallestChunk = 1e-6;

struct DivisibleKeys;
const DivisibleKeys& keys();

/// The family's keys, declared once and read back as point[keys().z].
struct DivisibleKeys {
  DivisibleKeys() { table.set_columns({workers, z, wc_ratio, message, cv, chunk}); }

  KeyTable table;
  NumberKey workers = table.number("workers", "workers p of a random or file star (0: as many as key c lists, or "
                                              "3 without lists)", 0)
                          .sweep().whole().at_most(kMaxHosts - 1)
                          // The first host selected is the master, the others are workers.
                          .counts_hosts(1)
                          // A platform file alone is a star of all its hosts: the master and every
                          // other as a worker.
                          .counts_file_hosts_when([](const Point& point, bool /*platform_file*/) {
                            return point[keys().c].empty();
                          });
  NumberKey z = table.number("z", "d_i = z*c_i when key d is not given (a platform file: results are z times the data)",
                             1).sweep().at_most(kLargestCost);
  NumberKey wc_ratio = table.number("wc-ratio",
                                    "random star: mean w / mean c (the w/c-ratio of Figure 4); a platform file: a load "
                                    "unit's time on the fastest host (w_i = wc-ratio*S/speed_i)",
                                    1)
                           .sweep().above(0).at_most(kLargestCost)
                           .applies_when([](const Point& point, bool) { return point[keys().c].empty(); });
  NumberKey c_mean = table.number("c-mean", "random star: mean of c", 1).at_least(kSmallestCost).at_most(kLargestCost);
  NumberKey spread =
      table.number("spread", "random star: costs drawn uniformly in mean*[1-spread, 1+spread]", 0.5).below(1);
  ListKey c = table.list("c", "explicit star: c_i of every worker, e.g. 1,1,5").at_least(kSmallestCost)
                  .at_most(kLargestCost);
  ListKey d = table.list("d", "explicit star: d_i of every worker (default z*c_i)").at_most(kLargestCost);
  ListKey w = table.list("w", "explicit star: w_i of every worker").at_least(kSmallestCost).at_most(kLargestCost);
  TextKey port = table.text("port", "master port model: two-port (a send may overlap a receive) or one-port",
                            "two-port", {"two-port", "one-port"});
  ListKey send_order = table.list("send-order", "lp: workers 1..p in send order (default 1,2,..,p)").whole()
                           .at_least(1).at_most(kMaxHosts - 1);
  ListKey return_order = table.list("return-order", "lp: workers 1..p in return order (default: the send order)")
                             .whole().at_least(1).at_most(kMaxHosts - 1);
  NumberKey message = table.number("message",
                                   "a platform file: bytes of one load unit sent to a worker (z times that back), so "
                                   "c_i = message/bandwidth; only with a platform file (the built-in stars' units "
                                   "are abstract)",
                                   kDefaultDivisibleMessage)
                          .sweep().whole().at_least(1).at_most(1e15).same_draws()
                          .applies_when([](const Point&, bool platform_file) { return platform_file; });
  // The schedules are built on the nominal costs; cv makes every message and computation of
  // their execution a gamma draw around its nominal size.
  NumberKey cv = table.number("cv",
                              "coefficient of variation of every message and computation as executed: its nominal "
                              "size times a gamma draw of mean 1 (0: the costs the schedules were built on)",
                              0)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv).same_draws();
  // It sizes self-scheduling's chunks and draws nothing.
  NumberKey chunk = table.number("chunk",
                                 "self-scheduling: the size of a chunk, as a share of the load OPT-FIFO plans for "
                                 "T = 1 (the load it serves)",
                                 0.01)
                        .sweep().at_least(kSmallestChunk).at_most(1).same_draws();
  // No column (the `root` column says where the master was).
  TextKey root = table.text("root", "the master: a host name of the platform file, or an index into the run's hosts "
                                    "(the others are the workers, in order); the built-in stars' master is host 0",
                            "0")
                     .valid(kRootValues).same_draws();
};

const DivisibleKeys& keys() {
  static const DivisibleKeys k;
  return k;
}

enum Metric { kValue, kNormalized, kEnrolled, kRoot };

bool explicit_star(const Point& point) { return !point[keys().c].empty(); }

/// Number of workers of the point, checked; the explicit lists must agree with `workers`.
int worker_count(const Point& point) {
  const int workers = static_cast<int>(point[keys().workers]);
  if (explicit_star(point)) {
    const int listed = static_cast<int>(point[keys().c].size());
    if (workers != 0 && workers != listed)
      throw InputError("key 'workers' is " + std::to_string(workers) + " but key 'c' lists " + std::to_string(listed) +
                       " workers");
    if (point[keys().w].size() != point[keys().c].size())
      throw InputError("key 'w' must list one value per worker, like key 'c' (" + std::to_string(listed) + ")");
    if (!point[keys().d].empty() && point[keys().d].size() != point[keys().c].size())
      throw InputError("key 'd' must list one value per worker, like key 'c' (" + std::to_string(listed) + ")");
    return listed;
  }
  if (!point[keys().d].empty() || !point[keys().w].empty())
    throw InputError("keys 'd' and 'w' need key 'c' (an explicit star lists c and w, and d if not z*c)");
  // The default point runs: the three workers of the paper's Figures 2 and 3.
  constexpr int kDefaultWorkers = 3;
  return workers < 1 ? kDefaultWorkers : workers;
}

Star star_of_lists(const Point& point) {
  Star star{point[keys().c], point[keys().d], point[keys().w]};
  if (star.d.empty())
    for (double c : star.c) star.d.push_back(point[keys().z] * c);
  validate_star(star, "keys 'c', 'd', 'w'");
  return star;
}

/// With latency, a worker whose two start-up costs fill T can take no load (order_lp.hpp); a
/// star where every worker is so has no schedule at all.
void check_some_worker_fits(const Star& star, const Platform& platform, const std::vector<int>& hosts) {
  std::vector<int> all(static_cast<std::size_t>(star.workers()));
  std::iota(all.begin(), all.end(), 0);
  if (!workers_that_fit(star, all).empty()) return;
  int best = 0;
  for (int i = 1; i < star.workers(); ++i)
    if (star.send_latency_of(i) + star.return_latency_of(i) < star.send_latency_of(best) + star.return_latency_of(best))
      best = i;
  throw InputError("platform: no worker can take load within T = 1 s: the route latencies to and from every worker "
                   "add up to 1 s or more (least: " + platform.host_name(hosts[best + 1]) + ", " +
                   format_number(star.send_latency_of(best) + star.return_latency_of(best)) + " s)");
}

std::vector<int> zero_based(const std::vector<double>& order) {
  std::vector<int> out;
  for (double v : order) out.push_back(static_cast<int>(v) - 1);
  return out;
}

/// Replications of one point. A fixed star (lists or file) is solved once; a random star is
/// drawn, solved and set on the links at the first algorithm of every replication, from
/// RandomStream(point seed, replication), so every algorithm of a replication sees it. Every
/// algorithm is its row's policy, built once on the runner's star (DivisibleSetup).
class DivisibleRunner final : public PointRunner {
 public:
  DivisibleRunner(const Point& point, const std::vector<std::string>& names, const Platform& platform,
                  std::uint64_t seed)
      : point_(point), seed_(seed) {
    noise_.cv = point[keys().cv];
    noise_.max_amount = kMaxAmount;
    const int workers = worker_count(point);
    for (const std::string& name : names) algorithms_.push_back(&divisible_algorithms().at(name));
    SolveOptions options;
    options.port = point[keys().port] == "one-port" ? PortModel::one_port : PortModel::two_port;
    options.send_order = zero_based(point[keys().send_order]);
    options.return_order = zero_based(point[keys().return_order]);
    setup_ = DivisibleSetup{&star_, &rates_, &instance_, &reference_load_, std::move(options), point[keys().chunk]};
    const bool from_file = !platform.route_table.empty();  // only platform files come with routes
    if (from_file) {
      if (explicit_star(point)) throw InputError("keys 'c', 'd', 'w' and key 'platform' both describe the star; give one");
      if (platform.host_count() < workers + 1)
        throw InputError("platform: " + std::to_string(workers) + " workers need " + std::to_string(workers + 1) +
                         " hosts (key 'workers')");
      // The master is the root, the workers the run's other hosts in order.
      master_ = resolve_root(point[keys().root], workers + 1, &platform, false);
      std::vector<int> hosts = {master_};
      for (int h = 0; h <= workers; ++h)
        if (h != master_) hosts.push_back(h);
      star_ = star_from_routes(platform, workers, point[keys().message], point[keys().z], point[keys().wc_ratio],
                               rates_, hosts);
      validate_star(star_, "platform");
      check_some_worker_fits(star_, platform, hosts);
      if (master_ != 0) hosts_ = std::move(hosts);
    } else if (point[keys().message] != kDefaultDivisibleMessage) {
      throw InputError("key 'message' = " + format_number(point[keys().message]) +
                       " sizes a load unit of a platform file; the built-in star's costs are abstract: give "
                       "platform = FILE.xml or leave 'message' out");
    } else if (explicit_star(point)) {
      star_ = star_of_lists(point);
    }
    random_ = !from_file && !explicit_star(point);
    for (const HostSpec& h : platform.hosts) speeds_.push_back(h.speed);
    if (!from_file && !random_) rates_ = star_rates(star_, speeds_);
    // Limits are checked before any replication runs, so a bad scenario stops at once.
    for (const DivisibleAlgorithm* a : algorithms_) check_worker_limit(*a, workers);
    check_orders(setup_.options, workers);
    for (const DivisibleAlgorithm* a : algorithms_) policies_.push_back(a->make(setup_));
    // Plans and policies name the master 0 and worker i i + 1; another master renames them. The
    // noise, outside, sees the platform's hosts: renaming keeps every host apart, so the draws
    // are those of the star's names.
    if (!hosts_.empty())
      for (const std::unique_ptr<DivisiblePolicy>& policy : policies_)
        placed_.push_back(std::make_unique<HostMapPolicy>(*policy, hosts_));
    if (!random_) solve();
  }

  // Every message and every computation is drawn, each a message of its own (a master sends
  // several chunks to one worker).
  Noise noise() const override { return noise_; }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>& settings) override {
    // A random star is drawn once per replication and shared by all its algorithms, from stream
    // 0: the noise has streams of its own (kNoiseStreams), so every cv meets the same stars.
    if (random_) {
      star_ = draw_star(worker_count(point_), point_[keys().c_mean],
                        point_[keys().c_mean] * point_[keys().wc_ratio], point_[keys().spread], point_[keys().z],
                        RandomStream(seed_, replication));
      settings = star_link_settings(star_);
      rates_ = star_rates(star_, speeds_);
      solve();
    }
  }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    if (!placed_.empty()) return placed_[algorithm].get();
    return policies_[algorithm].get();
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    // Drawn sizes below half a byte or flop round to nothing: at a large cv every operation of a
    // replication may, and its throughput would be infinite. The run stops instead.
    if (!(makespan > 0))
      throw InputError("key 'cv' = " + format_number(noise_.cv) + ": every operation of " +
                       algorithms_[algorithm]->name() +
                       " in a replication drew a size that rounds to nothing, so its throughput is infinite; lower "
                       "'cv'");
    metrics[kRoot] = master_;
    metrics[kValue] = policies_[algorithm]->load() / makespan;
    metrics[kEnrolled] = policies_[algorithm]->enrolled();
  }

  void complete_replication(double* metrics, std::size_t width) override {
    for (std::size_t a = 0; a < algorithms_.size(); ++a)
      metrics[a * width + kNormalized] = metrics[a * width + kValue] / reference_load_;
  }

 private:
  /// Moves every policy to star_: the reference load, then each algorithm's load (a planner
  /// solves its schedule), before any run.
  void solve() {
    ++instance_;
    // Always OPT-FIFO's computed load, never its simulated value: a simulated ρ carries the last
    // bits of the engine's clock, and the metric must not depend on whether opt-fifo runs too.
    // Solving is deterministic, so opt-fifo's own schedule, if it runs, has the same bits.
    reference_load_ = naming("opt-fifo", [&] { return solve_opt_fifo(star_, setup_.options).load(); });
    for (std::size_t a = 0; a < policies_.size(); ++a)
      naming(algorithms_[a]->name(), [&] { return policies_[a]->load(); });
  }

  Point point_;
  std::uint64_t seed_;
  Noise noise_;
  int master_ = 0;                                    // key `root`, resolved
  std::vector<int> hosts_;  // with another master than host 0: the platform host of each star host
  std::vector<const DivisibleAlgorithm*> algorithms_;
  bool random_ = false;
  std::vector<double> speeds_;
  // The instance every policy reads through setup_; instance_ moves whenever star_ changes.
  Star star_;
  StarRates rates_;
  std::uint64_t instance_ = 0;
  double reference_load_ = 0;  // OPT-FIFO's load (closed form, or the affine LP with latency)
  DivisibleSetup setup_;
  std::vector<std::unique_ptr<DivisiblePolicy>> policies_;  // one per algorithm, in order
  std::vector<std::unique_ptr<HostMapPolicy>> placed_;      // with another master: each policy, renamed
};

/// A point as the family reads it: validated, with its count of hosts.
struct DivisibleSettings final : PointSettings {
  explicit DivisibleSettings(const Point& p) : point(p) {}
  Point point;
  Platform platform() const override {
    if (explicit_star(point)) return star_platform(star_of_lists(point));
    Star unit;
    const int workers = worker_count(point);
    unit.c.assign(workers, 1.0);
    unit.d.assign(workers, 1.0);
    unit.w.assign(workers, 1.0);
    return star_platform(unit);
  }
};

class DivisibleFamily final : public Family {
 public:
  const FamilyInfo& info() const override {
    static const FamilyInfo info{
        "divisible",
        "divisible load with return messages on a heterogeneous star (Beaumont, Marchal, Robert, 2005)",
        "throughput rho = load processed / simulated makespan, with the schedule built for T = 1 (load units/s)",
        // The defaults name no star (workers = 0, no lists); 4 workers let `optimal` run too.
        {"--workers", "4"},
        {
            {"normalized", "throughput / OPT-FIFO's throughput in the same replication",
             {"mean", "stderr", "min", "q10", "q50", "q90", "max"}},
            {"enrolled", "workers with a positive load", {"mean", "min", "max"}},
            {"root", "the master (key 'root'): an index into the run's hosts", {"same"}},
        },
        {}};
    return info;
  }
  const KeyTable& key_table() const override { return keys().table; }
  const std::vector<AlgorithmInfo>& algorithms() const override { return divisible_algorithms().infos(); }

  std::unique_ptr<const PointSettings> settings(const Point& point, const PointContext& context) const override {
    auto s = std::make_unique<DivisibleSettings>(point);
    check_point(point);
    s->hosts = worker_count(point) + 1;
    check_written_keys(context.written, point, context.platform_file, s->hosts);
    // c_i and d_i of a platform file are the bandwidths of its master-worker routes.
    s->needs_routes = true;
    for (const DivisibleAlgorithm& a : divisible_algorithms()) {
      std::string limit = worker_limit(a, worker_count(point));
      if (!limit.empty()) s->limits[a.name()] = std::move(limit);
    }
    return s;
  }

  std::unique_ptr<PointRunner> prepare(const PointSettings& settings, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed, Probe& /*probe*/) const override {
    return std::make_unique<DivisibleRunner>(static_cast<const DivisibleSettings&>(settings).point, algorithms,
                                             platform, seed);
  }

 private:
  static void check_point(const Point& point) {
    if (explicit_star(point)) {
      star_of_lists(point);  // d = z*c must stay in range too
      return;
    }
    // Every cost a random star can draw, c in c-mean·[1-s, 1+s], w in c-mean·wc-ratio·[1-s, 1+s]
    // and d = z·c, must lie where an explicit one may.
    const double c = point[keys().c_mean], ratio = point[keys().wc_ratio], s = point[keys().spread],
                 z = point[keys().z];
    const double w = c * ratio;
    const std::string given = "keys 'c-mean' = " + format_number(c) + ", 'wc-ratio' = " + format_number(ratio) +
                              ", 'spread' = " + format_number(s) + " and 'z' = " + format_number(z);
    auto within = [&](double low, double high, const char* what) {
      if (low < kSmallestCost || high > kLargestCost)
        throw InputError(given + " draw " + what + " in [" + format_number(low) + ", " + format_number(high) +
                         "], outside the range of costs [" + format_number(kSmallestCost) + ", " +
                         format_number(kLargestCost) + "]");
    };
    within(c * (1 - s), c * (1 + s), "c");
    within(w * (1 - s), w * (1 + s), "w");
    if (z * c * (1 + s) > kLargestCost)
      throw InputError(given + " draw d = z·c up to " + format_number(z * c * (1 + s)) +
                       ", above the largest cost " + format_number(kLargestCost));
  }
  // Each key sizes one kind of star: written for another, even at its default, it would be
  // silently ignored.
  static void check_written_keys(const std::set<std::string>& written, const Point& point, bool platform_file,
                                 int hosts) {
    // The built-in stars are built around their master, host 0; a file's hosts may take turns.
    if (!platform_file && point[keys().root] != "0")
      throw InputError("key 'root' chooses the master among a platform file's hosts; the built-in star's master is "
                       "host 0 (give platform = FILE.xml, or leave 'root' out)");
    check_root_text(point[keys().root], hosts, platform_file, false);
    if (written.count("message") && !platform_file)
      throw InputError("key 'message' sizes a load unit of a platform file; the built-in star's costs are abstract: "
                       "give platform = FILE.xml or leave 'message' out");
    if (!platform_file && !explicit_star(point)) return;
    const bool lists = explicit_star(point);
    const std::string star = lists ? "an explicit star (c, d, w)" : "the platform file's star (its routes and host speeds)";
    for (const char* key : {"c-mean", "spread", "wc-ratio"})
      if (written.count(key) && (lists || std::string(key) != "wc-ratio"))
        throw InputError(std::string("key '") + key + "' sizes a random star; it does not apply to " + star +
                         "; remove it");
  }
};

}  // namespace

const Family& divisible_family() {
  static const DivisibleFamily family;
  return family;
}

}  // namespace hetcoll
