#include "algorithms/reduce/support/reduce_runner.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/reduction_costs.hpp"
#include "algorithms/reduce/support/result_host.hpp"

namespace hetcoll {
namespace {

/// Replications of one point.
///
/// Costs: one stream of gamma draws, repositioned alike for every algorithm of a replication,
/// so the k-th communication (and the k-th ⊕) of every algorithm takes the same draw; a message
/// of draw d from host p lasts d·t(p). Cluster: a fixed one (platform, times, file) gets its
/// reference makespan once, and its planners plan once; a drawn one gets new times, new uplinks
/// and a new reference every replication, and its planners plan again, which is allowed since
/// planning costs O(n log n) (the optimum: milliseconds at n ≤ 12). Planners see the times,
/// never the draws: they plan on mean costs. Every algorithm is built through its row and run
/// alike; where its result ends is seen as it runs.
class ReducePointRunner final : public PointRunner {
 public:
  ReducePointRunner(ReduceRunnerInputs inputs, const std::vector<const ReduceAlgorithm*>& algorithms,
                    const Platform& platform)
      : inputs_(std::move(inputs)), algorithms_(algorithms), instance_(std::make_shared<ReduceInstance>()) {
    const ClusterLaw& law = inputs_.law;
    costs_ = std::make_unique<ReductionCosts>(inputs_.costs, inputs_.seed, algorithms.size() > 1);
    // A drawn cluster sets its hosts' uplinks every replication: their indices are all it keeps
    // of the platform (a copy of a 2^20-host one would double the work unit's memory).
    if (is_drawn(law.kind)) uplinks_ = uplinks(platform, law.processors);
    instance_->order = std::move(inputs_.order);
    if (!is_drawn(law.kind)) {
      instance_->times = std::move(inputs_.times);
      find_reference();
    }

    ReduceSetup setup;
    setup.processors = law.processors;
    setup.scale = inputs_.scale;
    setup.costs = costs_.get();
    setup.root = inputs_.root;
    setup.instance = instance_;
    setup.replication = &replication_;
    setup.seed = inputs_.seed;
    setup.segment = inputs_.segment;
    const std::vector<std::string>& words = reduce_choice_words();
    for (const ReduceAlgorithm* a : algorithms_) {
      policies_.push_back(a->make(setup));
      watchers_.push_back(std::make_unique<ResultHostPolicy>(*policies_.back()));
      // What it runs depends on the point alone (processes, bytes, segment), not on the draws.
      const ReduceChoice choice = a->choice(setup);
      chosen_.push_back(static_cast<double>(std::find(words.begin(), words.end(), choice.algorithm) - words.begin()));
      chosen_segment_.push_back(choice.segment);
    }
    // A fixed cluster is the planners' alone from here on: without one (trees alone), its times
    // go (8 MB at 2^20 hosts, for the whole run).
    if (!is_drawn(law.kind)) instance_.reset();
  }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>& settings) override {
    replication_ = replication;
    // Replication r's cluster, shared by all its algorithms.
    if (is_drawn(inputs_.law.kind)) {
      RandomStream stream(inputs_.seed, replication, kClusterStream);
      instance_->times = draw_times(inputs_.law, stream);
      set_uplinks(uplinks_, instance_->times, inputs_.message, settings);
      find_reference();
      ++instance_->revision;
    }
  }

  Policy* policy(std::size_t algorithm, std::uint64_t replication, std::vector<LinkSetting>&) override {
    costs_->reposition(replication);
    return watchers_[algorithm].get();
  }

  void complete_replication(double* metrics, std::size_t width) override {
    // A one-host reduction takes 0, as does its optimum: it is optimal.
    const double reference = inputs_.file_bound >= 0 ? inputs_.file_bound : bound_ * inputs_.reference_mean;
    for (std::size_t a = 0; a < algorithms_.size(); ++a) {
      const int host = inputs_.law.processors == 1 ? 0 : watchers_[a]->host();
      if (host < 0 || (inputs_.root != kAnyRoot && host != inputs_.root))
        throw std::logic_error("reduce: " + algorithms_[a]->name() + "'s result ended at host " +
                               std::to_string(host) + ", not at its root " + std::to_string(inputs_.root));
      metrics[a * width + 1] = reference > 0 ? metrics[a * width] / reference : 1.0;
      metrics[a * width + 2] = inputs_.sender_spread;
      metrics[a * width + 3] = host;
      metrics[a * width + 4] = chosen_[a];
      metrics[a * width + 5] = chosen_segment_[a];
    }
  }

 private:
  // The optimum for the run's root (n <= 12), or a lower bound over every root, which bounds it
  // too; computed once per instance, and the optimal planner reuses the search.
  void find_reference() {
    const std::vector<double>& times = instance_->times;
    instance_->optimum = static_cast<int>(times.size()) <= kOptimalMaxProcessors
                             ? optimal_schedule(times, inputs_.root)
                             : OptimalSchedule{makespan_lower_bound(times), {}};
    bound_ = instance_->optimum.makespan;
  }

  ReduceRunnerInputs inputs_;
  std::vector<const ReduceAlgorithm*> algorithms_;
  std::vector<int> uplinks_;  // drawn clusters: the UP link of each host
  // The cluster the planners see; the runner keeps it only while it redraws it (drawn clusters).
  std::shared_ptr<ReduceInstance> instance_;
  std::uint64_t replication_ = 0;  // the replication running now
  double bound_ = 0;               // the reference makespan at mean costs: instance_'s optimum
  std::unique_ptr<ReductionCosts> costs_;
  std::vector<std::unique_ptr<Policy>> policies_;
  std::vector<std::unique_ptr<ResultHostPolicy>> watchers_;  // each policy, seen for its result host
  std::vector<double> chosen_, chosen_segment_;               // per algorithm: its choice's word and segment
};

}  // namespace

std::unique_ptr<PointRunner> make_reduce_runner(ReduceRunnerInputs inputs,
                                                const std::vector<const ReduceAlgorithm*>& algorithms,
                                                const Platform& platform) {
  return std::make_unique<ReducePointRunner>(std::move(inputs), algorithms, platform);
}

}  // namespace hetcoll
