// Replications of random-cost points: Steffenel, INRIA RR (2006), §6 and Table 3.
// Each replication draws one instance (L, g per pair of clusters, T per cluster) that
// every heuristic of the replication schedules (common random numbers); the schedule then runs as
// a plan on the C coordinators of the abstract platform: a message of duration g + L, a delay g
// that keeps its sender busy (g + L with sender-busy = g+L), and a delay T for each cluster's
// internal broadcast once its coordinator is done sending. On the model engine the completion
// time equals the heuristic's own prediction up to the 1 ps grid of the delays. With cv > 0 the
// plan runs on drawn costs: every message (g + L) and every cluster's internal broadcast T is its
// nominal duration times a gamma draw; the senders' gaps are the heuristic's model of a send,
// fixed.
#include "algorithms/broadcast/support/broadcast_plan.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/dynamic_ecef.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "engine/noisy_policy.hpp"

namespace hetcoll {
namespace {

class RandomGridRunner final : public PointRunner {
 public:
  RandomGridRunner(const BroadcastSettings& settings, const std::vector<std::string>& algorithms, std::uint64_t seed)
      : settings_(settings), seed_(seed), predicted_(algorithms.size(), 0.0) {
    for (const std::string& name : algorithms) heuristics_.push_back(&broadcast_algorithms().at(name));
    // The delays T are the plan's last operations: every message, and those, are drawn.
    noise_.cv = settings.cv;
    // A coordinator sends one message to each cluster it serves: the unit of a draw, as in
    // every family.
    noise_.segments_of_a_pair = true;
    noise_.covers = [this](const Activity& a) {
      if (a.kind == ActivityKind::comm) return true;
      return running_dynamic_ ? DynamicEcef::internal_broadcast(a) : static_cast<int>(a.tag) >= first_intra_;
    };
  }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>&) override {
    // The replication's grid, shared by all its heuristics, from stream 0: the noise has streams
    // of its own (kNoiseStreams), so every cv meets the same grids.
    if (settings_.given) {
      instance_ = *settings_.given;
    } else {
      RandomStream stream(seed_, replication);
      instance_ = draw_grid(settings_.clusters, settings_.root, settings_.ranges, stream);
    }
  }

  Noise noise() const override { return noise_; }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    const InterSchedule schedule = heuristics_[algorithm]->make(instance_, settings_.options);
    predicted_[algorithm] = schedule.makespan;
    running_dynamic_ = heuristics_[algorithm]->dynamic;
    if (running_dynamic_) {
      dynamic_.reset(instance_, settings_.options, kAbstractRate);
      return &dynamic_;
    }
    const int C = settings_.clusters;
    BroadcastPlanBuilder builder(std::vector<double>(C, kAbstractRate));
    std::vector<int> has(C, -1);
    for (const InterSend& s : schedule.sends) {
      const double g = instance_.g(s.from, s.to), L = instance_.L(s.from, s.to);
      has[s.to] = builder.send(s.from, s.to, (g + L) * kAbstractRate, kAbstractRate, 0, g,
                               settings_.options.busy_until_arrival, has[s.from]);
    }
    first_intra_ = static_cast<int>(builder.plan().size());
    for (int c = 0; c < C; ++c) builder.delay(c, instance_.T(c), has[c]);
    plan_ = std::move(builder.plan());
    run_ = std::make_unique<PlanPolicy>(plan_, CostScale{1, 1}, nullptr);
    return run_.get();
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    record_broadcast(makespan, predicted_[algorithm], settings_.clusters, settings_.root, metrics);
  }

 private:
  BroadcastSettings settings_;
  std::uint64_t seed_;
  std::vector<const BroadcastAlgorithm*> heuristics_;
  GridCosts instance_;
  std::vector<double> predicted_;
  Plan plan_;
  std::unique_ptr<PlanPolicy> run_;
  DynamicEcef dynamic_;
  bool running_dynamic_ = false;  // the policy of the algorithm running is dynamic_
  Noise noise_;
  int first_intra_ = 0;  // index of the plan's first delay T
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
