// Replications of random-cost points: Steffenel, INRIA RR (2006), §6 and Table 3.
// Each replication draws one instance (L, g per pair of clusters, T per cluster) that
// every algorithm of the replication schedules (common random numbers). A schedule runs as a plan
// on the C coordinators of the abstract platform (AbstractGrid): a message of duration g + L, a
// delay g that keeps its sender busy (g + L with sender-busy = g+L), and a delay T for each
// cluster's internal broadcast once its coordinator is done sending; a dynamic algorithm starts
// the same activities as it decides. On the model engine the completion
// time equals the heuristic's own prediction up to the 1 ps grid of the delays. With cv > 0 the
// plan runs on drawn costs: every message (g + L) and every cluster's internal broadcast T is its
// nominal duration times a gamma draw; the senders' gaps are the heuristic's model of a send,
// fixed.
#include <stdexcept>

#include "algorithms/broadcast/support/broadcast_plan.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "engine/noisy_policy.hpp"

namespace hetcoll {
namespace {

/// The C coordinators of the abstract platform, running a schedule over `costs`.
class AbstractGrid final : public BroadcastGrid {
 public:
  AbstractGrid(const GridCosts& costs, bool busy_until_arrival)
      : costs_(costs), busy_until_arrival_(busy_until_arrival) {}

  BroadcastPlan plan(const InterSchedule& schedule) const override {
    const int C = costs_.clusters;
    BroadcastPlanBuilder builder(std::vector<double>(C, kAbstractRate));
    std::vector<int> has(C, -1);
    for (const InterSend& s : schedule.sends) {
      const double g = costs_.g(s.from, s.to), L = costs_.L(s.from, s.to);
      has[s.to] = builder.send(s.from, s.to, (g + L) * kAbstractRate, kAbstractRate, 0, g, busy_until_arrival_,
                               has[s.from]);
    }
    BroadcastPlan made;
    made.first_intra = static_cast<int>(builder.plan().size());
    for (int c = 0; c < C; ++c) builder.delay(c, costs_.T(c), has[c]);
    made.plan = std::move(builder.plan());
    made.predicted = schedule.makespan;
    made.schedule = schedule;
    return made;
  }
  bool spans_hosts() const override { return false; }
  BroadcastPlan host_tree(TreeChildren (*)(int)) const override {
    throw std::logic_error("broadcast: the abstract grid has no hosts beside its coordinators");
  }

 private:
  const GridCosts& costs_;  // the runner's instance, whichever replication it is
  bool busy_until_arrival_;
};

class RandomGridRunner final : public PointRunner {
 public:
  RandomGridRunner(const BroadcastSettings& settings, const std::vector<std::string>& algorithms, std::uint64_t seed)
      : settings_(settings), seed_(seed), names_(algorithms), grid_(instance_, settings.options.busy_until_arrival) {
    if (settings_.given) instance_ = *settings_.given;
    const BroadcastSetup setup{&instance_, &drawn_, settings_.options, &grid_};
    for (const std::string& name : algorithms) policies_.push_back(broadcast_algorithms().at(name).make(setup));
    // Every message, and every cluster's internal broadcast T, are drawn (the running policy
    // tells its T apart from the senders' gaps).
    noise_.cv = settings.cv;
    // A coordinator sends one message to each cluster it serves: the unit of a draw, as in
    // every family.
    noise_.segments_of_a_pair = true;
    noise_.covers = [this](const Activity& a) {
      return a.kind == ActivityKind::comm || running_->internal_broadcast(a);
    };
  }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>&) override {
    // The replication's grid, shared by all its algorithms, from stream 0: the noise has streams
    // of its own (kNoiseStreams), so every cv meets the same grids. The given grid stays.
    if (settings_.given) return;
    RandomStream stream(seed_, replication);
    instance_ = draw_grid(settings_.clusters, settings_.root, settings_.ranges, stream);
    ++drawn_;
  }

  Noise noise() const override { return noise_; }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    running_ = policies_[algorithm].get();
    return running_;
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    // No selector runs on abstract costs: every row runs itself, none an MPI library's.
    record_broadcast(makespan, policies_[algorithm]->predicted(), settings_.clusters, names_[algorithm], -1,
                     settings_.root, metrics);
  }

 private:
  BroadcastSettings settings_;
  std::uint64_t seed_;
  std::vector<std::string> names_;  // the algorithms run, in the runner's order
  GridCosts instance_;
  std::uint64_t drawn_ = 0;  // grids drawn: the instance counter of the algorithms' setup
  AbstractGrid grid_;
  std::vector<std::unique_ptr<BroadcastPolicy>> policies_;
  BroadcastPolicy* running_ = nullptr;  // the policy of the algorithm running
  Noise noise_;
};

}  // namespace

Platform abstract_grid_platform(int clusters) {
  // Up to C − 1 messages share a coordinator's uplink, each capped at kAbstractRate.
  return ideal_cluster(clusters, kAbstractRate, kAbstractRate * std::max(1, clusters));
}

std::unique_ptr<PointRunner> make_random_grid_runner(const BroadcastSettings& settings,
                                                     const std::vector<std::string>& algorithms,
                                                     const Platform& platform, std::uint64_t seed) {
  const double capacity = kAbstractRate * std::max(1, settings.clusters);
  const bool generated = platform.route_table.empty() && !platform.hosts.empty() && platform.hosts[0].up >= 0 &&
                         platform.links[platform.hosts[0].up].bandwidth == capacity;
  if (!generated)
    throw InputError("key 'platform': costs = " + std::string(settings.given ? "given" : "random") +
                     " runs on the family's own abstract platform; remove the key");
  return std::make_unique<RandomGridRunner>(settings, algorithms, seed);
}

}  // namespace hetcoll
