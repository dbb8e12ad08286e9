// Replications of platform points: Steffenel's framework end to end (INRIA RR 2006, §3–4 and §7,
// Figures 9 and 10). Through the run's Probe (engine_factory.hpp: the platform's description, the
// numbers SimGrid also uses) the simulator (1) pings every pair of hosts and partitions them with Lowekamp's algorithm, (2) measures pLogP
// inside each logical cluster (coordinator to its next host) and between coordinators, (3) picks
// each cluster's best Table 1 strategy and its segment size, (4) schedules the clusters with each
// heuristic and predicts the completion time max_c RT_c + T_c. Each schedule becomes one plan,
// executed on either engine: the inter-cluster sends between coordinators, then every cluster's
// strategy as real messages (SurveyedGrid; a grid-unaware tree spans all hosts instead, in rank
// order from the root). Nothing is random: every replication repeats the same plan.
#include <algorithm>
#include <optional>
#include <queue>
#include <stdexcept>

#include "algorithms/broadcast/support/broadcast_plan.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "algorithms/broadcast/support/intra_models.hpp"
#include "algorithms/broadcast/support/lowekamp.hpp"
#include "algorithms/broadcast/support/plogp_measure.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/noisy_policy.hpp"

namespace hetcoll {
namespace {

constexpr int kMaxSegments = 65536;

/// What the framework learned about the platform.
struct Survey {
  Clusters clusters;
  std::vector<int> cluster_of;
  std::vector<int> coordinator;
  std::vector<PLogP> intra;                  // per cluster (empty for a single host)
  std::vector<std::vector<PLogP>> inter;     // [a][b], coordinators a -> b
  std::vector<IntraChoice> choice;           // per cluster
  GridCosts costs;
};

Survey survey(const BroadcastSettings& s, Probe& probe) {
  Survey v;
  const int n = s.hosts;
  v.clusters = lowekamp_clusters(ping_latencies(probe, n), s.rho);
  const int C = static_cast<int>(v.clusters.size());
  if (s.clusters > 0 && s.clusters != C)
    throw InputError("key 'clusters': Lowekamp finds " + std::to_string(C) + " clusters at rho " +
                     format_number(s.rho) + ", not " + std::to_string(s.clusters));
  v.cluster_of = cluster_index(v.clusters, n);
  for (const std::vector<int>& c : v.clusters) v.coordinator.push_back(c.front());
  const int root_cluster = v.cluster_of[s.root];
  v.coordinator[root_cluster] = s.root;

  std::vector<std::pair<int, int>> pairs;
  std::vector<int> intra_pair(C, -1);
  for (int c = 0; c < C; ++c)
    for (int h : v.clusters[c])
      if (h != v.coordinator[c]) {
        intra_pair[c] = static_cast<int>(pairs.size());
        pairs.emplace_back(v.coordinator[c], h);
        break;
      }
  const std::size_t first_inter = pairs.size();
  for (int a = 0; a < C; ++a)
    for (int b = a + 1; b < C; ++b) pairs.emplace_back(v.coordinator[a], v.coordinator[b]);
  const std::vector<PLogP> measured = measure_plogp(probe, pairs, s.message, s.overhead);

  v.intra.resize(C);
  v.inter.assign(C, std::vector<PLogP>(C));
  std::size_t k = first_inter;
  for (int a = 0; a < C; ++a)
    for (int b = a + 1; b < C; ++b) v.inter[a][b] = v.inter[b][a] = measured[k++];
  std::vector<IntraStrategy> candidates = executable_intra_strategies();
  if (s.intra != "best") candidates = {find_intra_strategy(s.intra)->id};
  v.costs.clusters = C;
  v.costs.root = root_cluster;
  v.costs.gap.assign(static_cast<std::size_t>(C) * C, 0.0);
  v.costs.latency.assign(static_cast<std::size_t>(C) * C, 0.0);
  for (int c = 0; c < C; ++c) {
    if (intra_pair[c] >= 0) v.intra[c] = measured[intra_pair[c]];
    const int P = static_cast<int>(v.clusters[c].size());
    v.choice.push_back(P > 1 ? best_intra(candidates, P, s.message, v.intra[c])
                             : IntraChoice{candidates[0], s.message, 1, 0});
    // Table 1 rewards ever smaller segments when g(0) is tiny; the plan holds every one of them.
    if (v.choice[c].segments > kMaxSegments)
      throw InputError("key 'overhead': with g(0) = " + format_number(s.overhead) + " s the best strategy of cluster " +
                       std::to_string(c) + " cuts the message into " + format_number(v.choice[c].segments) +
                       " segments (at most " + std::to_string(kMaxSegments) + " are executed); raise it or set 'intra'");
    v.costs.intra.push_back(v.choice[c].time);
    for (int b = 0; b < C; ++b)
      if (b != c) {
        v.costs.gap[static_cast<std::size_t>(c) * C + b] = v.inter[c][b].gap(s.message);
        v.costs.latency[static_cast<std::size_t>(c) * C + b] = v.inter[c][b].latency;
      }
  }
  return v;
}

/// Adds cluster c's own broadcast, from its coordinator once it holds the data after `data`.
void add_intra(BroadcastPlanBuilder& builder, const Survey& v, int c, const BroadcastSettings& s, int data) {
  std::vector<int> hosts = {v.coordinator[c]};
  for (int h : v.clusters[c])
    if (h != v.coordinator[c]) hosts.push_back(h);
  const int P = static_cast<int>(hosts.size());
  if (P < 2) return;
  const PLogP& link = v.intra[c];
  const LinkModel same = [&link](int, int) -> const PLogP& { return link; };
  auto tree = [&](const TreeChildren& shape) {
    add_tree_broadcast(builder, hosts, shape, s.message, same, s.overhead, data);
  };
  switch (v.choice[c].strategy) {
    case IntraStrategy::flat: return tree(flat_tree(P));
    case IntraStrategy::chain: return tree(chain_tree(P));
    case IntraStrategy::binary: return tree(binary_tree(P));
    case IntraStrategy::binomial: return tree(binomial_tree(P));
    case IntraStrategy::segmented_chain:
      return add_segmented_chain(builder, hosts, s.message, static_cast<int>(v.choice[c].segments), link, s.overhead,
                                 data);
    default:
      throw std::logic_error("broadcast: a model-only strategy was chosen for execution");
  }
}

/// The hosts of a platform point, surveyed: schedules run between the clusters' coordinators,
/// then each cluster's best strategy as real messages; a tree over every host uses the pLogP
/// measured for each pair of clusters.
class SurveyedGrid final : public BroadcastGrid {
 public:
  SurveyedGrid(const BroadcastSettings& s, Survey v, std::vector<double> speeds)
      : s_(s), v_(std::move(v)), speeds_(std::move(speeds)) {}

  const GridCosts& costs() const { return v_.costs; }

  BroadcastPlan plan(const InterSchedule& schedule) const override {
    BroadcastPlanBuilder builder(speeds_);
    std::vector<int> has(v_.costs.clusters, -1);
    for (const InterSend& x : schedule.sends) {
      const PLogP& link = v_.inter[x.from][x.to];
      has[x.to] = builder.send(v_.coordinator[x.from], v_.coordinator[x.to], s_.message, 0, s_.overhead,
                               link.gap(s_.message) - s_.overhead, s_.options.busy_until_arrival, has[x.from]);
    }
    for (int c = 0; c < v_.costs.clusters; ++c) add_intra(builder, v_, c, s_, has[c]);
    return made(builder, schedule.makespan, schedule);
  }
  bool spans_hosts() const override { return true; }
  BroadcastPlan host_tree(TreeChildren (*shape)(int hosts)) const override {
    std::vector<int> hosts;
    for (int i = 0; i < s_.hosts; ++i) hosts.push_back((s_.root + i) % s_.hosts);
    const LinkModel link = [this](int a, int b) -> const PLogP& {
      const int ca = v_.cluster_of[a], cb = v_.cluster_of[b];
      return ca == cb ? v_.intra[ca] : v_.inter[ca][cb];
    };
    const TreeChildren tree = shape(s_.hosts);
    BroadcastPlanBuilder builder(speeds_);
    add_tree_broadcast(builder, hosts, tree, s_.message, link, s_.overhead, -1);
    return made(builder, predict_tree_broadcast(hosts, tree, s_.message, link), std::nullopt);
  }
  MpiBroadcast ranks(double message) const override { return MpiBroadcast{s_.hosts, s_.root, message}; }
  BroadcastPlan rank_plan(Plan program) const override {
    BroadcastPlan p;
    p.predicted = predict_program(program);
    p.first_intra = static_cast<int>(program.size());
    p.plan = std::move(program);
    return p;
  }

 private:
  // The clusters' broadcasts are real messages here: no operation is a delay T.
  static BroadcastPlan made(BroadcastPlanBuilder& builder, double predicted, std::optional<InterSchedule> schedule) {
    BroadcastPlan p;
    p.first_intra = static_cast<int>(builder.plan().size());
    p.plan = std::move(builder.plan());
    p.predicted = predicted;
    p.schedule = std::move(schedule);
    return p;
  }

  /// pLogP's time of a program: a message of s bytes from a host of cluster a to one of
  /// cluster b keeps its sender, and its receiver, busy for g_ab(s) − o (the platform has no
  /// per-message overhead: o is the model's) and arrives L_ab after that. Messages are taken
  /// in the order they become ready (every operation they depend on has ended), each starting
  /// once its two hosts are free: one message at a time per host and direction, as pLogP's gap.
  double predict_program(const Plan& plan) const {
    const std::size_t n = plan.size();
    std::vector<double> ready(n, 0);
    std::vector<int> waiting(n);
    using Ready = std::pair<double, int>;
    std::priority_queue<Ready, std::vector<Ready>, std::greater<Ready>> queue;
    for (std::size_t i = 0; i < n; ++i) {
      waiting[i] = plan.dependency_count(static_cast<int>(i));
      if (waiting[i] == 0) queue.emplace(0.0, static_cast<int>(i));
    }
    std::vector<double> sending(s_.hosts, 0), receiving(s_.hosts, 0);
    double end = 0;
    while (!queue.empty()) {
      const auto [at, i] = queue.top();
      queue.pop();
      const PlanOp& op = plan.op(i);
      if (op.kind != ActivityKind::comm) throw std::logic_error("broadcast: an MPI program computes");
      const int ca = v_.cluster_of[op.host], cb = v_.cluster_of[op.peer];
      const PLogP& link = ca == cb ? v_.intra[ca] : v_.inter[ca][cb];
      const double start = std::max({at, sending[op.host], receiving[op.peer]});
      const double busy = link.gap(op.cost) - s_.overhead;
      sending[op.host] = receiving[op.peer] = start + busy;
      const double done = start + busy + link.latency;
      end = std::max(end, done);
      for (int next : plan.dependents(i)) {
        ready[next] = std::max(ready[next], done);
        if (--waiting[next] == 0) queue.emplace(ready[next], next);
      }
    }
    return end;
  }

  BroadcastSettings s_;
  Survey v_;
  std::vector<double> speeds_;
};

std::vector<double> host_speeds(const Platform& platform, int hosts) {
  std::vector<double> speeds;
  for (int h = 0; h < hosts; ++h) speeds.push_back(platform.hosts[h].speed);
  return speeds;
}

class PlatformGridRunner final : public PointRunner {
 public:
  PlatformGridRunner(const BroadcastSettings& s, const std::vector<std::string>& algorithms, const Platform& platform,
                     Probe& probe)
      : root_(s.root), names_(algorithms), grid_(s, survey(s, probe), host_speeds(platform, s.hosts)) {
    // Messages are drawn, a segmented chain's segments sharing their hop's draw (a host sends
    // one message to each peer); the senders' overheads and gaps (computations) are the pLogP
    // model of a send, fixed.
    noise_ = Noise{s.cv, true, false};
    noise_.segments_of_a_pair = true;
    const BroadcastSetup setup{&grid_.costs(), &instance_, s.options, &grid_,
                               MpiOptions{s.message, s.segment, s.radix}};
    for (const std::string& name : algorithms) policies_.push_back(broadcast_algorithms().at(name).make(setup));
  }

  Noise noise() const override { return noise_; }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    return policies_[algorithm].get();
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    BroadcastPolicy& policy = *policies_[algorithm];
    const std::string chosen = policy.chosen();
    record_broadcast(makespan, policy.predicted(), grid_.costs().clusters, chosen.empty() ? names_[algorithm] : chosen,
                     policy.chosen_segment(), root_, metrics);
  }

 private:
  int root_;  // the source host
  std::vector<std::string> names_;  // the algorithms run, in the runner's order
  SurveyedGrid grid_;
  const std::uint64_t instance_ = 0;  // the survey never changes: every algorithm plans once
  std::vector<std::unique_ptr<BroadcastPolicy>> policies_;
  Noise noise_;
};

}  // namespace

std::unique_ptr<PointRunner> make_platform_grid_runner(const BroadcastSettings& settings,
                                                       const std::vector<std::string>& algorithms,
                                                       const Platform& platform, Probe& probe) {
  // The survey pings every pair of hosts: it needs routes, which a platform file brings through
  // its route table (BroadcastFamily::needs_routes) and a generated platform through its links.
  if (platform.route_table.empty() && (platform.hosts.empty() || platform.hosts[0].up < 0))
    throw std::logic_error("broadcast: a platform without routes reached the survey");
  return std::make_unique<PlatformGridRunner>(settings, algorithms, platform, probe);
}

int lowekamp_cluster_count(const BroadcastSettings& settings, Probe& probe) {
  return static_cast<int>(lowekamp_clusters(ping_latencies(probe, settings.hosts), settings.rho).size());
}

}  // namespace hetcoll
